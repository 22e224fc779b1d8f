// The publisher's name is a brand as the site's is (issue 50, "author: a site or brand name where
// the page names a person"): the byline's writer wins over it.
import { describe, expect, it } from "vitest";
import { extractRecipe } from "./extractRecipe.ts";
import { copyrightHolder } from "./publisherName.ts";

const LD = (extra: Record<string, unknown>) =>
  `<script type="application/ld+json">${JSON.stringify({
    "@context": "https://schema.org",
    "@type": "Recipe",
    name: "Lemon bars",
    recipeIngredient: ["1 cup flour", "2 lemons, juiced"],
    recipeInstructions: ["Press the crust into the pan and bake it.", "Pour the filling over it and bake."],
    ...extra,
  })}</script>`;
const BYLINE = `<p class="byline">By <a href="/contributor/jane-doe">Jane Doe</a></p>`;
const author = (head: string, body: string) => {
  const r = extractRecipe({
    html: `<html><head><meta property="og:site_name" content="Cook Test">${head}</head><body><h1>Lemon bars</h1>${body}</body></html>`,
    url: "https://cooktest.com/lemon-bars",
  });
  return r.ok ? r.recipe.author : r.code;
};

describe("author: the publisher's name gives way to the writer the byline names", () => {
  it("where the author tag names the copyright's holder", () => {
    const head = `<meta name="author" content="Pan Media"><meta name="copyright" content="Copyright (c) Pan Media 2022">`;
    expect(author(LD({}) + head, BYLINE)).toBe("Jane Doe");
  });

  it("where the structured data's author is its publisher", () => {
    const org = { "@type": "Organization", name: "Pan Media" };
    expect(author(LD({ author: org, publisher: org }), BYLINE)).toBe("Jane Doe");
  });

  it("keeps a writer who holds the copyright of a page with no other byline", () => {
    const head = `<meta name="author" content="Ann Lee"><meta name="copyright" content="© 2024 Ann Lee. All rights reserved.">`;
    expect(author(LD({}) + head, "")).toBe("Ann Lee");
  });

  it("keeps an author who is no publisher", () => {
    const head = `<meta name="author" content="Ann Lee"><meta name="copyright" content="Copyright (c) Pan Media 2022">`;
    expect(author(LD({}) + head, BYLINE)).toBe("Ann Lee");
  });
});

describe("copyrightHolder", () => {
  it("is the name without its sign, years and legal form", () => {
    expect(copyrightHolder("Copyright (c) Pan Media 2022")).toBe("Pan Media");
    expect(copyrightHolder("© 2019-2024 Pan Media, Inc. All rights reserved.")).toBe("Pan Media");
    expect(copyrightHolder(null)).toBeNull();
  });
});
