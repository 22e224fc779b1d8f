import { describe, expect, it } from "vitest";
import { readArticle } from "./readArticle.ts";

const URL_ = "https://bakery.test/news/slow-bread";
const para = (i: number) =>
  `<p>Paragraph ${i} of the story: sourdough asks for patience, and the bakers of the slow bread movement ` +
  `say the long rise is what gives the crumb its flavour, its keeping quality and its open texture ${i}.</p>`;
const story = Array.from({ length: 8 }, (_, i) => para(i + 1)).join("\n");

function page(inner: string, head = ""): string {
  return `<!doctype html><html lang="en"><head><title>The Slow Bread Movement</title>${head}</head><body>
<article><h1>The Slow Bread Movement</h1>${inner}</article></body></html>`;
}

describe("article boilerplate", () => {
  it("drops calls to subscribe, share rows, related-link lists and comment counts, keeps the story", () => {
    const html = page(`
<p class="byline">By Jane Baker</p>
${story.split("\n").slice(0, 4).join("\n")}
<div class="newsletter-box"><h3>The Loaf, weekly</h3><p>Get the best of Bakery News in your inbox every week.</p></div>
<p>Sign up for our newsletter to get recipes in your inbox.</p>
${story.split("\n").slice(4).join("\n")}
<ul><li><a href="/a">Ten breads to bake this weekend</a></li><li><a href="/b">Why rye is back</a></li><li><a href="/c">The best bread knives</a></li></ul>
<p>Share this</p>
<p>12 comments</p>`);
    const r = readArticle(html, URL_);
    if (!r.ok) throw new Error(r.message);
    const text = r.article.canonicalText;
    for (let i = 1; i <= 8; i++) expect(text).toContain(`Paragraph ${i} of the story`);
    expect(text).not.toMatch(/newsletter|inbox/i);
    expect(text).not.toContain("Ten breads to bake");
    expect(text).not.toContain("Share this");
    expect(text).not.toContain("12 comments");
  });

  it("drops blocks the page's own articleBody does not contain, when it holds the rest", () => {
    const body = Array.from({ length: 8 }, (_, i) => para(i + 1).replace(/<\/?p>/g, "")).join(" ");
    const ld = `<script type="application/ld+json">${JSON.stringify({ "@type": "NewsArticle", articleBody: body })}</script>`;
    const html = page(
      `${story}\n<p>Elsewhere on the site this week: a feature on the rise of the croissant in suburban cafes and more.</p>`,
      ld,
    );
    const r = readArticle(html, URL_);
    if (!r.ok) throw new Error(r.message);
    expect(r.article.canonicalText).toContain("Paragraph 8 of the story");
    expect(r.article.canonicalText).not.toContain("rise of the croissant");
  });

  it("keeps Readability's text when the evidence would leave much less of it", () => {
    // Every paragraph sits in a container whose class says "related": dropping them would leave
    // almost nothing, so the pass is not trusted on this page.
    const html = page(`<div class="related-story">${story}</div>`);
    const r = readArticle(html, URL_);
    if (!r.ok) throw new Error(r.message);
    expect(r.article.canonicalText).toContain("Paragraph 8 of the story");
  });
});
