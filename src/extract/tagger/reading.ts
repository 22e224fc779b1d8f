// What a tagged ingredient line says, read from its labels: the amounts in order (quantity, range,
// unit), the size, the food's name and its alternatives, the preparation, the purpose, the
// remaining remarks, and a confidence from the tagger's margins. Numbers and unit spellings are
// read by rules (tokenize.ts amountValue, unitSpelling below), the parts by the tagger.
import { ARTICLE_WORDS, DOZEN, NUMBER_WORDS } from "../numberWords.ts";
import type { Label } from "./align.ts";
import type { TaggedLine } from "./model.ts";
import { amountRange, isAmount, type Token } from "./tokenize.ts";

/** One amount of a line: "10 tbsp", "140 g", "2-3 cups". */
export interface Amount {
  /** As written ("140 g"). */
  text: string;
  quantity: number | null;
  quantityMax: number | null;
  unit: string | null;
}

/** The parts of one line. */
export interface LineReading {
  /** Every amount in the order written (`10 tbsp (140 g)` gives two). */
  amounts: Amount[];
  /** The first amount's quantity, the range's lower bound; null when the line states none. */
  quantity: number | null;
  quantityMax: number | null;
  /** The first unit written, in its usual spelling. */
  unit: string | null;
  size: string | null;
  name: string;
  /** The foods of a name that offers a choice ("butter or margarine" → butter, margarine). */
  alternatives: string[];
  preparation: string | null;
  purpose: string | null;
  comment: string | null;
  /** 0..1: how sure the tagger is of its weakest token. */
  confidence: number;
}

const WORD_AMOUNTS: Record<string, number> = {
  ...NUMBER_WORDS,
  ...ARTICLE_WORDS,
  half: 0.5,
  dozen: DOZEN,
  couple: 2,
};

// Usual spellings of measure units; other units are written singular, lower case.
const UNIT_SPELLING: Record<string, string> = {
  tablespoon: "tbsp",
  tbsp: "tbsp",
  tbs: "tbsp",
  tbl: "tbsp",
  tb: "tbsp",
  teaspoon: "tsp",
  tsp: "tsp",
  t: "tsp",
  cup: "cup",
  c: "cup",
  ounce: "oz",
  oz: "oz",
  pound: "lb",
  lb: "lb",
  gram: "g",
  g: "g",
  gr: "g",
  gm: "g",
  kilogram: "kg",
  kg: "kg",
  milligram: "mg",
  mg: "mg",
  milliliter: "ml",
  millilitre: "ml",
  ml: "ml",
  liter: "l",
  litre: "l",
  l: "l",
  centiliter: "cl",
  centilitre: "cl",
  cl: "cl",
  deciliter: "dl",
  dl: "dl",
  quart: "quart",
  qt: "quart",
  pint: "pint",
  pt: "pint",
  gallon: "gallon",
  gal: "gallon",
  inch: "inch",
  in: "inch",
  centimeter: "cm",
  centimetre: "cm",
  cm: "cm",
  millimeter: "mm",
  mm: "mm",
  package: "package",
  pkg: "package",
  tin: "can",
  fluid: "fl",
  fl: "fl",
  lg: "large",
  sm: "small",
  md: "medium",
  med: "medium",
};

function singular(w: string): string {
  if (/^(?:leaves|loaves|halves)$/.test(w)) return `${w.slice(0, -3)}f`;
  if (/(?:ch|sh|x|ss)es$/.test(w)) return w.slice(0, -2);
  if (/[^aeiou]ies$/.test(w)) return `${w.slice(0, -3)}y`;
  if (/[^su]s$/.test(w) && w.length > 2) return w.slice(0, -1);
  return w;
}

/** A unit as written ("Tablespoons", "T.", "fl. oz", "lbs") in its usual spelling ("tbsp", "tbsp", "fl oz", "lb"). */
export function unitSpelling(written: string): string {
  const t = written.trim();
  if (/^(?:T|Tb|TB|Tbs|Tbsp)\.?$/.test(t)) return "tbsp";
  return t
    .split(/\s+/)
    .map((w) => {
      const lc = w.toLowerCase().replace(/\.$/, "");
      return UNIT_SPELLING[lc] ?? UNIT_SPELLING[singular(lc)] ?? singular(lc);
    })
    .join(" ")
    .replace(/^fl ounce$|^fluid ounce$|^fluid oz$/, "fl oz");
}

