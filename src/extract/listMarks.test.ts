import { describe, expect, it } from "vitest";
import { extractRecipe } from "./extractRecipe.ts";
import { parseIngredientList } from "./ingredients.ts";

const fromLd = (recipeIngredient: string[]) => {
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
  const html = `<html><head><script type="application/ld+json">${JSON.stringify(ld)}</script></head><body><h1>Cake</h1></body></html>`;
  const r = extractRecipe({ html, url: "https://cook.test/r" });
  if (!r.ok) throw new Error(r.code);
  return r.recipe.ingredients.map((i) => [i.text, i.section]);
};

describe("foreign lines: group headings, yields and column heads read as items", () => {
  it("reads a structured string marked as a heading (markdown, dashes) as its group's heading, a bold line as a line", () => {
    expect(
      fromLd(["## Glaze", "1 cup icing sugar", "--- Topping ---", "nuts", "<strong>Salt</strong>"]),
    ).toEqual([
      ["1 cup icing sugar", "Glaze"],
      ["nuts", "Topping"],
      ["Salt", "Topping"],
    ]);
  });

  it("leaves out the recipe's yield stated among the structured lines", () => {
    expect(fromLd(["Serves 4", "2 eggs", "Makes 12 muffins", "200 g flour"])).toEqual([
      ["2 eggs", null],
      ["200 g flour", null],
    ]);
  });

  it("leaves out a table's column heads, in any of the languages read", () => {
    const lines = (l: string[]) => parseIngredientList(l).map((i) => i.text);
    expect(lines(["Ingredient", "Amount", "200 g flour"])).toEqual(["200 g flour"]);
    expect(lines(["Zutat Menge", "2 Eier"])).toEqual(["2 Eier"]);
    expect(lines(["Quantité", "1 oignon"])).toEqual(["1 oignon"]);
  });

  it("keeps lines that only look alike: a bold amount, a count of what the list makes as a heading", () => {
    expect(fromLd(["**2 eggs**", "For 12 cupcakes", "100 g butter"])).toEqual([
      ["**2 eggs**", null],
      ["100 g butter", "For 12 cupcakes"],
    ]);
  });
});
