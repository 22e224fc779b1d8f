import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { readArticle } from "./readArticle.ts";

// A small hand-checked truth over the article corpus (kept outside the repo): for each page, what
// is not the article (boilerplate phrases judged by reading the page) must go, and the article's
// first and last paragraphs must stay. Readability's expected output keeps most of that boilerplate,
// so this, not the corpus's F1, is what says the boilerplate passes are right.
const CORPUS = fileURLToPath(new URL("../../../../shared/corpus/articles/", import.meta.url));
const TRUTH = JSON.parse(
  readFileSync(new URL("../../../test/fixtures/articles/boilerplate-truth.json", import.meta.url), "utf8"),
) as { pages: Record<string, { first: string; last: string; not: string[] }> };
const norm = (s: string) => s.replace(/\s+/g, " ");

describe.skipIf(!existsSync(CORPUS))("article boilerplate on hand-checked corpus pages", () => {
  for (const [dir, truth] of Object.entries(TRUTH.pages))
    it(`${dir}: drops what is not the article, keeps its first and last paragraphs`, () => {
      const r = readArticle(
        readFileSync(`${CORPUS}${dir}/source.html`, "utf8"),
        "http://fakehost/test/page.html",
      );
      if (!r.ok) throw new Error(r.message);
      const text = norm(r.article.canonicalText);
      expect(text).toContain(truth.first);
      expect(text).toContain(truth.last);
      for (const phrase of truth.not) expect(text).not.toContain(phrase);
    });
});
