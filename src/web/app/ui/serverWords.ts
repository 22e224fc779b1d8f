// Findings the server writes for a person (a draft's check, the copy check) arrive with a stable
// code and its figures beside their English words: each known code is said here from the `checks`
// catalogue in the person's language; an unknown code (a newer server) shows the server's words.
// Pure (no DOM), so the tests read the same table as the screens.
import { language, locale, t, type MessageKey, type MessageValues } from "../i18n/i18n.ts";

/** Each code's sentence, as a catalogue key. */
export const CHECK_WORDS: Record<string, MessageKey> = {
  nameMissing: "checks.nameMissing",
  nameTooLong: "checks.nameTooLong",
  descriptionTooLong: "checks.descriptionTooLong",
  imageNotWeb: "checks.imageNotWeb",
  noIngredients: "checks.noIngredients",
  tooManyIngredients: "checks.tooManyIngredients",
  noSteps: "checks.noSteps",
  tooManySteps: "checks.tooManySteps",
  timeOverWeek: "checks.timeOverWeek",
  timeUnusual: "checks.timeUnusual",
  prepUnknown: "checks.prepUnknown",
  cookUnknown: "checks.cookUnknown",
  servingsTooMany: "checks.servingsTooMany",
  servingsUnusual: "checks.servingsUnusual",
  servingsUnknown: "checks.servingsUnknown",
  ingredientEmpty: "checks.ingredientEmpty",
  quantityTooBig: "checks.quantityTooBig",
  rangeBackwards: "checks.rangeBackwards",
  amountsUnread: "checks.amountsUnread",
  stepTooLong: "checks.stepTooLong",
  stepEmpty: "checks.stepEmpty",
  stepRepeats: "checks.stepRepeats",
  noOvenTemperature: "checks.noOvenTemperature",
  invalidValue: "checks.invalidValue",
  // The copy check
  descriptionCopied: "checks.descriptionCopied",
  stepsCopied: "checks.stepsCopied",
  passageCopied: "checks.passageCopied",
  passageNear: "checks.passageNear",
  stepsClose: "checks.stepsClose",
  notCompared: "checks.notCompared",
};

/** A finding as the server sends it. */
export interface ServerFinding {
  message: string;
  code?: string | null | undefined;
  params?: Record<string, string | number> | null | undefined;
  /** The 0-based steps a copy finding names. */
  steps?: number[] | null | undefined;
}

/** "2", "2-4", "1, 3 and 5-6" in the person's language, from 0-based step indexes. */
export function stepNumbers(indexes: readonly number[]): string {
  const sorted = [...indexes].sort((a, b) => a - b);
  const runs: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    runs.push(j > i ? `${sorted[i]! + 1}-${sorted[j]! + 1}` : `${sorted[i]! + 1}`);
    i = j + 1;
  }
  // English joins "1, 3 and 5" as the server writes it (no comma before "and").
  return new Intl.ListFormat(language() === "en" ? "en-GB" : locale(), { type: "conjunction" }).format(runs);
}

/**
 * The finding in the person's language; `who` says whose words were copied ("author" for a book or
 * a video, else the site's).
 */
export function findingWords(f: ServerFinding, who: "site" | "author" = "site"): string {
  const key = f.code && Object.hasOwn(CHECK_WORDS, f.code) ? CHECK_WORDS[f.code] : undefined;
  if (!key) return f.message;
  const values: MessageValues = { ...f.params, who };
  if (f.steps?.length) values.steps = stepNumbers(f.steps);
  return t(key, values);
}
