// Minimal pages for issue 50's "an amount missing" class: structured lines whose decimal amount lost
// its whole part ("5 tsp" for the page's "1.5 tsp") take the page's amount; others stay as given.
import { describe, expect, it } from "vitest";
import { extractRecipe } from "./extractRecipe.ts";

const read = (lines: string[], shown: string[]) => {
  const html = `<html><head><script type="application/ld+json">${JSON.stringify({
    "@context": "https://schema.org",
    "@type": "Recipe",
    name: "Lentil curry",
    recipeIngredient: lines,
    recipeInstructions: ["Fry the onion.", "Add the lentils and simmer."],
  })}</script></head><body><h1>Lentil curry</h1><div class="recipe-ingredients">${shown
    .map((l) => `<p>${l}</p>`)
    .join("\n")}</div></body></html>`;
  const r = extractRecipe({ html, url: "https://cook.test/curry" });
  if (!r.ok) throw new Error(r.code);
  return r.recipe.ingredients.map((i) => i.text);
};

describe("structured lines whose decimal amount lost its whole part", () => {
  it("reads '5 tsp grated ginger' as the page's '1.5 tsp grated ginger'", () => {
    const lines = ["3 tbsp olive oil", "5 tsp grated ginger", "1 small onion, diced", "5 c red lentils"];
    const shown = ["3 tbsp olive oil", "1.5 tsp grated ginger", "1 small onion, diced", "1.5 c red lentils"];
    expect(read(lines, shown)).toEqual(shown);
  });

  it("keeps a line the page shows as given, and one whose decimal the data kept", () => {
    const lines = ["3 tbsp olive oil", "1.5 tsp grated ginger", "5 c red lentils"];
    expect(read(lines, lines)).toEqual(lines);
  });
});
