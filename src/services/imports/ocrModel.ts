/**
 * Which of tesseract's models reads a photo, from what the English reading found: its words in one
 * of the recipe languages or in another language whose letters English has not (Danish "smør",
 * Slovak "mäkčeň"), or, where the English reading is too unsure to be a text at all, the script
 * tesseract's orientation and script detection sees (an Urdu card). Each model comes from its
 * @tesseract.js-data package and is loaded only when a page needs it.
 */
import { detectLanguage, functionWordHits, type RecipeLanguage } from "../../domain/recipeLanguage.ts";

const MODELS: Partial<Record<RecipeLanguage, string>> = {
  de: "deu",
  fr: "fra",
  es: "spa",
  it: "ita",
  nl: "nld",
  pt: "por",
  sv: "swe",
};

// Languages no recipe language is but whose pages are photographed all the same: their commonest
// short words as the English model reads them (its letters lost: "på" → "pa", "už" → "uz").
// Words they share with a recipe language ("med", "i", "en") are counted for both, so the one
// whose own words are there wins; words of English ("a", "to", "do") are left out.
const OTHER_WORDS: Record<string, string[]> = {
  dan: "og af til ikke lidt derefter tilsæt tilsaet minutter med i en et eller".split(" "),
  slk: "sa si na je ako aj ale nie alebo potom som mi uz už ked keď pri kym kým minút minut".split(" "),
};
const OTHER_SETS = Object.entries(OTHER_WORDS).map(([model, w]) => [model, new Set(w)] as const);

/**
 * The model that reads a text's language again, when it is not English: a recipe language's, or
 * Danish's or Slovak's when their own words outnumber every recipe language's by a quarter (three
 * at least); null for English or when the words do not say.
 */
export function modelForText(text: string): string | null {
  const words = text.toLowerCase().split(/[^\p{L}']+/u);
  const best = Math.max(0, ...functionWordHits(text).values());
  for (const [model, set] of OTHER_SETS) {
    const n = words.filter((w) => set.has(w)).length;
    if (n >= 3 && n > best * 1.25) return model;
  }
  return MODELS[detectLanguage(text) ?? "en"] ?? null;
}

/**
 * Below this mean confidence (tesseract's 0..100) the English reading may be of another script:
 * its script is looked at. Above it, a page is in Latin letters (the reading of a grainy photo in
 * English is 70-90).
 */
export const SCRIPT_CHECK_BELOW = 65;

// Scripts other than Latin that a shipped model reads, with English beside it for the headings
// and amounts such pages print in Latin letters ("Step 1", "2 tbsp"); English first, so a Latin
// word is not taken for the other script's.
const SCRIPT_MODELS: Record<string, string> = { Arabic: "eng+urd" };

/** The models that read a page of a script tesseract detected, or null for Latin and the scripts we have no model of. */
export const modelForScript = (script: string | null | undefined): string | null =>
  (script && SCRIPT_MODELS[script]) || null;
