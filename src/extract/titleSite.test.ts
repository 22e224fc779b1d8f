// Titles on unseen sites (issue 50: "title: the page's title with its site suffix, or a heading
// other than the dish"): a structured name carrying the site or a label, each shape with the minimal
// page that failed before its rule.
import { describe, expect, it } from "vitest";
import { extractRecipe } from "./extractRecipe.ts";

const title = (name: string, body = "<h1>Best Lasagna</h1>", head = "") => {
  const r = extractRecipe({
    html: `<html><head>${head}<script type="application/ld+json">{"@type":"Recipe","name":${JSON.stringify(name)},
      "recipeIngredient":["9 lasagna sheets","500 g beef mince"],
      "recipeInstructions":["Layer the sheets with the sauce and bake until golden."]}</script>
      </head><body>${body}</body></html>`,
    url: "https://cooktest.com/best-lasagna/",
  });
  return r.ok ? r.recipe.name : r.code;
};
const SITE = `<meta property="og:site_name" content="Cook Test">`;

describe("title: the site's name in the structured name", () => {
  it("cuts the site's name followed by 'Recipes' after a dash", () => {
    expect(title("Best Lasagna - Cook Test Recipes", "<h1>Best Lasagna</h1>", SITE)).toBe("Best Lasagna");
    expect(title("Best Lasagna | Cook Test Recipes", "<p>Layers.</p>", SITE)).toBe("Best Lasagna");
  });

  it("keeps a dish whose last part merely ends in 'Recipes'", () => {
    expect(title("Lasagna - Three Family Recipes", "<h1>Lasagna</h1>", SITE)).toBe(
      "Lasagna - Three Family Recipes",
    );
  });

  it("reads the page's heading when the name is only the site's own", () => {
    expect(title("Cook Test", "<h1>Best Lasagna</h1>", SITE)).toBe("Best Lasagna");
    // Known by its host alone.
    expect(title("CookTest", "<h1>Best Lasagna</h1>")).toBe("Best Lasagna");
    // A heading that is the site's logo gives way to the page's shared title.
    expect(
      title(
        "Cook Test",
        "<h1>Cook Test</h1>",
        `${SITE}<meta property="og:title" content="Best Lasagna | Cook Test">`,
      ),
    ).toBe("Best Lasagna");
  });
});

describe("title: a label before the dish", () => {
  it("cuts 'Recipe:' opening the name", () => {
    expect(title("Recipe: Best Lasagna")).toBe("Best Lasagna");
    expect(title("Rezept - Lasagne al forno", "<h1>Lasagne al forno</h1>")).toBe("Lasagne al forno");
  });

  it("keeps a name that only starts with the word", () => {
    expect(title("Recipe Box Lasagna", "<h1>Recipe Box Lasagna</h1>")).toBe("Recipe Box Lasagna");
  });
});

describe("title: the site's name as its host spells it, with words more", () => {
  const page = (head: string, url = "https://www.baketest.com/lemon-cake/") => {
    const r = extractRecipe({
      html: `<html><head>${head}</head><body><h2>Ingredients</h2><ul><li>200 g flour</li><li>2 eggs</li>
<li>1 lemon</li></ul><h2>Method</h2><ol><li>Mix the flour, the eggs and the lemon's zest until smooth.</li>
<li>Bake for 30 minutes at 180°C until golden.</li></ol></body></html>`,
      url,
    });
    return r.ok ? r.recipe.name : r.code;
  };

  it("is cut after the dish ('Lemon Cake | Bake Test Kitchen' on baketest.com)", () => {
    expect(page("<title>Lemon Cake | Bake Test Kitchen</title>")).toBe("Lemon Cake");
    expect(page("<title>Lemon Cake - Bake Test Kitchen</title>")).toBe("Lemon Cake");
    expect(page("<title>Lemon Cake | Desserts | Bake Test Kitchen</title>")).toBe("Lemon Cake");
  });

  it("is cut before the dish ('Bake Test Kitchen: Lemon Cake')", () => {
    expect(page("<title>Bake Test Kitchen: Lemon Cake</title>")).toBe("Lemon Cake");
  });

  it("leaves a last part that does not open with the host's name", () => {
    expect(page("<title>Lemon Cake - Test Bake Kitchen</title>")).toBe("Lemon Cake - Test Bake Kitchen");
  });
});
