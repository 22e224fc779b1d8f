// The person over the site's own name (issue 50: "author: a site or brand name where the page names
// a person; a byline with its link text"), each rule on its minimal page.
import { describe, expect, it } from "vitest";
import { extractRecipe } from "./extractRecipe.ts";
import { personName } from "./schemaRecipe.ts";

const URL_ = "https://cooktest.com/lemon-bars";
const CARD = (author: string) => `<div class="wprm-recipe-container"><div class="wprm-recipe">
<h2 class="wprm-recipe-name">Lemon bars</h2>
${author ? `<span class="wprm-recipe-author">${author}</span>` : ""}
<div class="wprm-recipe-ingredients-container"><ul><li class="wprm-recipe-ingredient">1 cup flour</li>
<li class="wprm-recipe-ingredient">2 lemons, juiced</li></ul></div>
<div class="wprm-recipe-instructions-container"><ul><li class="wprm-recipe-instruction">Press the crust into the pan and bake it until golden.</li>
<li class="wprm-recipe-instruction">Pour the lemon filling over it and bake until set.</li></ul></div></div></div>`;
const LD = (author: unknown, extra: Record<string, unknown> = {}) =>
  `<script type="application/ld+json">${JSON.stringify({
    "@context": "https://schema.org",
    "@type": "Recipe",
    name: "Lemon bars",
    author,
    recipeIngredient: ["1 cup flour", "2 lemons, juiced"],
    recipeInstructions: ["Press the crust into the pan and bake it.", "Pour the filling over it and bake."],
    ...extra,
  })}</script>`;
const author = (head: string, body: string) => {
  const r = extractRecipe({
    html: `<html><head><meta property="og:site_name" content="Cook Test">${head}</head><body><h1>Lemon bars</h1>${body}</body></html>`,
    url: URL_,
  });
  return r.ok ? r.recipe.author : r.code;
};

describe("author: a person the page names wins over the site's name", () => {
  it("takes the card's author over structured data naming the site by its host", () => {
    expect(author(LD({ "@type": "Person", name: "cooktest" }), CARD("Jane Doe"))).toBe("Jane Doe");
    expect(author(LD({ "@type": "Person", name: "Cook Test" }), CARD("Jane Doe"))).toBe("Jane Doe");
  });

  it("reads the whole card's author after its snippet", () => {
    const snippet = `<div class="wprm-recipe wprm-recipe-snippet"><a href="#r">Jump to recipe</a></div>`;
    expect(author(LD({ "@type": "Person", name: "cooktest" }), snippet + CARD("Jane Doe"))).toBe("Jane Doe");
  });

  it("keeps a card's signature of a person of the site whole", () => {
    expect(author(LD({ "@type": "Person", name: "Cook Test" }), CARD("Jane Doe of Cook Test"))).toBe(
      "Jane Doe of Cook Test",
    );
  });

  it("takes the recipe's Person creator", () => {
    const ld = LD(
      { "@type": "Organization", name: "Cook Test" },
      { creator: { "@type": "Person", name: "Jane Doe" } },
    );
    expect(author(ld, "")).toBe("Jane Doe");
  });

  it("takes the byline under the title over a meta tag naming the site", () => {
    const byline = `<p class="entry-author">By <a href="/author/jane-doe/">Jane Doe</a></p>`;
    expect(author(`<meta name="author" content="Cook Test">`, byline + CARD(""))).toBe("Jane Doe");
  });

  it("keeps the site's name where the card signs the recipe with it", () => {
    const ld = `<script type="application/ld+json">${JSON.stringify({
      "@context": "https://schema.org",
      "@graph": [
        { "@type": "Article", "@id": "#a", author: { "@id": "#p" } },
        { "@type": "Person", "@id": "#p", name: "Jane Doe" },
      ],
    })}</script>`;
    expect(author(ld + `<meta name="author" content="Cook Test">`, CARD("Cook Test"))).toBe("Cook Test");
  });

  it("keeps the site's name over a first name alone, a newsroom and a login", () => {
    const ld = LD({ "@type": "Person", name: "Cook Test" });
    expect(author(ld, CARD("Jane"))).toBe("Cook Test");
    expect(author(ld, CARD("Cook Test Team"))).toBe("Cook Test");
    expect(author(ld, CARD("Test Kitchen"))).toBe("Cook Test");
    expect(author(ld, CARD("Admin"))).toBe("Cook Test");
    expect(author(ld, CARD("La Rédaction"))).toBe("Cook Test");
  });

  it("leaves a person named in the data as it is", () => {
    expect(author(LD({ "@type": "Person", name: "Ann Lee" }), CARD("Jane Doe"))).toBe("Ann Lee");
  });
});

