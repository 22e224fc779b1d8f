import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { extractRecipe } from "./extractRecipe.ts";

const page = (name: string) =>
  readFileSync(new URL(`../../test/fixtures/pages/${name}`, import.meta.url), "utf8");
const extract = (name: string, url = "https://site.test/r/") => extractRecipe({ html: page(name), url });

function ok(name: string, url?: string) {
  const r = extract(name, url);
  if (!r.ok) throw new Error(`${name}: ${r.code} ${r.message}`);
  return r;
}

describe("JSON-LD", () => {
  it("reads @graph with an @id author reference, the largest ImageObject, nutrition and yields", () => {
    const r = ok("graph-author-ref.html");
    expect(r.method).toBe("JsonLd");
    expect(r.recipe).toMatchObject({
      name: "Lemon Drizzle Loaf",
      description: "A tender loaf soaked in tangy lemon syrup.",
      author: "Maya Okafor",
      imageUrl: "https://crumb.test/img/loaf-1200.jpg",
      prepTimeMinutes: 15,
      cookTimeMinutes: 50,
      totalTimeMinutes: 65,
      servings: 8,
      yield: "1 loaf (8 slices)",
      cuisine: "British",
      category: ["Cake", "Baking"],
      tags: ["lemon", "loaf cake", "drizzle"],
      nutrition: { calories: "310 kcal", fatContent: "14 g", servingSize: "1 slice" },
    });
    expect(r.siteName).toBe("Crumb & Co");
    expect(r.recipe.ingredients[0]).toMatchObject({
      text: "225 g unsalted butter, softened",
      quantity: 225,
      unit: "g",
      name: "unsalted butter",
      notes: "softened",
      section: null,
    });
    // "For the drizzle:" is a heading, not an ingredient.
    expect(r.recipe.ingredients.map((i) => i.text)).not.toContain("For the drizzle:");
    expect(r.recipe.ingredients.at(-2)).toMatchObject({
      name: "granulated sugar",
      section: "For the drizzle",
    });
    expect(r.recipe.instructions).toHaveLength(4);
    expect(r.jsonld).toMatchObject({ "@type": "Recipe", name: "Lemon Drizzle Loaf" });
    expect(r.classification.kind).toBe("recipe");
  });

  it("reads HowToSection steps, type arrays, the first of several authors, ranges of servings and diets", () => {
    const r = ok("howto-sections.html");
    expect(r.recipe.name).toBe("Chicken Tacos with Quick Salsa");
    // The first author credited, as the corpus truth reads a list (dataConventions.test.ts).
    expect(r.recipe.author).toBe("Luis Ortega");
    expect(r.recipe.imageUrl).toBe("https://site.test/img/tacos.jpg");
    expect(r.recipe.servings).toBe(6); // "4-6 servings": enough for six
    expect(r.recipe.dietType).toBe("GlutenFree");
    expect(r.recipe.instructions.map((s) => s.section)).toEqual([
      "Make the salsa",
      "Make the salsa",
      "Cook the chicken",
      "Cook the chicken",
      "Cook the chicken",
    ]);
    expect(r.recipe.ingredients.map((i) => i.section)).toEqual([
      "SALSA",
      "SALSA",
      "SALSA",
      "SALSA",
      "CHICKEN",
      "CHICKEN",
      "CHICKEN",
    ]);
    expect(r.recipe.ingredients[2]).toMatchObject({ name: "jalapeño", optional: true });
    expect(r.recipe.ingredients[3]).toMatchObject({
      quantity: 0,
      unit: null,
      name: "Salt",
      notes: "to taste",
    });
    expect(r.recipe.ingredients[1]).toMatchObject({
      quantity: 0.5,
      name: "red onion",
      notes: "finely chopped",
    });
  });

  it("repairs broken JSON: comments, raw newlines, trailing commas, \\' escapes, trailing semicolon", () => {
    const r = ok("broken-jsonld.html");
    expect(r.recipe.name).toBe("Garlic Butter Green Beans");
    expect(r.recipe.author).toBe("Sam O'Neil");
    expect(r.recipe.ingredients.map((i) => i.quantity)).toEqual([450, 2, 3, 0.25]);
    expect(r.recipe.instructions.map((s) => s.text)).toEqual([
      "Blanch the beans for 3 minutes.",
      "Melt the butter and fry the garlic for 1 minute.",
      "Toss the beans in the garlic butter and season.",
    ]);
    expect(r.recipe).toMatchObject({ totalTimeMinutes: 15, servings: 4 });
  });

  it("splits HTML instructions, decodes double-encoded entities, reads malformed durations and dozens", () => {
    const r = ok("html-in-instructions.html");
    expect(r.recipe.name).toBe("Brown Butter Shortbread & Sea Salt");
    expect(r.recipe.instructions).toHaveLength(3);
    expect(r.recipe.instructions[2]!.text).toBe(
      "Mix in the flour, press into a pan and bake at 325°F for 35 minutes.",
    );
    expect(r.recipe.prepTimeMinutes).toBe(120); // PT1H60M
    expect(r.recipe.servings).toBe(36); // "About 3 dozen" is 36 pieces, not 3 servings
    expect(r.recipe.ingredients[0]).toMatchObject({
      quantity: 1,
      unit: "cup",
      name: "butter",
      notes: "227 g",
    });
    expect(r.recipe.ingredients[2]).toMatchObject({ quantity: 2.25, unit: "cup", notes: "280 g" });
    expect(r.recipe.ingredients[3]).toMatchObject({ quantity: 1, unit: "tsp", name: "flaky salt" });
  });

  it("picks the most complete of several recipes and keeps the others as alternates", () => {
    const r = ok("two-recipes.html");
    expect(r.recipe.name).toBe("Classic Basil Pesto");
    expect(r.alternates.map((a) => a.name)).toEqual(["Quick Pesto"]);
    expect(r.recipe.servings).toBe(0); // "Makes about 250 ml" is not a number of servings
    expect(r.recipe.yield).toBe("Makes about 250 ml");
  });

  it("reads the recipe of a ~300 KB blog page", () => {
    const r = ok("large-blog-recipe.html");
    expect(r.recipe).toMatchObject({
      name: "The Chewiest Chocolate Chip Cookies",
      servings: 30,
      author: "Jo Whitfield",
    });
    expect(r.recipe.ingredients).toHaveLength(10);
    expect(r.recipe.instructions).toHaveLength(8);
    expect(r.siteName).toBe("The Big Crumb");
    expect(r.snapshot).toContain("# The Chewiest Chocolate Chip Cookies");
    expect(r.snapshot).not.toMatch(/window\.__cfg|Category 12/);
  });
});