/** The quantity of an amount token or amount word, with its upper bound. */
function amountOf(text: string): [number, number | null] | null {
  if (isAmount(text)) return amountRange(text);
  const v = WORD_AMOUNTS[text.toLowerCase()];
  return v === undefined ? null : [v, null];
}

/**
 * Runs of tokens of one label as text, cut from the line as written: punctuation between two tokens
 * of the run stays ("Havarti, Monterey Jack, or Swiss cheese"), runs apart are joined by `sep`.
 */
function spans(line: string, tokens: Token[], labels: Label[], want: Label, sep: string): string | null {
  const runs: string[] = [];
  let start = -1;
  let end = -1;
  for (let i = 0; i <= tokens.length; i++) {
    const l = labels[i];
    if (i < tokens.length && l === want) {
      if (start < 0) start = tokens[i]!.start;
      end = tokens[i]!.end;
      continue;
    }
    // Punctuation inside a run stays when the run goes on after it.
    if (i < tokens.length && l === "PUNC" && start >= 0) {
      let j = i;
      while (j < tokens.length && labels[j] === "PUNC") j++;
      if (labels[j] === want) {
        i = j - 1;
        continue;
      }
    }
    if (start >= 0) {
      runs.push(line.slice(start, end));
      start = -1;
    }
  }
  const out = runs
    .map((r) =>
      r
        .replace(/^[\s,;:([]+|[\s,;:)\]]+$/g, "")
        .replace(/\(\s*$/, "")
        .trim(),
    )
    .map((r) => (/\($|^\)/.test(r) ? r.replace(/[()]/g, "") : balance(r)))
    // A run of joining words alone ("a", "of") says nothing.
    .filter((r) => r && !/^(?:(?:a|an|of|the|and|or|to|as|such)\b\W*)+$/i.test(r));
  return out.length ? out.join(sep) : null;
}

/** A span with an unmatched parenthesis loses it ("potato (" → "potato"). */
function balance(s: string): string {
  const open = (s.match(/\(/g) ?? []).length;
  const close = (s.match(/\)/g) ?? []).length;
  return open === close ? s : s.replace(/[()]/g, " ").replace(/\s+/g, " ").trim();
}

/**
 * How sure the tagger is of a line, from its smallest token margin: on held-out lines the tenth
 * with the smallest margins (below about 23, confidence below 0.68) is right two times in three,
 * the rest 97 times in 100.
 */
export function confidenceOf(margins: number[]): number {
  if (!margins.length) return 0;
  const m = Math.min(...margins);
  return Math.round((1 - Math.exp(-Math.max(0, m) / 20)) * 1000) / 1000;
}

// Containers and pieces a pack size is written before ("1 15-ounce can", "1 2-inch piece").
const CONTAINER =
  /^(?:can|tin|jar|package|pkg|packet|pack|box|bag|bottle|carton|container|envelope|stick|piece|loaf|slice|wedge|head|bunch|block|log|round|wheel|tub|pouch|sheet|fillet|steak|rack|chunk|strip)$/;
// What ends the amount being read: a new part of the line.
const AMOUNT_END = /^(?:[(),;/[\]+]|or|plus|and|each|about)$/i;

type Reading = Amount & { start: number; end: number; words: string[]; ends: number[] };

/** The amounts of a tagged line, in order; a unit with no number before it is an amount of its own. */
function readAmounts(tokens: Token[], labels: Label[]): Reading[] {
  const amounts: Reading[] = [];
  let current: Reading | null = null;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!.text;
    const l = labels[i];
    if (l === "QTY") {
      const a = amountOf(t);
      if (!a) continue;
      const prev = tokens[i - 1]?.text ?? "";
      // "1 to 2", "3 or 4": the second amount closes a range.
      if (current && !current.words.length && labels[i - 1] === "QTY" && /^(?:to|or|-|–)$/i.test(prev)) {
        current.quantityMax = a[1] ?? a[0];
        current.end = tokens[i]!.end;
        continue;
      }
      // "1 ½" written apart.
      if (
        current &&
        !current.words.length &&
        labels[i - 1] === "QTY" &&
        /^\d+$/.test(prev) &&
        current.quantityMax === null &&
        a[1] === null &&
        a[0] < 1
      ) {
        current.quantity = (current.quantity ?? 0) + a[0];
        current.end = tokens[i]!.end;
        continue;
      }
      // "+ 1 teaspoon", "plus 2 tablespoons": the word that adds the amount stays with it.
      const from = amounts.length && /^(?:\+|plus)$/i.test(prev) ? tokens[i - 1]!.start : tokens[i]!.start;
      current = {
        text: "",
        quantity: a[0],
        quantityMax: a[1],
        unit: null,
        start: from,
        end: tokens[i]!.end,
        words: [],
        ends: [],
      };
      amounts.push(current);
      continue;
    }
    if (l === "UNIT") {
      if (!current) {
        current = {
          text: "",
          quantity: null,
          quantityMax: null,
          unit: null,
          start: tokens[i]!.start,
          end: tokens[i]!.end,
          words: [],
          ends: [],
        };
        amounts.push(current);
      }
      // A dot after an abbreviation belongs to it ("oz.").
      current.words.push(t);
      current.ends.push(tokens[i]!.end);
      current.end = tokens[i]!.end;
      continue;
    }
    if (l === "PUNC" || l === "NAME" || l === "SIZE") {
      if (AMOUNT_END.test(t)) current = null;
      continue;
    }
    if (AMOUNT_END.test(t) || current?.words.length) current = null;
  }
  // "1 15-ounce can", "1 (1-pound) can": the count goes with the container, the pack size apart.
  const [first, second, third] = amounts;
  if (first && second && !first.words.length && first.quantity !== null) {
    const last = second.words[second.words.length - 1];
    if (second.words.length >= 2 && last && CONTAINER.test(singular(last.toLowerCase()))) {
      first.words.push(second.words.pop()!);
      second.ends.pop();
      second.end = second.ends[second.ends.length - 1]!;
    } else if (
      third &&
      third.quantity === null &&
      third.words.length &&
      CONTAINER.test(singular(third.words[0]!.toLowerCase()))
    ) {
      first.words.push(...third.words);
      amounts.splice(2, 1);
    }
  }
  for (const a of amounts) {
    // "1 tsp teaspoons": the unit written twice is one unit.
    const words = a.words.filter((w, i) => i === 0 || unitSpelling(w) !== unitSpelling(a.words[i - 1]!));
    a.unit = words.length ? unitSpelling(words.join(" ")) : null;
  }
  return amounts;
}

