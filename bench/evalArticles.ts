import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { canonicalText } from "../src/extract/article/canonicalText.ts";
import { readArticle } from "../src/extract/article/readArticle.ts";
import { sanitizeArticle } from "../src/extract/article/sanitizeArticle.ts";

const CORPUS = fileURLToPath(new URL("../../shared/corpus/articles/", import.meta.url));
/** Boilerplate phrases judged by hand on some corpus pages (Readability's output keeps them). */
const TRUTH = new URL("../test/fixtures/articles/boilerplate-truth.json", import.meta.url);
// The pages were saved by Readability's test suite from this address.
const BASE = "http://fakehost/test/page.html";

/** Word tokens, lowercased: what the F1 is counted over. */
export function tokens(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Bag-of-words F1 of `got` against `want`. */
export function tokenF1(got: string[], want: string[]): number {
  if (!got.length && !want.length) return 1;
  if (!got.length || !want.length) return 0;
  const counts = new Map<string, number>();
  for (const w of want) counts.set(w, (counts.get(w) ?? 0) + 1);
  let common = 0;
  for (const g of got) {
    const n = counts.get(g) ?? 0;
    if (n > 0) {
      common++;
      counts.set(g, n - 1);
    }
  }
  if (!common) return 0;
  const p = common / got.length;
  const r = common / want.length;
  return (2 * p * r) / (p + r);
}

/** Shingles of `n` tokens in a row (a text shorter than `n` is one shingle). */
export function shingles(words: string[], n = 4): string[] {
  if (words.length < n) return words.length ? [words.join(" ")] : [];
  const out: string[] = [];
  for (let i = 0; i + n <= words.length; i++) out.push(words.slice(i, i + n).join(" "));
  return out;
}

/** Precision, recall and F1 of the shingles of `got` against those of `want` (multisets). */
export function shingleScore(
  got: string[],
  want: string[],
): { precision: number; recall: number; f1: number } {
  const g = shingles(got);
  const w = shingles(want);
  if (!g.length && !w.length) return { precision: 1, recall: 1, f1: 1 };
  const counts = new Map<string, number>();
  for (const s of w) counts.set(s, (counts.get(s) ?? 0) + 1);
  let common = 0;
  for (const s of g) {
    const c = counts.get(s) ?? 0;
    if (c > 0) {
      common++;
      counts.set(s, c - 1);
    }
  }
  const precision = g.length ? common / g.length : 0;
  const recall = w.length ? common / w.length : 0;
  return { precision, recall, f1: common ? (2 * precision * recall) / (precision + recall) : 0 };
}

const norm = (s: string | null | undefined) => (s ?? "").replace(/\s+/g, " ").trim();

type Score = { precision: number; recall: number; f1: number };

/** One page read and scored against Readability's expected output. */
interface ArticleRow {
  dir: string;
  f1: number;
  shingle: Score;
  /** Against the reference less its lines that hold a phrase judged boilerplate by hand. */
  checked: Score;
  title: boolean;
  byline: boolean;
  failed: string | null;
  /** Canonical text, ours and the expected one (for the per-page diffs). */
  got: string;
  want: string;
}

/** The reference text without its lines that hold one of `not` (boilerplate judged by hand). */
export function withoutJudged(want: string, not: string[]): string {
  const squash = (t: string) => t.replace(/\s+/g, " ");
  return want
    .split("\n")
    .filter((l) => !not.some((phrase) => squash(l).includes(phrase)))
    .join("\n");
}

function scoreArticles(dirs: string[]): ArticleRow[] {
  const rows: ArticleRow[] = [];
  const judged = existsSync(TRUTH)
    ? (JSON.parse(readFileSync(TRUTH, "utf8")) as { pages: Record<string, { not: string[] }> }).pages
    : {};
  for (const dir of dirs) {
    const source = readFileSync(path.join(CORPUS, dir, "source.html"), "utf8");
    const expectedHtml = readFileSync(path.join(CORPUS, dir, "expected.html"), "utf8");
    const meta = JSON.parse(readFileSync(path.join(CORPUS, dir, "expected-metadata.json"), "utf8")) as {
      title?: string;
      byline?: string | null;
    };
    const wantText = canonicalText(sanitizeArticle(expectedHtml, BASE, () => "/api/images/x"));
    const want = tokens(wantText);
    const r = readArticle(source, BASE);
    if (!r.ok) {
      const none = want.length ? 0 : 1;
      rows.push({
        dir,
        f1: none,
        shingle: { precision: none, recall: none, f1: none },
        checked: { precision: none, recall: none, f1: none },
        title: false,
        byline: false,
        failed: r.code,
        got: "",
        want: wantText,
      });
      continue;
    }
    const got = tokens(r.article.canonicalText);
    rows.push({
      dir,
      f1: tokenF1(got, want),
      shingle: shingleScore(got, want),
      checked: shingleScore(got, tokens(withoutJudged(wantText, judged[dir]?.not ?? []))),
      title: norm(r.article.title) === norm(meta.title),
      byline: norm(r.article.byline) === norm(meta.byline),
      failed: null,
      got: r.article.canonicalText,
      want: wantText,
    });
  }
  return rows;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / (xs.length || 1);
const pct = (x: number) => (x * 100).toFixed(2);
const meanShingles = (rows: ArticleRow[], of: "shingle" | "checked" = "shingle"): Score => ({
  precision: mean(rows.map((r) => r[of].precision)),
  recall: mean(rows.map((r) => r[of].recall)),
  f1: mean(rows.map((r) => r[of].f1)),
});

/** The site of a page folder: its name without a trailing page number ("nytimes-3" is "nytimes"). */
export const articleSite = (dir: string) => dir.replace(/-\d+$/, "");

/** Halves by site: the sites sorted by a seeded hash, the first half of them is A (as the recipes' hold-out). */
export function splitArticlesBySite<T extends { dir: string }>(rows: T[], seed: number): { A: T[]; B: T[] } {
  const key = (site: string) => createHash("sha256").update(`${seed}:${site}`).digest("hex");
  const sites = [...new Set(rows.map((r) => articleSite(r.dir)))].sort((a, b) =>
    key(a).localeCompare(key(b)),
  );
  const inA = new Set(sites.slice(0, Math.ceil(sites.length / 2)));
  return {
    A: rows.filter((r) => inA.has(articleSite(r.dir))),
    B: rows.filter((r) => !inA.has(articleSite(r.dir))),
  };
}

/** The lines one text has and the other lacks: `-` expected only, `+` ours only. */
function lineDiff(got: string, want: string, max = 12): string[] {
  const count = (t: string) => {
    const m = new Map<string, number>();
    for (const l of t.split("\n")) m.set(l, (m.get(l) ?? 0) + 1);
    return m;
  };
  const g = count(got);
  const w = count(want);
  const only = (a: Map<string, number>, b: Map<string, number>, sign: string) =>
    [...a].filter(([l, n]) => n > (b.get(l) ?? 0)).map(([l]) => `    ${sign} ${l.slice(0, 160)}`);
  const minus = only(w, g, "-");
  const plus = only(g, w, "+");
  const cut = (xs: string[]) =>
    xs.length > max ? [...xs.slice(0, max), `    … ${xs.length - max} more`] : xs;
  return [...cut(minus), ...cut(plus)];
}

/**
 * `npm run eval -- articles [--verbose] [--holdout [--seed N | --seeds N,M] [--half A|B]]`: over
 * ../shared/corpus/articles, token F1 and 4-token shingle F1, precision and recall of Ladle's
 * canonical text against the canonical text of Readability's expected article, title and byline
 * accuracy, and failures. `--verbose` lists the weakest pages with a line diff. `--holdout` splits
 * the pages by site in two halves per seed and scores each half, so a rule designed on the misses of
 * one half (`--verbose` shows only those of `--half`) is kept only if the other does not lose.
 */
export function printArticleCorpus(opts: {
  verbose: boolean;
  holdout?: boolean;
  seeds?: number[];
  half?: "A" | "B";
}): void {
  if (!existsSync(CORPUS)) {
    console.log("articles: corpus not found (../shared/corpus/articles); skipped");
    return;
  }
  const dirs = readdirSync(CORPUS).filter((d) => existsSync(path.join(CORPUS, d, "source.html")));
  const t0 = performance.now();
  const rows = scoreArticles(dirs);
  const s = (performance.now() - t0) / 1000;
  const n = rows.length;
  const f1s = rows.map((r) => r.f1).sort((a, b) => a - b);
  console.log(`articles: ${n} pages of ../shared/corpus/articles in ${s.toFixed(1)} s`);
  console.log(
    `canonical text token F1 (mean)   ${pct(mean(f1s))}%   median ${pct(f1s[Math.floor(n / 2)]!)}%`,
  );
  const sh = meanShingles(rows);
  console.log(
    `4-token shingles (mean per page) F1 ${pct(sh.f1)}%   precision ${pct(sh.precision)}%   recall ${pct(sh.recall)}%   (against Readability 0.6's expected output: a reference, not human truth)`,
  );
  const ck = meanShingles(rows, "checked");
  console.log(
    `  less hand-judged boilerplate    F1 ${pct(ck.f1)}%   precision ${pct(ck.precision)}%   recall ${pct(ck.recall)}%   (the reference without its lines test/fixtures/articles/boilerplate-truth.json calls boilerplate)`,
  );
  console.log(`pages with F1 >= 0.97            ${rows.filter((r) => r.f1 >= 0.97).length}/${n}`);
  console.log(
    `title accuracy                   ${((rows.filter((r) => r.title).length / n) * 100).toFixed(1)}%`,
  );
  console.log(
    `byline accuracy                  ${((rows.filter((r) => r.byline).length / n) * 100).toFixed(1)}%`,
  );
  console.log(`failed pages                     ${rows.filter((r) => r.failed).length}`);
  const weakest = (rs: ArticleRow[], k: number) =>
    [...rs].sort((a, b) => a.shingle.f1 - b.shingle.f1).slice(0, k);
  const label = (r: ArticleRow) =>
    `${r.dir} F1 ${pct(r.shingle.f1)}% P ${pct(r.shingle.precision)}% R ${pct(r.shingle.recall)}%${r.failed ? ` (${r.failed})` : ""}`;
  if (!opts.holdout) {
    const weak = weakest(rows, opts.verbose ? 30 : 5);
    console.log(`weakest: ${weak.map(label).join(", ")}`);
    if (opts.verbose) for (const r of weak.filter((r) => r.shingle.f1 < 1)) printDiff(r, label);
    return;
  }
  console.log(`\nholdout split by site (shingle F1 / precision / recall, mean per page)`);
  for (const seed of opts.seeds ?? [50]) {
    const halves = splitArticlesBySite(rows, seed);
    for (const h of ["A", "B"] as const) {
      const m = meanShingles(halves[h]);
      const sites = new Set(halves[h].map((r) => articleSite(r.dir))).size;
      console.log(
        `  seed ${String(seed).padEnd(4)} ${h}: ${String(halves[h].length).padStart(3)} pages ${String(sites).padStart(3)} sites   F1 ${pct(m.f1)}%   P ${pct(m.precision)}%   R ${pct(m.recall)}%`,
      );
      const c = meanShingles(halves[h], "checked");
      console.log(
        `             less hand-judged boilerplate  F1 ${pct(c.f1)}%   P ${pct(c.precision)}%   R ${pct(c.recall)}%`,
      );
    }
  }
  if (opts.verbose) {
    const seed = (opts.seeds ?? [50])[0]!;
    const half = opts.half ?? "A";
    const mine = splitArticlesBySite(rows, seed)[half];
    console.log(`\nmisses of half ${half} (seed ${seed}), weakest first`);
    for (const r of weakest(mine, 30).filter((r) => r.shingle.f1 < 1)) printDiff(r, label);
  }
}

function printDiff(r: ArticleRow, label: (r: ArticleRow) => string): void {
  console.log(`  ${label(r)}`);
  for (const l of lineDiff(r.got, r.want)) console.log(l);
}