describe("meta tags fill what structured data leaves out", () => {
  const ld = JSON.stringify({
    "@context": "https://schema.org",
    "@type": "Recipe",
    name: "Barley Broth",
    recipeIngredient: ["1 cup pearl barley", "2 litres stock"],
    recipeInstructions: ["Simmer the barley in the stock for 40 minutes."],
  });
  const html = (head: string) =>
    `<html><head>${head}<script type="application/ld+json">${ld}</script></head><body><p>Broth.</p></body></html>`;

  it("takes image, description and author from Open Graph and meta, recorded as Heuristic", () => {
    const r = extractRecipe({
      html: html(
        `<meta property="og:image" content="/img/broth.jpg"><meta property="og:description" content="A warming barley broth."><meta name="author" content="Tove Lind">`,
      ),
      url: "https://soup.test/broth/",
    });
    if (!r.ok) throw new Error(r.message);
    expect(r.recipe).toMatchObject({
      imageUrl: "https://soup.test/img/broth.jpg",
      description: "A warming barley broth.",
      author: "Tove Lind",
    });
    expect(r.method).toBe("JsonLd");
    expect(r.fieldMethods).toMatchObject({
      ingredients: "JsonLd",
      imageUrl: "Heuristic",
      author: "Heuristic",
    });
  });

  it("leaves out profile URLs and non-http images", () => {
    const r = extractRecipe({
      html: html(
        `<meta property="og:image" content="javascript:alert(1)"><meta name="author" content="https://soup.test/about/tove">`,
      ),
      url: "https://soup.test/broth/",
    });
    if (!r.ok) throw new Error(r.message);
    expect(r.recipe.imageUrl).toBeNull();
    expect(r.recipe.author).toBeNull();
  });
});

