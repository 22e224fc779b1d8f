// Yields on unseen sites (issue 50: "number words, ranges read otherwise than the top of the
// range, or not read"): each shape with the minimal text that failed before its rule.
import { describe, expect, it } from "vitest";
import { extractRecipe } from "./extractRecipe.ts";
import { findYield } from "./timesAndYields.ts";
import { parseYield } from "./yields.ts";

describe("yields: ranges and counts in words a card prints", () => {
  it("reads a range written with 'or' as its top, as with 'to' ('Serves 4 or 5')", () => {
    expect(findYield("Serves 4 or 5\nIngredients")?.servings).toBe(5);
    expect(parseYield("Serves 4 or 5").servings).toBe(5);
    expect(findYield("Makes 12 or 16 muffins")?.servings).toBe(16);
  });

  it("reads a count from thirteen to nineteen in words ('Makes sixteen cookies', 'Yield: eighteen bars')", () => {
    expect(findYield("Makes sixteen cookies\nIngredients")?.servings).toBe(16);
    expect(findYield("Yield: eighteen bars")?.servings).toBe(18);
    expect(findYield("Serves fourteen")?.servings).toBe(14);
    expect(parseYield("Makes fifteen scones").servings).toBe(15);
  });

  it("reads 'Makes' with a count in words only where it opens its line ('it makes two batches vanish' is prose)", () => {
    expect(findYield("Makes twelve cookies")?.servings).toBe(12);
    expect(findYield("Everyone says it makes two batches vanish by noon.")).toBeNull();
  });
});

describe("yields: a range's top or bottom as the item read writes it", () => {
  it("reads the top of a tight range whose longer copy spaces it out (['2-4', '2 - 4 servings'])", () => {
    expect(parseYield(["2-4", "2 - 4 servings"]).servings).toBe(4);
    expect(parseYield(["4", "4 - 6 servings"]).servings).toBe(4);
  });
});

describe("yields: a card whose data states a printed range's first number", () => {
  // The card's own boxes: "tasty-recipes" names "tasty-recipes-ingredients", and so on.
  const card = (root: string, yieldHtml: string) =>
    extractRecipe({
      html: `<html><body><h1>Cookies</h1><div class="${root}"><h2>Cookies</h2>${yieldHtml}
<div class="${root.replace(/-card$/, "")}-ingredients"><ul><li>2 cups flour</li><li>1 cup sugar</li><li>2 eggs</li></ul></div>
<div class="${root.replace(/-card$/, "")}-instructions"><ol><li>Whisk the flour, the sugar and the eggs together until smooth.</li>
<li>Bake for 12 minutes until golden at the edges.</li></ol></div></div></body></html>`,
      url: "https://cook.test/r",
    });
  const servings = (r: ReturnType<typeof extractRecipe>) => (r.ok ? r.recipe.servings : null);

  it("reads the bottom of a range a Tasty Recipes or Mediavine Create card prints, as their data does", () => {
    expect(servings(card("tasty-recipes", `<span class="tasty-recipes-yield">Serves 8-10</span>`))).toBe(8);
    expect(servings(card("mv-create-card", `<span class="mv-create-yield">Yield: 24-27 bites</span>`))).toBe(
      24,
    );
    expect(
      servings(
        card(
          "mv-create-card",
          `<div class="mv-create-time mv-create-time-yield"><em>Yield: </em><span>4-6 servings</span></div>`,
        ),
      ),
    ).toBe(4);
  });

  it("keeps a single count, and another card's range at its top", () => {
    expect(servings(card("tasty-recipes", `<span class="tasty-recipes-yield">Serves 6</span>`))).toBe(6);
    expect(servings(card("recipe-card", `<p>Serves 8-10</p>`))).toBe(10);
  });
});

describe("yields: counts in words a card prints past twelve or in dozens", () => {
  it("reads tens and dozens in words, and 'about' before the count ('Makes about two dozen cookies')", () => {
    expect(findYield("Makes about two dozen cookies\nIngredients")?.servings).toBe(24);
    expect(findYield("Makes a dozen muffins")?.servings).toBe(12);
    expect(findYield("Makes twenty-four cookies")?.servings).toBe(24);
    expect(findYield("Serves about six")?.servings).toBe(6);
    expect(parseYield("Makes about two dozen cookies").servings).toBe(24);
  });
});
