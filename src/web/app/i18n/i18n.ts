// The web app's words. Every word a screen shows is an ICU message (intl-messageformat: plurals,
// numbers, dates) in a catalogue, src/web/app/i18n/<language>/<namespace>.json, and is shown with
// t("<namespace>.<key>", values). English is the source: a key missing in another language shows
// the English words rather than a key. `npm run gen:i18n` writes catalogues.gen.ts from the files
// (with the keys as a type, so a key that does not exist fails the type check) and, with --check,
// fails on a key one language lacks or has extra.
import { IntlMessageFormat } from "intl-messageformat";
import { CATALOGUES, type MessageKey } from "./catalogues.gen.ts";

export { type MessageKey };

export const LANGUAGES = ["en", "de", "fr", "es", "it", "nl", "pt", "sv"] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language's name in that language, for the chooser. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English",
  de: "Deutsch",
  fr: "Français",
  es: "Español",
  it: "Italiano",
  nl: "Nederlands",
  pt: "Português",
  sv: "Svenska",
};

export type MessageValues = Record<string, string | number | Date | boolean | null | undefined>;

const STORE = "ladle.language";

export function isLanguage(x: unknown): x is Language {
  return typeof x === "string" && (LANGUAGES as readonly string[]).includes(x);
}

/** The person's choice if this browser keeps one, else the browser's first language we speak. */
function detect(): Language {
  const stored = globalThis.localStorage?.getItem(STORE);
  if (isLanguage(stored)) return stored;
  for (const tag of globalThis.navigator?.languages ?? []) {
    const base = tag.toLowerCase().split("-")[0];
    if (isLanguage(base)) return base;
  }
  return "en";
}

let current: Language = detect();
const compiled = new Map<string, IntlMessageFormat>();

/** The language the screens speak now. */
export function language(): Language {
  return current;
}

/**
 * The locale numbers and dates are written in: the browser's own tag when it is a variant of the
 * language shown (pt-BR, de-CH), else the language itself.
 */
export function locale(): string {
  for (const tag of globalThis.navigator?.languages ?? [])
    if (tag.toLowerCase().split("-")[0] === current) return tag;
  return current;
}

export type UnitSystem = "metric" | "us";

/**
 * Which units amounts are shown in when the recipe's own are not asked for: the person's choice
 * kept in this browser, else US customary for a US locale and metric everywhere else.
 */
export function unitSystem(): UnitSystem {
  const stored = globalThis.localStorage?.getItem("ladle.units");
  if (stored === "metric" || stored === "us") return stored;
  return /-(US|LR|MM)$/i.test(locale()) ? "us" : "metric";
}

/** The units the person chose in their menu, or null when they left it to the locale. */
export function chosenUnits(): UnitSystem | null {
  const stored = globalThis.localStorage?.getItem("ladle.units");
  return stored === "metric" || stored === "us" ? stored : null;
}

/** Switches the words shown from now on and remembers the choice in this browser. */
export function setLanguage(lang: Language): void {
  current = lang;
  compiled.clear();
  globalThis.localStorage?.setItem(STORE, lang);
  if (globalThis.document) document.documentElement.lang = lang;
}

/**
 * Whether `lang`'s words are here: the web bundle holds only English (buildApp.ts), another
 * language's are fetched once (loadLanguage.ts) and given with provideWords.
 */
export function hasWords(lang: Language): boolean {
  return Object.keys(CATALOGUES[lang] ?? {}).length > 0;
}

/** Takes a language's words fetched from /ui/i18n/<language>.json. */
export function provideWords(lang: Language, messages: Record<string, string>): void {
  Object.assign((CATALOGUES[lang] ??= {}), messages);
  compiled.clear();
}

/** Forgets this browser's choice of units (null: by the locale) or keeps one. */
export function setUnits(units: UnitSystem | null): void {
  if (units) globalThis.localStorage?.setItem("ladle.units", units);
  else globalThis.localStorage?.removeItem("ladle.units");
}

/**
 * Takes the person's settings kept on the server (null: follow the browser, by the locale). True
 * when the language shown changed, so what is on screen needs drawing again (once loadLanguage
 * has its words).
 */
export function applySettings(s: { language: string | null; units: UnitSystem | null }): boolean {
  const before = current;
  setUnits(s.units);
  if (isLanguage(s.language)) setLanguage(s.language);
  else {
    globalThis.localStorage?.removeItem(STORE);
    current = detect();
    compiled.clear();
    if (globalThis.document) document.documentElement.lang = current;
  }
  return current !== before;
}

/** The words of `key` in the current language, with `values` put in. */
export function t(key: MessageKey, values?: MessageValues): string {
  const source = CATALOGUES[current]?.[key] ?? CATALOGUES.en?.[key];
  if (source === undefined) return key;
  let fmt = compiled.get(key);
  if (!fmt) {
    fmt = new IntlMessageFormat(source, locale());
    compiled.set(key, fmt);
  }
  return String(fmt.format(values as Record<string, string | number | Date | boolean>));
}
