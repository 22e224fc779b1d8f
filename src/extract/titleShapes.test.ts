// Titles read from a page's headings (issue 50: "title: a heading other than the dish"): a teaser
// of another recipe under the post, whose heading links to that recipe's page and whose card
// repeats "Ingredients" and "Method" labels, is no title of this page's dish.
import { describe, expect, it } from "vitest";
import { extractRecipe } from "./extractRecipe.ts";

const title = (html: string) => {
  const r = extractRecipe({ html, url: "https://cooktest.com/recipes/mac-and-cheese/" });
  return r.ok ? r.recipe.name : r.code;
};

const POST = `<h1>Olive Kitchen's Mac and Cheese with Pesto</h1>
<h2>Ingredients</h2><ul><li>250 g macaroni</li><li>200 g cheddar, grated</li><li>3 tbsp pesto</li></ul>
<h2>Method</h2><ol><li>Boil the macaroni in salted water until just tender, then drain it.</li>
<li>Stir in the cheddar and the pesto until the sauce is smooth and serve.</li></ol>`;

const TEASER = (href: string) => `<h3>More recipes</h3>
<h2><a href="${href}">Olive Kitchen's Buttered Prawns with Tomato</a></h2>
<h5>Ingredients</h5><h5>Method</h5>`;

describe("title: a linked teaser of another recipe", () => {
  it("is not the dish's name", () => {
    expect(title(`<html><body>${POST}${TEASER("/recipes/buttered-prawns/")}</body></html>`)).toBe(
      "Olive Kitchen's Mac and Cheese with Pesto",
    );
  });

  it("a card heading linking to its own page still names the dish", () => {
    const card = `<h1>Weeknight dinners</h1><p>Our favourite pasta this month.</p>
<h2><a href="/recipes/mac-and-cheese/">Olive Kitchen's Mac and Cheese</a></h2>
<h3>Ingredients</h3><ul><li>250 g macaroni</li><li>200 g cheddar, grated</li></ul>
<h3>Method</h3><ol><li>Boil the macaroni in salted water until just tender, then drain it.</li>
<li>Stir in the cheddar until the sauce is smooth and serve.</li></ol>`;
    expect(
      title(
        `<html><head><title>Olive Kitchen's Mac and Cheese | Weeknight dinners</title></head><body>${card}</body></html>`,
      ),
    ).toBe("Olive Kitchen's Mac and Cheese");
  });
});

describe("title: a wiki page's namespace", () => {
  const WIKI = (h1: string) => `<html><head><title>${h1} - Open Books</title></head><body>
<h1>${h1}</h1>
<h2>Ingredients</h2><ul><li>2 cups pumpkin puree</li><li>1 cup milk</li><li>2 eggs</li></ul>
<h2>Procedure</h2><ol><li>Beat the eggs with the milk and the pumpkin until smooth.</li>
<li>Pour the filling into the crust and bake it until set.</li></ol></body></html>`;

  it("glued before the name is no part of it", () => {
    expect(title(WIKI("Cookbook:Pumpkin Pie I"))).toBe("Pumpkin Pie I");
  });

  it("a colon followed by a space or a lower-case word stays", () => {
    expect(title(WIKI("Pumpkin: Pie I"))).toBe("Pumpkin: Pie I");
    expect(title(WIKI("Tarte:aux pommes"))).toBe("Tarte:aux pommes");
  });
});

describe("title: a recipe card's heading under a post without class names", () => {
  const PAGE = (ingredientsHeading: string, after = "") => `<html><body>
<h1>Easy Baked Halibut</h1><p>Halibut is a firm white fish that bakes in minutes.</p>
<h2>What you need for baked halibut</h2><p>Fish, lemon and butter.</p>
<h2>Baked Halibut Recipe</h2><p>Flaky fish with lemon butter.</p>
<h3>${ingredientsHeading}</h3><ul><li>4 halibut fillets</li><li>2 tbsp butter</li><li>1 lemon</li></ul>
<h3>Instructions</h3><ol><li>Heat the oven to 200°C and lay the fillets in a dish.</li>
<li>Dot with butter and lemon and bake for 12 minutes.</li></ol>${after}</body></html>`;

  it("is read over an ingredients heading that prints the card's scaler buttons ('Ingredients 1x 2x 3x')", () => {
    expect(title(PAGE("Ingredients 1x 2x 3x"))).toBe("Baked Halibut Recipe");
  });

  it("is read over an ingredients heading whose scaler buttons print their numbers glued ('Ingredients 123')", () => {
    const buttons = "<button>1</button><button>2</button><button>3</button>";
    expect(title(PAGE(`Ingredients&nbsp;&nbsp;<div>${buttons}</div>`))).toBe("Baked Halibut Recipe");
  });

  it("is read when the post's own 'Recipe Ingredients' section under the h1 comes after the card", () => {
    const post = `<h2>Recipe Ingredients</h2><p>Use fresh halibut if you can find it.</p>`;
    expect(title(PAGE("Ingredients", post))).toBe("Baked Halibut Recipe");
  });
});

describe("title: an h1 that is no dish's name, over a heading that is the page title's dish", () => {
  const PAGE = (h1: string) => `<html><head><title>Lemon Cake | Olive Kitchen</title></head><body>
<h1>${h1}</h1><h2>Lemon Cake</h2>
<h2>Ingredients</h2><ul><li>200 g flour</li><li>2 eggs</li><li>1 lemon</li></ul>
<h2>Method</h2><ol><li>Mix the flour, the eggs and the lemon's zest until smooth.</li>
<li>Bake for 30 minutes at 180°C until golden.</li></ol></body></html>`;

  it("reads the dish's heading under 'Recipe', 'Jump to recipe', a category or the site's name", () => {
    for (const h1 of ["Recipe", "Jump to recipe", "Desserts", "Olive Kitchen"])
      expect(title(PAGE(h1))).toBe("Lemon Cake");
  });

  it("keeps an h1 that shares the dish's words ('Lemon Cake Recipe', another wording)", () => {
    expect(title(PAGE("Lemon Cake Recipe"))).toBe("Lemon Cake Recipe");
    expect(title(PAGE("Lemon Drizzle Loaf"))).toBe("Lemon Drizzle Loaf");
  });
});