describe("JSON-LD and microdata for the same recipe", () => {
  it("lets microdata fill the yield, times and description JSON-LD left out", () => {
    const ld = JSON.stringify({
      "@context": "https://schema.org",
      "@type": "Recipe",
      name: "Oat Scones",
      recipeIngredient: ["200 g oats", "100 g butter"],
      recipeInstructions: ["Rub the butter into the oats.", "Bake for 15 minutes."],
      recipeYield: "",
    });
    const html = `<html><head><script type="application/ld+json">${ld}</script></head><body>
<div itemscope itemtype="https://schema.org/Recipe"><h1 itemprop="name">Oat Scones</h1>
<p itemprop="description">Crumbly scones for tea.</p><span itemprop="recipeYield">8 scones</span>
<meta itemprop="totalTime" content="PT25M"></div></body></html>`;
    const r = extractRecipe({ html, url: "https://tea.test/scones/" });
    if (!r.ok) throw new Error(r.message);
    expect(r.method).toBe("JsonLd");
    expect(r.recipe).toMatchObject({
      servings: 8,
      totalTimeMinutes: 25,
      description: "Crumbly scones for tea.",
    });
    expect(r.fieldMethods).toMatchObject({
      ingredients: "JsonLd",
      servings: "Microdata",
      description: "Microdata",
    });
  });
});

describe("section headings among steps", () => {
  // The heading keeps its colon as the page writes it, as a HowToSection's name does ("To Make the
  // Tacos:"); the corpus labels list such headings so.
  it("turns heading-like steps into section names instead of fake steps", () => {
    const html = `<script type="application/ld+json">{"@type":"Recipe","name":"Layer cake","recipeIngredient":["2 eggs"],
      "recipeInstructions":["For the sponge:","Whisk the eggs and sugar.","Fold in the flour and bake for 25 minutes at 180°C.","FROSTING","Beat the butter with the icing sugar."]}</script>`;
    const r = extractRecipe({ html, url: "https://site.test/" });
    expect(r.ok && r.recipe.instructions).toEqual([
      { text: "Whisk the eggs and sugar.", section: "For the sponge:" },
      { text: "Fold in the flour and bake for 25 minutes at 180°C.", section: "For the sponge:" },
      { text: "Beat the butter with the icing sugar.", section: "FROSTING" },
    ]);
  });
});

describe("microdata", () => {
  it("reads a microdata-only page with nested author and nutrition items", () => {
    const r = ok("microdata-only.html");
    expect(r.method).toBe("Microdata");
    expect(r.recipe).toMatchObject({
      name: "Overnight Oats",
      author: "Priya Raman",
      prepTimeMinutes: 5,
      servings: 2,
      imageUrl: "https://site.test/img/oats.jpg",
      nutrition: { calories: "320 calories" },
    });
    expect(r.recipe.ingredients.map((i) => i.text)).toEqual([
      "1 cup rolled oats",
      "1 cup milk",
      "½ cup Greek yogurt",
      "1 tbsp maple syrup",
    ]);
    expect(r.recipe.instructions.map((s) => s.text)).toEqual([
      "Stir everything together in a jar.",
      "Cover and refrigerate overnight.",
      "Top with fruit in the morning.",
    ]);
    expect(r.siteName).toBe("Morning Bowl");
  });

  it("fills what JSON-LD lacks and records which method gave each field", () => {
    const r = ok("jsonld-plus-microdata.html");
    expect(r.method).toBe("JsonLd");
    expect(r.recipe.instructions).toHaveLength(3);
    expect(r.fieldMethods).toMatchObject({
      name: "JsonLd",
      ingredients: "JsonLd",
      instructions: "Microdata",
    });
    expect(r.recipe.cookTimeMinutes).toBe(40); // P0DT0H40M
  });
});

