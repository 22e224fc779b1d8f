// Hand-written: a check beyond the spec: numbers an LLM states must exist in the source.

const VULGAR: Record<string, number> = {
  "½": 0.5,
  "⅓": 1 / 3,
  "⅔": 2 / 3,
  "¼": 0.25,
  "¾": 0.75,
  "⅛": 0.125,
  "⅜": 0.375,
  "⅝": 0.625,
  "⅞": 0.875,
  "⅕": 0.2,
  "⅙": 1 / 6,
};
const NUMBER = /(\d+)\s+(\d+)\/(\d+)|(\d+)\/(\d+)|(\d+(?:[.,]\d+)?)\s*([½⅓⅔¼¾⅛⅜⅝⅞⅕⅙])?|([½⅓⅔¼¾⅛⅜⅝⅞⅕⅙])/g;

/** Every number written in a text (integers, decimals, fractions, vulgar fractions, mixed numbers). */
export function numbersIn(text: string): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(NUMBER)) {
    if (m[1]) out.push(Number(m[1]) + Number(m[2]) / Number(m[3]));
    else if (m[4]) out.push(Number(m[4]) / Number(m[5]));
    else if (m[6]) out.push(Number(m[6].replace(",", ".")) + (m[7] ? VULGAR[m[7]]! : 0));
    else if (m[8]) out.push(VULGAR[m[8]]!);
  }
  return out;
}

const near = (a: number, b: number) => Math.abs(a - b) < 0.01 * Math.max(1, Math.abs(b));

/**
 * Warnings for numbers in LLM-produced fields (quantities, temperatures, times, servings) that
 * the source text never states. Times may appear as minutes or hours.
 */
export function groundingWarnings(
  source: string,
  fields: { path: string; value: number | string | null | undefined; kind?: "minutes" | "plain" }[],
): string[] {
  const stated = fields.some(
    (f) => f.value !== null && f.value !== undefined && f.value !== "" && f.value !== 0,
  );
  // No source text: the numbers are not checked, which is not the same as checked and found.
  if (!source.trim())
    return stated
      ? ["Grounding not checked: the page gave no text to compare the LLM's numbers with; check them"]
      : [];
  const known = numbersIn(source);
  const has = (n: number) => known.some((k) => near(k, n));
  const warnings: string[] = [];
  for (const f of fields) {
    if (f.value === null || f.value === undefined || f.value === "" || f.value === 0) continue;
    const values = typeof f.value === "number" ? [f.value] : numbersIn(f.value);
    for (const v of values) {
      if (v === 0) continue;
      const ok =
        has(v) ||
        (f.kind === "minutes" && (has(v / 60) || (v > 60 && has(Math.floor(v / 60)) && has(v % 60))));
      if (!ok) {
        warnings.push(
          `Grounding: ${f.path} states ${Math.round(v * 1000) / 1000}, which the source text does not; check it`,
        );
        break;
      }
    }
  }
  return warnings;
}
