import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { canonicalText } from "../src/extract/article/canonicalText.ts";
import { readArticle } from "../src/extract/article/readArticle.ts";
import { sanitizeArticle } from "../src/extract/article/sanitizeArticle.ts";

const CORPUS = fileURLToPath(new URL("../../shared/corpus/articles/", import.meta.url));
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

/**
 * `npm run eval -- articles`: over ../shared/corpus/articles, token F1 and 4-token shingle F1,
 * precision and recall of Ladle's canonical text against the canonical text of Readability's
 * expected article, title and byline accuracy, and failures. `--verbose` lists the weakest pages.
 */
export function printArticleCorpus(opts: { verbose: boolean }): void {
  if (!existsSync(CORPUS)) {
    console.log("articles: corpus not found (../shared/corpus/articles); skipped");
    return;
  }
  const dirs = readdirSync(CORPUS).filter((d) => existsSync(path.join(CORPUS, d, "source.html")));
  const rows: {
    dir: string;
    f1: number;
    shingle: { precision: number; recall: number; f1: number };
    title: boolean;
    byline: boolean;
    failed: string | null;
  }[] = [];
  const t0 = performance.now();
  for (const dir of dirs) {
    const source = readFileSync(path.join(CORPUS, dir, "source.html"), "utf8");
    const expectedHtml = readFileSync(path.join(CORPUS, dir, "expected.html"), "utf8");
    const meta = JSON.parse(readFileSync(path.join(CORPUS, dir, "expected-metadata.json"), "utf8")) as {
      title?: string;
      byline?: string | null;
    };
    const want = tokens(canonicalText(sanitizeArticle(expectedHtml, BASE, () => "/api/images/x")));
    const r = readArticle(source, BASE);
    if (!r.ok) {
      const none = want.length ? 0 : 1;
      rows.push({
        dir,
        f1: none,
        shingle: { precision: none, recall: none, f1: none },
        title: false,
        byline: false,
        failed: r.code,
      });
      continue;
    }
    rows.push({
      dir,
      f1: tokenF1(tokens(r.article.canonicalText), want),
      shingle: shingleScore(tokens(r.article.canonicalText), want),
      title: norm(r.article.title) === norm(meta.title),
      byline: norm(r.article.byline) === norm(meta.byline),
      failed: null,
    });
  }
  const s = (performance.now() - t0) / 1000;
  const n = rows.length;
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / (xs.length || 1);
  const f1s = rows.map((r) => r.f1).sort((a, b) => a - b);
  console.log(`articles: ${n} pages of ../shared/corpus/articles in ${s.toFixed(1)} s`);
  console.log(
    `canonical text token F1 (mean)   ${(mean(f1s) * 100).toFixed(2)}%   median ${(f1s[Math.floor(n / 2)]! * 100).toFixed(2)}%`,
  );
  const sh = (k: "precision" | "recall" | "f1") => (mean(rows.map((r) => r.shingle[k])) * 100).toFixed(2);
  console.log(
    `4-token shingles (mean per page) F1 ${sh("f1")}%   precision ${sh("precision")}%   recall ${sh("recall")}%   (against Readability 0.6's expected output: a reference, not human truth)`,
  );
  console.log(`pages with F1 >= 0.97            ${rows.filter((r) => r.f1 >= 0.97).length}/${n}`);
  console.log(
    `title accuracy                   ${((rows.filter((r) => r.title).length / n) * 100).toFixed(1)}%`,
  );
  console.log(
    `byline accuracy                  ${((rows.filter((r) => r.byline).length / n) * 100).toFixed(1)}%`,
  );
  console.log(`failed pages                     ${rows.filter((r) => r.failed).length}`);
  const weak = [...rows].sort((a, b) => a.f1 - b.f1).slice(0, opts.verbose ? 30 : 5);
  console.log(
    `weakest: ${weak.map((r) => `${r.dir} ${(r.f1 * 100).toFixed(1)}%${r.failed ? ` (${r.failed})` : ""}`).join(", ")}`,
  );
}
