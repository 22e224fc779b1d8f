import type { Ingredient } from "../domain/recipe.ts";
import { ARTICLE_WORDS, NUMBER_WORDS, ROUND_NUMBER_WORDS, wordAlternation } from "../extract/numberWords.ts";

/**
 * What cook mode shows beside a step: the timers its text asks for ("simmer for 20-25 minutes")
 * and the ingredients it uses (matched from the step's words to the parsed ingredient names).
 * Hand-written: the durations are in running prose in eight languages, not ISO values.
 */

/** A timer a step asks for: the lower bound of a range starts it, the upper bound is shown. */
export interface StepTimer {
  /** The words in the step ("20-25 minutes"). */
  label: string;
  seconds: number;
  /** A range's top, null for one duration. */
  maxSeconds: number | null;
}

const WORD_NUMBERS: Record<string, number> = {
  ...ARTICLE_WORDS,
  ...NUMBER_WORDS,
  ...ROUND_NUMBER_WORDS,
  half: 0.5,
  "half an": 0.5,
  "half a": 0.5,
};

const N = String.raw`(?:\d+(?:[.,]\d+)?(?:\s*[½¼¾])?|[½¼¾]|half an?|an?|${wordAlternation({ ...NUMBER_WORDS, ...ROUND_NUMBER_WORDS })})`;
const UNIT = String.raw`(hours?|hrs?|h|minutes?|mins?|min|seconds?|secs?|sec|stunden?|std\.?|minuten|sekunden|heures?|horas?|ore|uur|timmar?|minutos?|minuti|minuter|segundos?|secondes?)`;
const DURATION = new RegExp(
  String.raw`(?<![\p{L}\d])(${N})(?:\s*(?:-|–|to|or|bis|à|a)\s*(${N}))?\s*${UNIT}(?![\p{L}])(?:\s*(?:and\s+)?(\d+)\s*(minutes?|mins?|min)(?![\p{L}]))?`,
  "giu",
);

function value(s: string): number {
  const t = s.trim().toLowerCase();
  if (t in WORD_NUMBERS) return WORD_NUMBERS[t]!;
  const m = /^(\d+(?:[.,]\d+)?)?\s*([½¼¾])?$/.exec(t);
  if (!m) return NaN;
  const frac = m[2] ? { "½": 0.5, "¼": 0.25, "¾": 0.75 }[m[2]]! : 0;
  return Number((m[1] ?? "0").replace(",", ".")) + frac;
}

function secondsPer(unit: string): number {
  const u = unit.toLowerCase();
  if (/^(?:h|hrs?|hours?|stunden?|std|heures?|horas?|ore|uur|timmar?)/.test(u)) return 3600;
  if (/^(?:s|sec|secs|seconds?|sekunden|segundos?|secondes?)/.test(u)) return 1;
  return 60;
}

/** The timers a step's text asks for, in order. Durations over 24 hours (resting overnight) are not timers. */
export function stepTimers(text: string): StepTimer[] {
  const out: StepTimer[] = [];
  for (const m of text.matchAll(DURATION)) {
    const per = secondsPer(m[3]!);
    const a = value(m[1]!);
    const b = m[2] ? value(m[2]) : null;
    // "1 hour 15 minutes"
    const extra = m[4] ? Number(m[4]) * 60 : 0;
    if (!Number.isFinite(a) || a <= 0) continue;
    const seconds = Math.round(a * per + extra);
    const maxSeconds = b !== null && Number.isFinite(b) && b > a ? Math.round(b * per + extra) : null;
    // "a minute" inside "a minute or two" is fine; "an" alone before "hour" too. Skip absurd ones.
    if (seconds < 5 || seconds > 86_400) continue;
    out.push({ label: m[0].trim(), seconds, maxSeconds });
  }
  return out;
}

// Head words many ingredients share: matched only together with the word before them.
const GENERIC_HEADS = new Set([
  "powder",
  "sauce",
  "oil",
  "juice",
  "zest",
  "paste",
  "extract",
  "stock",
  "broth",
  "leaves",
  "leaf",
  "seeds",
  "seed",
  "vinegar",
  "cheese",
  "pepper",
  "sugar",
  "flour",
  "milk",
  "cream",
  "wine",
  "water",
]);

const words = (s: string) =>
  s
    .toLowerCase()
    .normalize("NFC")
    .split(/[^\p{L}\p{N}'-]+/u)
    .filter(Boolean);

/** A word without a plural ending, so "eggs" finds "egg" and "tomatoes" finds "tomato". */
function stem(w: string): string {
  if (w.length > 4 && w.endsWith("ies")) return `${w.slice(0, -3)}y`;
  if (w.length > 4 && /(?:oes|ches|shes)$/.test(w)) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith("s") && !/(?:ss|us|is)$/.test(w)) return w.slice(0, -1);
  return w;
}

const LINKS = new Set([
  "the",
  "a",
  "an",
  "of",
  "and",
  "in",
  "with",
  "some",
  "remaining",
  "more",
  "your",
  "or",
]);

/** Whether the word before a generic head names another kind ("sesame oil" when the recipe has olive oil). */
function otherQualifier(before: string | undefined, name: string[]): boolean {
  return !!before && !LINKS.has(before) && !name.includes(before) && /^\p{L}+$/u.test(before);
}

function contains(hay: string[], needle: string[]): boolean {
  if (!needle.length) return false;
  for (let i = 0; i + needle.length <= hay.length; i++) {
    if (needle.every((w, j) => hay[i + j] === w)) return true;
  }
  return false;
}

/**
 * The ingredients (their indexes) a step's text names: by the whole name, by its last two words,
 * or by its last word when no other ingredient shares that word and it is not a generic one
 * ("powder", "oil") that names several.
 */
export function stepIngredients(
  text: string,
  ingredients: Pick<Ingredient, "name" | "confidence">[],
): number[] {
  const step = words(text).map(stem);
  const names = ingredients.map((i) => (i.confidence >= 0.5 ? words(i.name).map(stem) : []));
  const headCount = new Map<string, number>();
  for (const n of names) {
    const h = n.at(-1);
    if (h) headCount.set(h, (headCount.get(h) ?? 0) + 1);
  }
  const out: number[] = [];
  names.forEach((n, i) => {
    if (!n.length || n.join(" ").length < 3) return;
    const head = n.at(-1)!;
    const lastTwo = n.slice(-2);
    const byHead =
      (headCount.get(head) ?? 0) === 1 &&
      head.length >= 3 &&
      step.some((w, k) => w === head && (!GENERIC_HEADS.has(head) || !otherQualifier(step[k - 1], n)));
    if (contains(step, n) || (n.length >= 2 && contains(step, lastTwo)) || byHead) out.push(i);
  });
  return out;
}
