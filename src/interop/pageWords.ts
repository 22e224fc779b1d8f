import type { RecipeLanguage } from "../domain/recipeLanguage.ts";
import { sayIn, type ServerKey } from "../domain/words/serverWords.ts";

// The words Ladle writes itself around a recipe on pages made outside the web app (the public
// link's page, the printed cookbook), in the reader's or the owner's language: the server's
// catalogues (src/domain/words/<language>/page.json), times by Intl.DurationFormat.

export interface PageWords {
  serves: (n: string) => string;
  ingredients: string;
  steps: string;
  prep: string;
  cook: string;
  total: string;
  from: (where: string) => string;
  by: (who: string) => string;
  contents: string;
  sharedReadOnly: string;
  myCookbook: string;
  cookbookOf: (name: string) => string;
  linkOffTitle: string;
  linkOffHeading: string;
  linkOffText: string;
}

const made = new Map<RecipeLanguage, PageWords>();

/** The page's words in the language (English when none is known). */
export function pageWords(lang: RecipeLanguage | null | undefined): PageWords {
  const l = lang ?? "en";
  let w = made.get(l);
  if (w) return w;
  const say = (key: ServerKey) => sayIn(l, key);
  w = {
    serves: (n) => sayIn(l, "page.serves", { n }),
    ingredients: say("page.ingredients"),
    steps: say("page.steps"),
    prep: say("page.prep"),
    cook: say("page.cook"),
    total: say("page.total"),
    from: (where) => sayIn(l, "page.fromPage", { where }),
    by: (who) => sayIn(l, "page.by", { who }),
    contents: say("page.contents"),
    sharedReadOnly: say("page.sharedReadOnly"),
    myCookbook: say("page.myCookbook"),
    // "d’Ann", "de Bo": a language that elides before a vowel chooses by `vowel`.
    cookbookOf: (name) =>
      sayIn(l, "page.cookbookOf", { name, vowel: /^[aeiouyhàâäéèêëîïôöûü]/i.test(name) ? "yes" : "no" }),
    linkOffTitle: say("page.linkOffTitle"),
    linkOffHeading: say("page.linkOffHeading"),
    linkOffText: say("page.linkOffText"),
  };
  made.set(l, w);
  return w;
}

/** A count as the language writes it ("1,5" in German). */
export function countIn(n: number, lang: RecipeLanguage | null | undefined): string {
  return new Intl.NumberFormat(lang === "en" || !lang ? "en-US" : lang, { maximumFractionDigits: 2 }).format(
    n,
  );
}

const durations = new Map<RecipeLanguage, Intl.DurationFormat>();

/**
 * A time in minutes as the language writes it short ("1 hr, 30 min", "1 Std., 30 Min.",
 * "1 h et 30 min"), its number kept beside its unit (no break between them).
 */
export function durationIn(minutes: number, lang: RecipeLanguage | null | undefined): string {
  const l = lang ?? "en";
  let fmt = durations.get(l);
  if (!fmt) {
    fmt = new Intl.DurationFormat(l, { style: "short" });
    durations.set(l, fmt);
  }
  const h = Math.floor(minutes / 60);
  return fmt.format({ hours: h, minutes: minutes % 60 }).replace(/(\d) (?=\p{L})/gu, "$1\u00a0");
}

/** How a recipe that came from no web page came to Ladle, by the kind of its stand-in address. */
const SOURCE_KEYS: Record<string, ServerKey> = {
  text: "page.fromText",
  pdf: "page.fromPdf",
  image: "page.fromImage",
  captions: "page.fromCaptions",
  webpage: "page.fromWebpage",
  jsonld: "page.fromJsonld",
  paprika: "page.fromPaprika",
  mealie: "page.fromMealie",
  tandoor: "page.fromTandoor",
  nextcloud: "page.fromNextcloud",
  cooklang: "page.fromCooklang",
};

/** "From a PDF", "Typed by you", … in the language; "From a file" for a kind it does not know. */
export function sourceKindIn(kind: string, lang: RecipeLanguage | null | undefined): string {
  return sayIn(lang, SOURCE_KEYS[kind] ?? "page.fromFile");
}
