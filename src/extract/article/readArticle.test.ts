import { afterAll, describe, expect, it } from "vitest";
import { articlePage } from "../../../test/helpers/articlePages.ts";
import { ArticleParser } from "./articleParser.ts";
import { readArticle } from "./readArticle.ts";

const URL_ = "https://bakery.test/news/slow-bread";

describe("readArticle", () => {
  it("keeps the article with its metadata, drops the page chrome", () => {
    const r = readArticle(articlePage({ body: '<p><img data-src="/i/a.jpg" alt="a"></p>' }), URL_, {
      newImageId: () => "11111111-1111-4111-8111-111111111111",
    });
    if (!r.ok) throw new Error(r.message);
    expect(r.article).toMatchObject({ title: "The Slow Bread Movement", byline: "Jane Baker", lang: "en" });
    expect(r.article.images).toEqual([
      { id: "11111111-1111-4111-8111-111111111111", url: "https://bakery.test/i/a.jpg" },
    ]);
    expect(r.article.canonicalText).toContain("Sourdough asks for patience");
    expect(r.article.canonicalText).not.toContain("Copyright Bakery News");
  });

  it("refuses pages over the DOM-size caps with E_EXTRACT_NO_CONTENT", () => {
    const big = articlePage({ body: "<div><span>x</span></div>".repeat(2000) });
    const elems = readArticle(big, URL_, { maxElements: 500 });
    expect(elems).toMatchObject({ ok: false, code: "E_EXTRACT_NO_CONTENT" });
    expect(!elems.ok && elems.message).toMatch(/too large/);
    const chars = readArticle(big, URL_, { maxChars: 1000 });
    expect(chars).toMatchObject({ ok: false, code: "E_EXTRACT_NO_CONTENT" });
  });

  it("fails a page without text", () => {
    expect(readArticle("<html><body><nav><a href='/'>Home</a></nav></body></html>", URL_)).toMatchObject({
      ok: false,
      code: "E_EXTRACT_NO_CONTENT",
    });
  });

  it("keeps a short page whole: a note that is all the page says, or pictures under headings", () => {
    const note = readArticle("<html><body>\n  Test\n</body></html>", URL_);
    expect(note.ok && note.article.canonicalText).toBe("Test");
    const linked = readArticle(
      '<html><body><a href="javascript:"><p>abc</p><p>def</p> ghi</a></body></html>',
      URL_,
    );
    expect(linked.ok && linked.article.canonicalText.split(/\s+/)).toEqual(["abc", "def", "ghi"]);
    const pictures = readArticle(
      '<html><body><article><h2>Case 1</h2><img src="/a.jpg" alt="a"><h2>Case 2</h2><img src="/b.png" alt="b"></article></body></html>',
      URL_,
    );
    expect(pictures.ok && pictures.article.images.length).toBe(2);
    // A page whose only words are its navigation still has no article.
    const nav = readArticle(
      "<html><body><header><a href='/'>Home</a> <a href='/about'>About</a></header></body></html>",
      URL_,
    );
    expect(nav).toMatchObject({ ok: false, code: "E_EXTRACT_NO_CONTENT" });
  });
});

describe("ArticleParser (worker threads)", () => {
  const parser = new ArticleParser({ workers: 1, timeoutMs: 20_000, memoryMb: 256, read: {} });
  afterAll(() => parser.close());

  it("reads off the event loop, and a page over the time limit fails without taking the process down", async () => {
    const ok = await parser.parse(articlePage(), URL_);
    expect(ok.ok && ok.article.title).toBe("The Slow Bread Movement");
    const slow = new ArticleParser({ workers: 1, timeoutMs: 1, memoryMb: 256, read: {} });
    const r = await slow.parse(articlePage(), URL_);
    await slow.close();
    expect(r).toMatchObject({ ok: false, code: "E_EXTRACT_NO_CONTENT" });
    expect(!r.ok && r.message).toMatch(/longer than/);
    // The pool replaced nothing it still needs: the first parser keeps working.
    expect((await parser.parse(articlePage({ title: "Again" }), URL_)).ok).toBe(true);
  });
});
