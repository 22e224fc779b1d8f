import { describe, expect, it } from "vitest";
import { extractRecipe } from "./extractRecipe.ts";

const read = (recipeIngredient: string[], items: string[]) => {
  const ld = {
    "@context": "https://schema.org",
    "@type": "Recipe",
    name: "Cake",
    recipeIngredient,
    recipeInstructions: [
      { "@type": "HowToStep", text: "Mix everything together in a bowl." },
      { "@type": "HowToStep", text: "Bake for 30 minutes until golden." },
    ],
  };
  const html = `<html><head><script type="application/ld+json">${JSON.stringify(ld)}</script></head><body>
    <h1>Cake</h1><ul>${items.map((i) => `<li>${i}</li>`).join("")}</ul></body></html>`;
  const r = extractRecipe({ html, url: "https://cook.test/r" });
  if (!r.ok) throw new Error(r.code);
  return r.recipe.ingredients.map((i) => i.text);
};

describe("same words, other boundaries: a structured line joining items the page lists apart", () => {
  it("cuts the line into the page's items (joined by a comma or 'and')", () => {
    expect(
      read(
        ["2 eggs, 1 cup milk", "200 g flour", "1 onion and 2 cloves garlic"],
        ["2 eggs", "1 cup milk", "200 g flour", "1 onion", "2 cloves garlic"],
      ),
    ).toEqual(["2 eggs", "1 cup milk", "200 g flour", "1 onion", "2 cloves garlic"]);
  });

  it("keeps a line the page lists whole, and one whose parts the page does not list", () => {
    expect(
      read(
        ["salt and pepper", "2 eggs", "oil and vinegar"],
        ["salt and pepper", "salt", "pepper", "2 eggs", "oil"],
      ),
    ).toEqual(["salt and pepper", "2 eggs", "oil and vinegar"]);
  });
});
