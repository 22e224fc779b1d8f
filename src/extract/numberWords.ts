// The one table of number words: the ingredient rules and tagger, yields, times and cook mode's
// timers all read counts written as words from here.

/** Counts written as words ("two eggs", "One 28-ounce can", "Serves eight to ten"). */
export const NUMBER_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
};

/** The round numbers a time is written with ("twenty minutes", "forty-five minutes"). */
export const ROUND_NUMBER_WORDS: Readonly<Record<string, number>> = {
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  forty: 40,
  "forty-five": 45,
};

/** An article counts one ("a lemon", "an hour"). */
export const ARTICLE_WORDS: Readonly<Record<string, number>> = { a: 1, an: 1 };

/** Parts written as words ("half a cup", "a quarter teaspoon"). */
export const FRACTION_WORDS: Readonly<Record<string, number>> = { half: 0.5, quarter: 0.25 };

export const DOZEN = 12;

/** Counts no number states ("a few", "a couple of", "several"): amount words all the same. */
export const VAGUE_COUNT_WORDS: readonly string[] = ["few", "couple", "several"];

/** The words of `table` as a regular expression's alternation, longer words first ("forty-five|forty"). */
export const wordAlternation = (table: Readonly<Record<string, number>>): string =>
  Object.keys(table)
    .sort((a, b) => b.length - a.length)
    .join("|");

/**
 * Counts from two to twelve in the other seven languages Ladle reads (de, fr, es, it, nl, pt, sv),
 * for yields ("Für vier Personen", "Pour six personnes", "fyra portioner"). One and the articles
 * ("ein", "une", "uno", "een", "en") are left out: before a unit they are as often prose's article.
 */
export const FOREIGN_COUNT_WORDS: Readonly<Record<string, number>> = {
  ...Object.fromEntries(
    [
      "zwei drei vier fünf sechs sieben acht neun zehn elf zwölf",
      "deux trois quatre cinq six sept huit neuf dix onze douze",
      "dos tres cuatro cinco seis siete ocho nueve diez once doce",
      "due tre quattro cinque sei sette otto nove dieci undici dodici",
      "twee drie vier vijf zes zeven acht negen tien elf twaalf",
      "dois três quatro cinco seis sete oito nove dez onze doze",
      "två tre fyra fem sex sju åtta nio tio elva tolv",
    ].flatMap((row) => row.split(" ").map((w, i) => [w, i + 2])),
  ),
  duas: 2,
};
