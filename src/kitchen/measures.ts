import { UNITS, unitId } from "../normalize/units.ts";

/**
 * Finding amounts inside an ingredient line's own words, so a scaled line keeps the cook's wording
 * ("2 cups flour, sifted" → "1 cup flour, sifted") and the second measures it states ("(140 g)",
 * "/ 3½ oz") are scaled or converted with it. Hand-written: the ingredient parser gives values, not
 * where in the line they were written.
 */

const FRACTION_CHARS = "¼½¾⅓⅔⅛⅜⅝⅞⅕⅖⅗⅘⅙⅚";
const FRACTION_VALUES: Record<string, number> = {
  "¼": 1 / 4,
  "½": 1 / 2,
  "¾": 3 / 4,
  "⅓": 1 / 3,
  "⅔": 2 / 3,
  "⅛": 1 / 8,
  "⅜": 3 / 8,
  "⅝": 5 / 8,
  "⅞": 7 / 8,
  "⅕": 1 / 5,
  "⅖": 2 / 5,
  "⅗": 3 / 5,
  "⅘": 4 / 5,
  "⅙": 1 / 6,
  "⅚": 5 / 6,
};

/** One number as written: "1 1/2", "1½", "1 ½", "3/4", "1,5", "2". */
export const NUM = String.raw`(?:\d+\s+\d+\s*[/⁄]\s*\d+|\d+\s*[/⁄]\s*\d+|\d+\s?[${FRACTION_CHARS}]|\d+(?:[.,]\d+)?|[${FRACTION_CHARS}])`;
/** A number or a range of two ("2-3", "2 to 3"). */
export const QTY = String.raw`${NUM}(?:\s*(?:-|–|—|to|or|bis|à|a)\s*${NUM})?`;

/** The value of one number as written; NaN when it is not one. */
export function numberValue(s: string): number {
  const t = s.trim().replace("⁄", "/");
  let m = /^(\d+)\s+(\d+)\s*\/\s*(\d+)$/.exec(t);
  if (m) return Number(m[1]) + Number(m[2]) / Number(m[3]);
  m = /^(\d+)\s*\/\s*(\d+)$/.exec(t);
  if (m) return Number(m[1]) / Number(m[2]);
  m = new RegExp(`^(\\d*)\\s?([${FRACTION_CHARS}])$`).exec(t);
  if (m) return Number(m[1] || 0) + FRACTION_VALUES[m[2]!]!;
  const n = Number(t.replace(",", "."));
  return Number.isFinite(n) ? n : NaN;
}

/** A quantity as written: its value and, for a range, its top. */
export function quantityValue(s: string): { quantity: number; quantityMax: number | null } {
  const m = new RegExp(`^(${NUM})(?:\\s*(?:-|–|—|to|or|bis|à|a)\\s*(${NUM}))?$`).exec(s.trim());
  if (!m) return { quantity: NaN, quantityMax: null };
  return { quantity: numberValue(m[1]!), quantityMax: m[2] ? numberValue(m[2]) : null };
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

// Spellings of units with a size (volume, mass), longest first so "fl oz" wins over "oz". Single
// letters other than g and l ("T", "C") are left out: inside a line they are too often something else.
const MEASURED_SPELLINGS = [
  ...new Set(
    Object.values(UNITS)
      .filter((u) => u.base !== undefined)
      .flatMap((u) => [u.house, ...u.aliases])
      .flatMap((s) => [s, s.toLowerCase()])
      .filter((s) => s.length > 1 || s === "g" || s === "l"),
  ),
].sort((a, b) => b.length - a.length);

const MEASURE_RE = new RegExp(
  String.raw`(${QTY})\s*-?\s*(${MEASURED_SPELLINGS.map(escape).join("|")})(?![\p{L}])`,
  "gu",
);

/** A measure found in a line: where it is, its value and the unit id it names. */
export interface FoundMeasure {
  start: number;
  end: number;
  quantity: number;
  quantityMax: number | null;
  unitId: string;
}

/** Every "number unit" measure of a sized unit in `text` ("140 grams", "3½oz", "28-ounce"). */
export function findMeasures(text: string): FoundMeasure[] {
  const out: FoundMeasure[] = [];
  for (const m of text.matchAll(MEASURE_RE)) {
    const id = unitId(m[2]!);
    const q = quantityValue(m[1]!);
    if (!id || !Number.isFinite(q.quantity)) continue;
    out.push({ start: m.index, end: m.index + m[0].length, ...q, unitId: id });
  }
  return out;
}

const LEADING_ARTICLE = /^(?:an?|one)\s+/i;

/**
 * Where the line states its main amount: the span of the quantity (and of the unit when it follows
 * right after), for a parsed `quantity` and `unit`. Null when the line does not say it in a way we
 * can find (then the scaled line is written from its parts).
 */
export function findMainAmount(
  text: string,
  quantity: number,
  unit: string | null,
): { start: number; end: number; unitInSpan: boolean; unitStart: number } | null {
  const id = unit ? unitId(unit) : null;
  let start = -1;
  let end = -1;
  const art = LEADING_ARTICLE.exec(text);
  if (art && quantity === 1 && unit && unitAt(text, art[0].length, unit, id)) {
    start = 0;
    end = art[0].length;
  } else {
    const re = new RegExp(`(?<![\\d/.,])(${QTY})(?![\\d/]|\\s?[${FRACTION_CHARS}])`, "gu");
    for (const m of text.matchAll(re)) {
      const q = quantityValue(m[1]!);
      if (Math.abs(q.quantity - quantity) < 0.01) {
        start = m.index;
        end = m.index + m[0].length;
        break;
      }
    }
  }
  if (start < 0) return null;
  if (!unit) return { start, end, unitInSpan: false, unitStart: end };
  const u = unitAt(text, end, unit, id);
  if (u === null) return { start, end, unitInSpan: false, unitStart: end };
  return { start, end: u.end, unitInSpan: true, unitStart: u.start };
}

/** Where a spelling of `unit` starts and ends after `at` (after blanks or a hyphen), or null. */
function unitAt(
  text: string,
  at: number,
  unit: string,
  id: string | null,
): { start: number; end: number } | null {
  const m = /^\s*-?\s*/.exec(text.slice(at))!;
  const from = at + m[0].length;
  // Up to four words of letters and dots ("fl. oz.", "colheres de sopa"); "100g/3½oz" stops at "/".
  const run = /^[\p{L}.()]+(?:[ \t]+[\p{L}.()]+){0,3}/u.exec(text.slice(from));
  if (!run) return null;
  const words = run[0].split(/(?<=\s)/u);
  let taken = "";
  let best: { start: number; end: number } | null = null;
  for (const w of words) {
    taken += w;
    const bare = taken.trim().replace(/[,;:]$/, "");
    const same = id
      ? unitId(bare) === id
      : [unit.toLowerCase(), `${unit.toLowerCase()}s`, `${unit.toLowerCase()}es`].includes(
          bare.toLowerCase(),
        );
    if (same) best = { start: from, end: from + bare.length };
  }
  return best;
}