/** Reads the parts of a tagged line. */
export function readTagged(line: string, tagged: TaggedLine): LineReading {
  const { tokens, labels } = tagged;
  const amounts = readAmounts(tokens, labels);
  let name = spans(line, tokens, labels, "NAME", " ") ?? "";
  // A comma between describing words goes ("unsalted, American-style butter"); a list of choices keeps its commas.
  if (name.includes(",") && !/,.*\b(?:or|and)\b/.test(name)) name = name.replace(/\s*,\s*/g, " ");
  const first = amounts.find((a) => a.quantity !== null) ?? amounts[0] ?? null;
  return {
    amounts: amounts.map(({ start, end, words: _w, ends: _e, ...a }) => ({
      ...a,
      text: line.slice(start, end),
    })),
    quantity: first?.quantity ?? null,
    quantityMax: first?.quantityMax ?? null,
    // A count with no unit of its own takes the first unit written after it, as the corpus labels
    // do ("4 lamb shanks (9 to 10 pounds)"); `amounts` keeps each one apart.
    unit: first?.unit ?? amounts.find((a) => a.unit)?.unit ?? null,
    size: spans(line, tokens, labels, "SIZE", " "),
    name,
    alternatives: alternativesOf(name),
    preparation: spans(line, tokens, labels, "PREP", ", "),
    purpose: spans(line, tokens, labels, "PURPOSE", ", "),
    comment: spans(line, tokens, labels, "COMMENT", ", "),
    confidence: confidenceOf(tagged.margins),
  };
}

/** "butter or margarine" → ["butter", "margarine"]; "salt and pepper" is one food. */
export function alternativesOf(name: string): string[] {
  if (!/\s(?:or|and\/or)\s|\//.test(name)) return [];
  const parts = name
    .split(/\s*,\s*(?:or\s+)?|\s+(?:or|and\/or)\s+|\s*\/\s*/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length < 2) return [];
  // "red or green bell pepper": the shared last words belong to each choice.
  const last = parts[parts.length - 1]!.split(/\s+/);
  if (last.length > 1) {
    const tail = last.slice(1).join(" ");
    return parts.map((p, i) => (i < parts.length - 1 && !p.includes(" ") ? `${p} ${tail}` : p));
  }
  return parts;
}