describe("pages without a recipe", () => {
  it("fails an article with NOT_A_RECIPE and classifies it as an article", () => {
    const r = extract("article.html");
    expect(r).toMatchObject({ ok: false, code: "NOT_A_RECIPE", classification: { kind: "article" } });
    expect(r.snapshot).toContain("Brining is the practice");
  });

  it("classifies a page Readability would offer to read as an article, by its paragraphs alone", () => {
    const kind = (body: string) => {
      const r = extractRecipe({
        html: `<html><head><title>News</title></head><body>${body}</body></html>`,
        url: "https://news.test/a",
      });
      return r.ok ? "recipe" : r.classification.kind;
    };
    const para = (n: number) =>
      `The council met on Tuesday to discuss the new bridge. ${"Residents spoke for and against it at length. ".repeat(n)}`;
    // A news page with no og:type, no <article>, 180 words in three paragraphs.
    expect(kind(`<div class="story"><p>${para(8)}</p><p>${para(8)}</p><p>${para(8)}</p></div>`)).toBe(
      "article",
    );
    // The same text where nobody reads it: hidden, in the comments, in list items, or too short a line each.
    expect(
      kind(
        `<div style="display:none"><p>${para(8)}</p><p>${para(8)}</p><p>${para(8)}</p></div>`.replace(
          /<p>/g,
          "<p hidden>",
        ),
      ),
    ).toBe("other");
    expect(
      kind(
        `<div class="comments"><p class="comment">${para(8)}</p><p class="comment">${para(8)}</p><p class="comment">${para(8)}</p></div>`,
      ),
    ).toBe("other");
    expect(
      kind(`<ul><li><p>${para(8)}</p></li><li><p>${para(8)}</p></li><li><p>${para(8)}</p></li></ul>`),
    ).toBe("other");
    expect(kind(`<p>Short line one.</p><p>Short line two.</p>`.repeat(20))).toBe("other");
    // Lines broken by <br> in a <div> count as a paragraph.
    expect(kind(`<div>${para(8)}<br><br>${para(8)}<br><br>${para(8)}</div>`)).toBe("article");
  });

  it("leaves a recipe written in prose to the LLM: NO_RECIPE_FOUND, not NOT_A_RECIPE, even on an og:type article", () => {
    const prose = `<html><head><meta property="og:type" content="article"><title>Flatbread</title></head><body><article><h1>Grandma's flatbread</h1>
      <p>This is how my grandmother made flatbread every Sunday. You need 500 g of flour, 300 ml of warm water, 7 g of dried yeast and 1 teaspoon of salt.</p>
      <p>Mix everything into a soft dough and knead it for 10 minutes. Let it rise for 1 hour, then divide it into 8 pieces and cook each in a hot dry pan.</p>
      </article></body></html>`;
    const r = extractRecipe({ html: prose, url: "https://blog.test/flatbread" });
    expect(r).toMatchObject({ ok: false, code: "NO_RECIPE_FOUND", classification: { kind: "other" } });
  });

  it("fails a page with nothing on it", () => {
    expect(extract("no-recipe.html")).toMatchObject({
      ok: false,
      code: "NO_RECIPE_FOUND",
      classification: { kind: "other" },
    });
  });

  it("never throws on garbage", () => {
    for (const html of [
      "",
      "<<<>>>",
      "\u0000\u0001binary",
      "<script type='application/ld+json'>{{{{</script>",
      "<div itemscope itemtype='https://schema.org/Recipe'></div>",
    ]) {
      expect(() => extractRecipe({ html, url: "https://site.test/" })).not.toThrow();
    }
  });
});

describe("a JSON-LD page read in one pass", () => {
  const ld = {
    "@context": "https://schema.org",
    "@type": "Recipe",
    name: "Crème brûlée",
    recipeIngredient: ["500 ml cream", "5 egg yolks"],
    recipeInstructions: ["Warm the cream.", "Whisk into the yolks and bake."],
  };
  const html = `<html><head><meta property="og:description" content="Custard &amp;amp; caramel, &eacute;l&eacute;gant">
<meta property="og:image" content="https://site.test/img/brulee.jpg?w=1200&amp;h=800">
<script type="application/ld+json">${JSON.stringify(ld)}</script></head>
<body><nav itemscope itemtype="https://schema.org/SiteNavigationElement"><a href="/">Home</a></nav>
<p>Cr&egrave;me&nbsp;br&ucirc;l&eacute;e is &lt;easy&gt; &amp; quick.</p></body></html>`;

  it("decodes entities in meta values and the snapshot as a tree would", () => {
    const r = extractRecipe({ html, url: "https://site.test/brulee" });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.recipe.description).toBe("Custard & caramel, élégant");
    expect(r.recipe.imageUrl).toBe("https://site.test/img/brulee.jpg?w=1200&h=800");
    expect(r.snapshot).toContain("Crème brûlée is <easy> & quick.");
    expect(r.method).toBe("JsonLd");
  });
});
