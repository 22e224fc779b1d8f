import { DOZEN, FOREIGN_COUNT_WORDS, NUMBER_WORDS, wordAlternation } from "./numberWords.ts";
import { cleanText } from "./text.ts";
import { wordsAhead } from "./wordsAhead.ts";

const SPACED_RANGE = /\d\s+[-–—]\s*\d|\d\s*[-–—]\s+\d/;
// The ranges a recipe's data means as their top, as the corpus truth reads a data string: digits
// joined by a hyphen-minus ("4-6") or " to " ("4 to 6"); an en dash, "or" or spaced-out dash
// ("4–6", "4 or 6", "4 - 6") states its first number, the rest an optional extra.
const DATA_TOP_RANGE = /\d\s+to\s+\d|\d-\d/i;

export interface ParsedYield {
  /** Servings as the spec wants them; 0 when the yield does not state a number of servings or pieces. */
  servings: number;
  /** The most descriptive text given, null when none. */
  text: string | null;
  min: number | null;
  max: number | null;
  /** What is counted ("servings", "cookies"), null when bare. */
  unit: string | null;
}

/** Counts in words a yield states: to twelve as everywhere, and the teens ("Makes sixteen cookies"). */
export const YIELD_NUMBER_WORDS: Readonly<Record<string, number>> = {
  ...NUMBER_WORDS,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
const WORDS: Record<string, number> = { ...YIELD_NUMBER_WORDS, dozen: DOZEN };
const COUNT_WORD = wordAlternation(YIELD_NUMBER_WORDS);
const LEAD_WORD = new RegExp(String.raw`^\D*?\b(${COUNT_WORD})\b`);
// A count in words the yield states as such ("Serves eight to ten", "six to eight servings"): read
// as digits so a range's top is taken as it is for "Serves 8-10".
const SERVED_IN_WORDS = new RegExp(
  String.raw`\b(serves?\s*:?\s*|feeds\s+)?(${COUNT_WORD})(?:(\s*(?:-|–|—|to|or)\s*)(${COUNT_WORD}))?(?=(\s+(?:servings?|portions?|people|persons?))?\b)`,
  "g",
);
const servedInDigits = (t: string): string =>
  t.replace(SERVED_IN_WORDS, (m, serves?: string, a?: string, sep?: string, b?: string, unit?: string) =>
    serves || unit || b
      ? `${serves ?? ""}${WORDS[a!]}${b ? `${/or/.test(sep!) ? " to " : sep}${WORDS[b]}` : ""}`
      : m,
  );
// A count in words of the other seven languages before a serving unit ("Für vier Personen", "Pour
// six personnes", "fyra portioner"): only there, as "sei" or "tre" are words of their own elsewhere.
const FOREIGN_SERVING_UNIT =
  "personen|personnes?|personas|persone|pessoas|porções|porcoes|porciones|porzioni|porties|portionen|portioner|porsjoner|personer|raciones|portions";
export const FOREIGN_SERVED = new RegExp(
  String.raw`${wordsAhead(wordAlternation(FOREIGN_COUNT_WORDS))}(?<![\p{L}])(${wordAlternation(FOREIGN_COUNT_WORDS)})(?=[ \t]+(${FOREIGN_SERVING_UNIT})(?![\p{L}]))`,
  "giu",
);
const foreignInDigits = (t: string): string =>
  t.replace(FOREIGN_SERVED, (w: string) => String(FOREIGN_COUNT_WORDS[w.toLowerCase()]));
// Tens in words, with a unit after them or not ("twenty-four cookies", "thirty"): the count in digits,
// so "Makes about twenty four cookies" is 24, not the "four" it ends with.
const TENS: Record<string, number> = { twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60 };
/** Tens in words, with a unit after them or not, as a pattern's source ("twenty-four", "thirty"). */
export const TENS_WORDS = String.raw`(?:${Object.keys(TENS).join("|")})(?:[ \t-]+(?:one|two|three|four|five|six|seven|eight|nine))?`;
// The one spelling of the tens above, whole words only: what it matched is split into its tens and
// its unit, so the pattern finding the tens in a page and the one writing them as digits agree.
const TENS_IN_WORDS = new RegExp(String.raw`\b${TENS_WORDS}\b`, "gi");
/** Tens in words as digits ("twenty-four cookies" is "24 cookies"). */
export const tensInDigits = (t: string): string =>
  t.replace(TENS_IN_WORDS, (m) => {
    const [tens, unit] = m.toLowerCase().split(/[ \t-]+/);
    return String(TENS[tens!]! + (unit ? WORDS[unit]! : 0));
  });
const COUNT_IN_WORDS = new RegExp(String.raw`\b(${COUNT_WORD}|dozen)\b\s*([a-z][\w\s-]*)?`);

const SERVING_UNITS =
  /^(servings?|portions?|people|persons?|personen|personnes?|porciones|porzioni|porties|porções|portioner|serves)\b/i;
// A measure's whole word: "12 cupcakes" counts cakes, not cups.
const MEASURES =
  /^(?:ml|millilit(?:er|re)s?|l|lit(?:er|re)s?|cl|dl|g|grams?|kg|kilo(?:gram)?s?|oz|ounces?|lbs?|pounds?|cups?|quarts?|pints?|gallons?|tbsp|tsp|tablespoons?|teaspoons?)(?![\p{L}])/iu;

const FRACTIONS: Record<string, number> = { "½": 0.5, "¼": 0.25, "¾": 0.75, "⅓": 1 / 3, "⅔": 2 / 3 };

function parseOne(text: string): Omit<ParsedYield, "text" | "servings"> | null {
  const t = servedInDigits(tensInDigits(foreignInDigits(text.toLowerCase())))
    .replace(/(\d),(\d)/g, "$1.$2")
    // "2 1/2 dozen", "1½ dozen"
    .replace(/(\d+)?\s*([½¼¾⅓⅔])/g, (_m, whole: string | undefined, f: string) =>
      String(Number(whole ?? 0) + FRACTIONS[f]!),
    )
    .replace(/(?:(\d+)\s+)?(\d+)\/(\d+)/g, (_m, whole: string | undefined, n: string, d: string) =>
      String(Number(whole ?? 0) + Number(n) / Number(d)),
    );
  // "Yield: 1 cake (serves 10)", "5 cups, serves 4": the servings stated anywhere win. A range
  // with "or" ("Serves 4 or 5") is one as with "to".
  const serves =
    /\bserves?\s*:?\s*(\d+)(?:\s*(?:-|–|—|to|or)\s*(\d+))?/.exec(t) ??
    /(\d+)(?:\s*(?:-|–|—|to|or)\s*(\d+))?\s*(?:servings?|portions?|people|persons?)\b/.exec(t);
  if (serves && serves.index > 0)
    return { min: Number(serves[1]), max: serves[2] ? Number(serves[2]) : null, unit: "servings" };
  // "Makes one 9x13 pan": a number word before the first digit is the count.
  const lead = LEAD_WORD.exec(t);
  if (lead && /\d/.test(t)) {
    const unit = t.slice(lead.index + lead[0].length).trim() || null;
    return { min: WORDS[lead[1]!]!, max: null, unit };
  }
  const m =
    /(\d+(?:\.\d+)?)(?:\s*(?:-|–|—|to|or|bis|à|a)\s*(\d+(?:\.\d+)?))?\s*(dozen)?\s*([a-zà-ÿ][\w\s()-]*)?/i.exec(
      t,
    );
  if (m) {
    let min = Number(m[1]);
    let max = m[2] ? Number(m[2]) : null;
    let unit = m[4]?.trim() || null;
    if (m[3] || unit?.startsWith("dozen")) {
      min *= 12;
      if (max) max *= 12;
      unit = unit?.replace(/^dozen\s*/, "") || "pieces";
    }
    return { min, max, unit };
  }
  const word = COUNT_IN_WORDS.exec(t);
  if (word) {
    // "two dozen cookies" counts 24 cookies, as "2 dozen" does.
    const unit = word[2]?.trim() || null;
    if (word[1] !== "dozen" && unit && /^dozen\b/.test(unit))
      return { min: WORDS[word[1]!]! * DOZEN, max: null, unit: unit.replace(/^dozen\s*/, "") || "pieces" };
    return { min: WORDS[word[1]!]!, max: null, unit };
  }
  return null;
}

/** One yield value as text: a number, a string, or a QuantitativeValue (`{value: 4, unitText: "servings"}`). */
function yieldText(v: unknown): string {
  if (typeof v === "number") return String(v);
  if (v && typeof v === "object" && !Array.isArray(v)) {
    const q = v as Record<string, unknown>;
    const lo = q.value ?? q.minValue;
    const amount =
      q.maxValue !== undefined && lo !== undefined && lo !== q.maxValue
        ? `${String(lo)}-${String(q.maxValue)}`
        : (lo ?? q.maxValue);
    const unit = cleanText(q.unitText ?? q.unitCode ?? "");
    const text =
      amount !== undefined && amount !== null
        ? `${cleanText(String(amount))} ${/^[A-Z]\w{2}$/.test(unit) ? "" : unit}`.trim()
        : cleanText(q.name);
    return text;
  }
  return cleanText(v);
}

/**
 * Parses `recipeYield` (number, string, QuantitativeValue or array): "4", "4-6 servings", "Makes 12 cookies",
 * "2 dozen", "About 3 dozen" (36 pieces, not 3 servings).
 */
export function parseYield(value: unknown, opts: { data?: boolean } = {}): ParsedYield {
  const items = (Array.isArray(value) ? value : [value]).map(yieldText).filter(Boolean);
  if (!items.length) return { servings: 0, text: null, min: null, max: null, unit: null };
  const parsed = items.map((t) => ({ t, p: parseOne(t) }));
  // A bare number is the servings count; else an item counting servings or pieces; else the first.
  const best =
    parsed.find((x) => x.p && !x.p.unit && /^\D{0,12}\d+(?:\s*[-–]\s*\d+)?\s*$/.test(x.t)) ??
    parsed.find((x) => x.p?.unit && SERVING_UNITS.test(x.p.unit)) ??
    parsed.find((x) => x.p?.unit && !MEASURES.test(x.p.unit)) ??
    parsed.find((x) => x.p) ??
    parsed[0]!;
  const text = items.reduce((a, b) => (b.length > a.length ? b : a));
  // "Makes 250 ml" measures a quantity; it is not a number of servings.
  const p = best.p && best.p.unit && MEASURES.test(best.p.unit) ? null : best.p;
  // Structured data's range is read as written (`opts.data`); a count in words keeps its top.
  const bottom = opts.data ? /\d/.test(best.t) && !DATA_TOP_RANGE.test(best.t) : SPACED_RANGE.test(best.t);
  return {
    // "Serves 4-6", "3 to 4 servings": pages mean the larger number; a range spaced out around
    // its dash ("4 - 6 serving(s)") is how card plugins print a lower bound with an optional upper.
    // The item read says which ("2-4" beside a longer "2 - 4 servings" is the top).
    // Less than one ("0.75 cup") is an amount, no count of servings.
    servings:
      p && (p.max ?? p.min ?? 0) >= 1 ? Math.max(0, Math.round((bottom ? p.min : (p.max ?? p.min)) ?? 0)) : 0,
    text,
    min: p?.min ?? null,
    max: p?.max ?? null,
    unit: p?.unit ?? null,
  };
}
