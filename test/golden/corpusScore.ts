// Scoring helpers shared by the real-page and ingredient-line corpus evaluations (bench/eval.ts),
// written to the rules of ../shared/corpus/*/README.md.
import { decodeHTML } from "entities";

const VULGAR: Record<string, string> = {
  "¼": "1/4",
  "½": "1/2",
  "¾": "3/4",
  "⅐": "1/7",
  "⅑": "1/9",
  "⅒": "1/10",
  "⅓": "1/3",
  "⅔": "2/3",
  "⅕": "1/5",
  "⅖": "2/5",
  "⅗": "3/5",
  "⅘": "4/5",
  "⅙": "1/6",
  "⅚": "5/6",
  "⅛": "1/8",
  "⅜": "3/8",
  "⅝": "5/8",
  "⅞": "7/8",
};
const VULGAR_RE = /(\d?)([¼½¾⅐-⅞])/g;

/**
 * The corpus README's normalization: entities decoded twice, tags removed, vulgar fractions as
 * `n/d` (a space after a preceding digit), NFKC, fraction slash as `/`, straight quotes, `-` for
 * dashes, no-break spaces as spaces, zero-width characters removed, white space collapsed, case folded.
 */
export function corpusNorm(s: unknown): string {
  if (s === null || s === undefined) return "";
  let t = typeof s === "string" ? s : String(s);
  t = decodeHTML(decodeHTML(t));
  t = t.replace(/<[^>]*>/g, " ");
  t = t.replace(VULGAR_RE, (_m, d: string, f: string) => (d ? `${d} ${VULGAR[f]}` : VULGAR[f]!));
  return t
    .normalize("NFKC")
    .replace(/\u2044/g, "/")
    .replace(/[\u2018\u2019\u201a\u201b\u2032`´]/g, "'")
    .replace(/[\u201c\u201d\u201e\u201f\u2033]/g, '"')
    .replace(/[\u2013\u2014]/g, "-")
    .replace(/[\u00a0\u202f\u2007]/g, " ")
    .replace(/[\u200b-\u200d\u2060\ufeff]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}

/** The `\w+` tokens of a text (Unicode letters, digits and underscore). */
export function wordTokens(s: string): string[] {
  return s.match(/[\p{L}\p{N}\p{M}_]+/gu) ?? [];
}

/** F1 of two token multisets; two empty sides agree. */
export function tokenF1(got: string[], want: string[]): number {
  if (!got.length && !want.length) return 1;
  if (!got.length || !want.length) return 0;
  const counts = new Map<string, number>();
  for (const t of want) counts.set(t, (counts.get(t) ?? 0) + 1);
  let hit = 0;
  for (const t of got) {
    const c = counts.get(t) ?? 0;
    if (c > 0) {
      hit++;
      counts.set(t, c - 1);
    }
  }
  if (!hit) return 0;
  const p = hit / got.length;
  const r = hit / want.length;
  return (2 * p * r) / (p + r);
}

/** Running mean of one field, with the ids (and diffs) of the misses. */
export class Tally {
  sum = 0;
  n = 0;
  misses: { id: string; diff: string }[] = [];

  add(value: number, id: string, diff: () => string): void {
    this.sum += value;
    this.n++;
    if (value < 1) this.misses.push({ id, diff: diff() });
  }

  get mean(): number {
    return this.n ? this.sum / this.n : NaN;
  }
}

/** A miss of two lists as a line diff: common prefix/suffix kept out, `-` expected, `+` got. */
export function listDiff(want: string[], got: string[]): string {
  let a = 0;
  while (a < want.length && a < got.length && want[a] === got[a]) a++;
  let b = 0;
  while (b < want.length - a && b < got.length - a && want[want.length - 1 - b] === got[got.length - 1 - b])
    b++;
  const lines: string[] = [];
  if (a) lines.push(`    (${a} equal)`);
  for (const w of want.slice(a, want.length - b)) lines.push(`  - ${w}`);
  for (const g of got.slice(a, got.length - b)) lines.push(`  + ${g}`);
  if (b) lines.push(`    (${b} equal)`);
  return lines.join("\n");
}

/** A miss of two values: `-` expected, `+` got. */
export function valueDiff(want: unknown, got: unknown): string {
  return `  - ${String(want ?? "∅")}\n  + ${String(got ?? "∅")}`;
}

/** A table: one row per field, one column per group, figures as percent or F1. */
export function printTable(
  title: string,
  columns: { name: string; n: number }[],
  rows: { field: string; f1?: boolean; cells: (Tally | undefined)[] }[],
): void {
  console.log(`\n${title}`);
  const head = columns.map((c) => `${c.name} (${c.n})`.padStart(20)).join("");
  console.log(`${"field".padEnd(40)}${head}`);
  for (const r of rows) {
    const cells = r.cells
      .map((t) => {
        if (!t || !t.n) return "–".padStart(20);
        const v = r.f1 ? t.mean.toFixed(3) : `${(t.mean * 100).toFixed(1)}%`;
        return v.padStart(20);
      })
      .join("");
    console.log(`${r.field.padEnd(40)}${cells}`);
  }
}