describe("author: a byline's link text, date and title are not the name", () => {
  it("cuts them from a name", () => {
    expect(personName("Jane Doe View Other Recipes By This Chef »")).toBe("Jane Doe");
    expect(personName("Jane Doe More by Jane Doe")).toBe("Jane Doe");
    expect(personName("Jane Doe · View Profile")).toBe("Jane Doe");
    expect(personName("Jane Doe, Recipe Developer")).toBe("Jane Doe");
    expect(personName("Jane Doe | Food Stylist")).toBe("Jane Doe");
    expect(personName("Jane Doe Recipe Developer")).toBe("Jane Doe");
    expect(personName("Jane Doe Published March 2, 2024")).toBe("Jane Doe");
    expect(personName("Jane Doe on 2 March 2024")).toBe("Jane Doe");
    // A name that only looks like one of them stays whole.
    expect(personName("Thomas More")).toBe("Thomas More");
    expect(personName("La rédaction 15/07/24")).toBe("La rédaction");
    expect(personName("The Clever Chef")).toBe("The Clever Chef");
  });

  it("reads a byline element's name without its link text", () => {
    const byline = `<p class="recipe-author">Jane Doe <a href="/chefs/">View Other Recipes By This Chef »</a></p>`;
    expect(author("", byline + CARD(""))).toBe("Jane Doe");
  });
});

describe("author: a newsroom that names no one gives way to the site's name", () => {
  it("reads the site's name for 'Redazione Web', 'Editorial Team'", () => {
    expect(author(LD({ "@type": "Person", name: "Redazione Web" }), "")).toBe("Cook Test");
    expect(author(LD({ "@type": "Person", name: "Editorial Team" }), "")).toBe("Cook Test");
  });

  it("keeps a newsroom that names its publication", () => {
    expect(author(LD({ "@type": "Person", name: "Sunny Bakes Team" }), "")).toBe("Sunny Bakes Team");
  });
});

describe("author: a name signed from the site", () => {
  it("keeps the person of 'Ann from <the site>', and a name from elsewhere whole", () => {
    expect(author("", CARD("Nora from Cook Test"))).toBe("Nora");
    expect(author("", CARD("Nora from Lisbon"))).toBe("Nora from Lisbon");
  });
});

describe("author: a first name the byline gives in full", () => {
  const byline = `<p>By <a href="/author/jane-doe/">Jane Doe</a></p>`;
  it("takes the byline's full name over a card's first name on a page without structured data", () => {
    expect(author("", byline + CARD("Jane"))).toBe("Jane Doe");
    expect(author("", byline + CARD("Ann"))).toBe("Ann");
  });
  it("keeps the first name structured data gives", () => {
    expect(author(LD({ "@type": "Person", name: "Jane" }), byline + CARD("Jane"))).toBe("Jane");
  });
});

describe("author: a first name signed twice, in full on a later line", () => {
  // A bare page (no class names): the meta author and the post's byline give the first name, the
  // recipe card's details line ("By" or "Author:" in a span of its own) the full one.
  const card = (
    label: string,
  ) => `<div><h2>Lemon bars</h2><div><span>${label}</span> <span>Jane Doe</span></div>
<h3>Ingredients</h3><ul><li>1 cup flour</li><li>2 lemons, juiced</li></ul>
<h3>Instructions</h3><ol><li>Press the crust into the pan and bake it until golden.</li><li>Pour the lemon filling over it and bake until set.</li></ol></div>`;
  const byline = `<p>By <a href="/about/">Jane</a></p>`;
  it("takes the card's 'By Jane Doe' or 'Author: Jane Doe' past a byline 'By Jane'", () => {
    expect(author(`<meta name="author" content="Jane">`, byline + card("By "))).toBe("Jane Doe");
    expect(author(`<meta name="author" content="Jane">`, byline + card("Author:"))).toBe("Jane Doe");
  });
  it("keeps the first name where no line signs it in full, or signs another", () => {
    expect(author(`<meta name="author" content="Jane">`, byline + card(""))).toBe("Jane");
    expect(author(`<meta name="author" content="Ann">`, byline + card("By "))).toBe("Ann");
  });
});
