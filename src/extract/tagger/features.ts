// The features the ingredient tagger reads for each token: the word itself and its neighbours
// (lower case, singular, suffix, shape, lexicon class), its place in the line, whether it sits
// inside parentheses or after a comma, and what came before it ("for", "or", an amount).
import { wordKey } from "./align.ts";
import { isAmount, type Token } from "./tokenize.ts";
import { ARTICLE_WORDS, FRACTION_WORDS, NUMBER_WORDS, VAGUE_COUNT_WORDS } from "../numberWords.ts";

// Measure units a cook writes after an amount (singular, lower case, no dot).
const UNITS = new Set(
  (
    "cup tablespoon tbsp tbs tbl tb teaspoon tsp t c ounce oz fl pound lb g gr gm gram kg kilogram " +
    "mg milligram ml millilitre milliliter l liter litre cl dl quart qt pint pt gallon gal inch in cm mm " +
    "centimeter centimetre pinch dash drop smidgen splash jigger shot stick can tin jar package pkg packet " +
    "envelope bottle box bag carton container block cube scoop handful bunch clove slice sprig stalk rib " +
    "sheet bulb strip head loaf stem spear ear piece knob wedge rasher fillet recipe batch ball quantity " +
    "glass mug bowl dozen leaf pod"
  ).split(" "),
);
// Sizes of the food or of its piece.
const SIZES = new Set(
  "small medium large big jumbo extra-large extra-small medium-sized medium-size large-size small-size lg md med sm x-large xl heaping heaped scant rounded level generous good thin thick".split(
    " ",
  ),
);
// Words that join or introduce parts of a line.
const FUNCTION_WORDS = new Set(
  "of and or for to plus with without such as about approximately if at in into from the a an each more less like preferably optional divided".split(
    " ",
  ),
);
const COUNT_WORDS = new Set([
  ...Object.keys(ARTICLE_WORDS),
  ...Object.keys(NUMBER_WORDS),
  ...Object.keys(FRACTION_WORDS),
  ...VAGUE_COUNT_WORDS,
  "dozen",
]);

/**
 * The class of one word in the tagger's lexicons (or its shape class when it has none). `key` and
 * `amount`: its wordKey and isAmount, when the caller has them (a new word's features need both
 * several times, and each is a few regular expressions).
 */
export function wordClass(text: string, key?: string, amount = isAmount(text)): string {
  if (amount) return "AMT";
  const k = key ?? wordKey(text);
  if (UNITS.has(k)) return "UNIT";
  if (SIZES.has(k)) return "SIZE";
  if (COUNT_WORDS.has(k)) return "NUMW";
  if (FUNCTION_WORDS.has(k)) return k;
  if (/^[^\p{L}\p{N}]+$/u.test(text)) return text;
  if (/ed$/.test(k)) return "ED";
  if (/ly$/.test(k)) return "LY";
  if (/ing$/.test(k)) return "ING";
  return "W";
}

/** The shape of a token: letters as X/x, digits as d, runs collapsed ("Xx", "d/d", "x-x"). */
export function shape(text: string): string {
  return text
    .replace(/\p{Lu}/gu, "X")
    .replace(/[\p{Ll}\p{Lo}\p{M}]/gu, "x")
    .replace(/\d/g, "d")
    .replace(/(.)\1+/g, "$1");
}

/**
 * The features of one token that depend on its text only, for each place it can take relative to
 * the token being labelled (-2..+2): computed once per word and kept.
 */
export function wordFeatures(text: string, key = wordKey(text), cls = wordClass(text, key)): string[][] {
  const lc = text.toLowerCase();
  const sh = shape(text);
  const self = [
    `w=${lc}`,
    `k=${key}`,
    `c=${cls}`,
    `sh=${sh}`,
    `s3=${lc.slice(-3)}`,
    `s2=${lc.slice(-2)}`,
    `p3=${lc.slice(0, 3)}`,
    `cap=${/^\p{Lu}/u.test(text) ? 1 : 0}`,
  ];
  const near = (o: number) => [`${o}k=${key}`, `${o}c=${cls}`];
  const far = (o: number) => [`${o}c=${cls}`];
  return [far(-2), near(-1), self, near(1), far(1 + 1)];
}

/** What the context features need to know of a word, computed once per word. */
export interface WordFacts {
  key: string;
  amount: boolean;
  /** A letter word that is not a unit or a size: once one is seen, the name has begun. */
  wordish: boolean;
}

export function wordFacts(text: string, key = wordKey(text), amount = isAmount(text)): WordFacts {
  return {
    key,
    amount,
    wordish: /\p{L}/u.test(text) && !UNITS.has(key) && !SIZES.has(key),
  };
}

/**
 * The context features of a token, as (family, value) pairs: its place in the line, inside
 * parentheses, after how many commas, after "for", after "or", after an amount, after a word.
 * Their names are `${family}=${value}`; every possible name is listed by contextNames.
 */
export const CONTEXT_FAMILIES: [string, number][] = [
  ["pos", 7],
  ["rpos", 5],
  ["par", 2],
  ["com", 3],
  ["for", 2],
  ["or", 2],
  ["amt", 2],
  ["word", 2],
  ["parcom", 6],
];

/** Per token of a line, one value per context family (in CONTEXT_FAMILIES order). */
export function contextValues(tokens: Token[], facts: WordFacts[]): Uint8Array {
  const F = CONTEXT_FAMILIES.length;
  const out = new Uint8Array(tokens.length * F);
  let depth = 0;
  let commas = 0;
  let sawFor = 0;
  let sawOr = 0;
  let sawAmount = 0;
  let sawWord = 0;
  const n = tokens.length;
  for (let i = 0; i < n; i++) {
    const t = tokens[i]!.text;
    const f = facts[i]!;
    const at = i * F;
    const par = depth > 0 ? 1 : 0;
    const com = commas > 2 ? 2 : commas;
    out[at] = i > 6 ? 6 : i;
    out[at + 1] = n - 1 - i > 4 ? 4 : n - 1 - i;
    out[at + 2] = par;
    out[at + 3] = com;
    out[at + 4] = sawFor;
    out[at + 5] = sawOr;
    out[at + 6] = sawAmount;
    out[at + 7] = sawWord;
    out[at + 8] = par * 3 + com;
    if (t === "(" || t === "[") depth++;
    else if ((t === ")" || t === "]") && depth > 0) depth--;
    else if ((t === "," || t === ";") && depth === 0) commas++;
    else if (f.key === "for") sawFor = 1;
    else if (f.key === "or") sawOr = 1;
    if (f.amount) sawAmount = 1;
    else if (f.wordish) sawWord = 1;
  }
  return out;
}
