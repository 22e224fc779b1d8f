/**
 * The language a recipe is written in, among the eight Ladle reads, so search can stem it in that
 * language. A page that says its language (`inLanguage`, `<html lang>`, og:locale) is believed;
 * otherwise the recipe's own words are counted against each language's commonest short words.
 * Hand-written rather than a general detector (franc and the like): a recipe is short and full of
 * food words and numbers, and the eight languages' function words ("und", "with", "avec") decide
 * it more surely than trigram statistics tuned on prose; it also keeps the backfill in a migration
 * free of a model.
 */

export const RECIPE_LANGUAGES = ["en", "de", "fr", "es", "it", "nl", "pt", "sv"] as const;
export type RecipeLanguage = (typeof RECIPE_LANGUAGES)[number];

/** Short, frequent words of each language that recipes use (and the others rarely do). */
const STOP_WORDS: Record<RecipeLanguage, string[]> = {
  en: "the and with into until for from over about then add into your of or a to in on minutes cup cups tablespoon teaspoon heat stir bake".split(
    " ",
  ),
  de: "und mit die der das den dem ein eine einen in im auf aus bis zum zur etwas dann nach oder minuten backen geben hinzufügen schneiden".split(
    " ",
  ),
  fr: "et avec le la les des du de un une dans pour sur puis ou au aux jusqu'à minutes ajouter cuire faire".split(
    " ",
  ),
  es: "y con el la los las del de un una en para por hasta luego o al minutos añadir agregar cocinar".split(
    " ",
  ),
  it: "e con il lo la le gli dei delle di un una in per fino poi o al alla minuti aggiungere cuocere".split(
    " ",
  ),
  nl: "en met de het een van in op tot dan of voor aan minuten toevoegen bakken snijden".split(" "),
  pt: "e com o a os as do da dos das de um uma em para até depois ou ao minutos adicionar juntar cozinhar".split(
    " ",
  ),
  sv: "och med en ett i på till av eller för sedan tills minuter tillsätt koka grädda skär".split(" "),
};

const WORD_SETS = Object.fromEntries(
  Object.entries(STOP_WORDS).map(([lang, words]) => [lang, new Set(words)]),
) as Record<RecipeLanguage, Set<string>>;

/** The language of a tag as the page wrote it ("de-AT", "fr_FR", "pt-BR"), when it is one of ours. */
export function languageOfTag(tag: unknown): RecipeLanguage | null {
  if (typeof tag !== "string") return null;
  const base = tag.trim().toLowerCase().split(/[-_]/)[0];
  return (RECIPE_LANGUAGES as readonly string[]).includes(base ?? "") ? (base as RecipeLanguage) : null;
}

/** How many of a text's words are each language's function words (languages with none left out). */
export function functionWordHits(text: string): Map<RecipeLanguage, number> {
  const counts = new Map<RecipeLanguage, number>();
  for (const w of text.toLowerCase().split(/[^\p{L}']+/u)) {
    if (!w) continue;
    for (const lang of RECIPE_LANGUAGES)
      if (WORD_SETS[lang].has(w)) counts.set(lang, (counts.get(lang) ?? 0) + 1);
  }
  return counts;
}

/**
 * The language of a text by its function words; null when too few words say (fewer than three
 * hits, or no clear leader), so an unknown stays unknown rather than a guess.
 */
export function detectLanguage(text: string): RecipeLanguage | null {
  const ranked = [...functionWordHits(text).entries()].sort((a, b) => b[1] - a[1]);
  const [first, second] = ranked;
  if (!first || first[1] < 3) return null;
  if (second && second[1] * 1.25 >= first[1]) return null;
  return first[0];
}

type Doc = Record<string, unknown>;
const texts = (v: unknown, key: string): string[] =>
  Array.isArray(v)
    ? v
        .map((x) => (x && typeof x === "object" ? (x as Doc)[key] : x))
        .filter((x): x is string => typeof x === "string")
    : [];

/** A stored recipe's language: what its page said, else what its words say; null when neither. */
export function recipeLanguage(doc: unknown, pageLang?: string | null): RecipeLanguage | null {
  const d = (doc && typeof doc === "object" ? doc : {}) as Doc;
  const said = languageOfTag(pageLang) ?? languageOfTag(d.inLanguage) ?? languageOfTag(d.language);
  if (said) return said;
  const words = [
    typeof d.name === "string" ? d.name : "",
    typeof d.description === "string" ? d.description : "",
    ...texts(d.ingredients, "text"),
    ...texts(d.instructions, "text"),
  ].join(" \n ");
  return detectLanguage(words);
}
