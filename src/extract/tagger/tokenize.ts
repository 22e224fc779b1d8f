// Ingredient lines cut into the tokens the tagger labels: amounts (with mixed numbers, vulgar
// fractions and ranges kept whole), words (hyphens and apostrophes inside), and single punctuation
// marks. Each token keeps its place in the line so labelled spans can be cut from the text as written.

/** One token of a line, with its offsets in the line. */
export interface Token {
  text: string;
  start: number;
  end: number;
}

const VULGAR: Record<string, number> = {
  "¼": 1 / 4,
  "½": 1 / 2,
  "¾": 3 / 4,
  "⅐": 1 / 7,
  "⅑": 1 / 9,
  "⅒": 1 / 10,
  "⅓": 1 / 3,
  "⅔": 2 / 3,
  "⅕": 1 / 5,
  "⅖": 2 / 5,
  "⅗": 3 / 5,
  "⅘": 4 / 5,
  "⅙": 1 / 6,
  "⅚": 5 / 6,
  "⅛": 1 / 8,
  "⅜": 3 / 8,
  "⅝": 5 / 8,
  "⅞": 7 / 8,
};
const V = "[¼½¾⅐-⅞]";
// One amount: "1 1/2", "1½", "1 ½", "1/2", "1.5", ".5", "1,5", "½", "12".
const NUM = `(?:\\d+\\s+\\d+[/⁄]\\d+|\\d+${V}|\\d+\\s${V}(?![-–\\p{L}])|\\d+[/⁄]\\d+|\\d*[.,]\\d+|\\d+|${V})`;
// An amount or a range of two ("2-3", "1/2–1", "2 - 3").
const TOKEN = new RegExp(
  `${NUM}(?:\\s?[-–]\\s?${NUM})?|[\\p{L}\\p{M}]+(?:['’\\-][\\p{L}\\p{M}]+)*|\\S`,
  "gu",
);

/** The tokens of one line. */
export function tokenize(line: string): Token[] {
  const out: Token[] = [];
  for (const m of line.matchAll(TOKEN)) out.push({ text: m[0], start: m.index, end: m.index + m[0].length });
  return out;
}

const IS_AMOUNT = new RegExp(`^${NUM}(?:\\s?[-–]\\s?${NUM})?$`, "u");

/** True for a token that is an amount or a range of amounts. */
export function isAmount(t: string): boolean {
  return IS_AMOUNT.test(t);
}

// Compiled once: amounts are read for every quantity token of every line.
const WHOLE_AND_VULGAR = new RegExp(`^(\\d+)\\s?(${V})$`, "u");
const RANGE = new RegExp(`^(${NUM})\\s?[-–]\\s?(${NUM})$`, "u");

/** The value of one amount ("1 1/2" → 1.5, "½" → 0.5, "1,5" → 1.5); null when it is none. */
export function amountValue(t: string): number | null {
  const s = t.trim();
  let m = /^(\d+)\s+(\d+)[/⁄](\d+)$/.exec(s);
  if (m) return Number(m[3]) ? Number(m[1]) + Number(m[2]) / Number(m[3]) : null;
  m = WHOLE_AND_VULGAR.exec(s);
  if (m) return Number(m[1]) + VULGAR[m[2]!]!;
  m = /^(\d+)[/⁄](\d+)$/.exec(s);
  if (m) return Number(m[2]) ? Number(m[1]) / Number(m[2]) : null;
  if (/^\d{1,3},\d{3}$/.test(s)) return Number(s.replace(",", ""));
  if (/^\d*[.,]\d+$|^\d+$/.test(s)) return Number(s.replace(",", "."));
  if (VULGAR[s] !== undefined) return VULGAR[s];
  return null;
}

/** The lower and upper values of an amount token ("2-3" → [2, 3], "4" → [4, null]). */
export function amountRange(t: string): [number, number | null] | null {
  const m = RANGE.exec(t.trim());
  if (m) {
    const a = amountValue(m[1]!);
    const b = amountValue(m[2]!);
    return a === null ? null : [a, b];
  }
  const v = amountValue(t);
  return v === null ? null : [v, null];
}
