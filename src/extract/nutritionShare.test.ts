import { describe, expect, it } from "vitest";
import { extractRecipe } from "./extractRecipe.ts";
import { nutritionShare } from "./nutritionShare.ts";

describe("nutritionShare", () => {
  it("knows a nutrient's share on its own line, in several languages and orders", () => {
    for (const t of [
      "9% Fehérje",
      "28 % Fett",
      "12% protein",
      "Protein: 12%",
      "49% Carbohydrates",
      "6,5 % Glucides",
    ])
      expect(nutritionShare(t), t).toBe(true);
  });

  it("leaves ingredient lines that hold a share or a nutrient's name", () => {
    for (const t of [
      "2% milk",
      "1 cup 2% milk",
      "250 g 0% fat Greek yogurt",
      "Salt",
      "20 g fat (lard)",
      "5% vinegar",
    ])
      expect(nutritionShare(t), t).toBe(false);
  });

  it("ends the ingredient list of a page without structured data where the nutrition rows start", () => {
    const r = extractRecipe({
      url: "https://cook.test/r",
      html: `<html><body><h1>Walnut roll</h1><h2>Ingredients</h2><ul>
        <li>500 g flour</li><li>20 g fresh yeast</li><li>300 g ground walnuts</li></ul>
        <ul><li>10% Protein</li><li>49% Carbohydrates</li><li>28% Fat</li></ul>
        <h2>Method</h2><ol><li>Knead the flour with the yeast and leave the dough to rise for an hour.</li>
        <li>Roll it out, spread the walnuts over it, roll it up and bake it for 40 minutes.</li></ol></body></html>`,
    });
    expect(r.ok && r.recipe.ingredients.map((i) => i.text)).toEqual([
      "500 g flour",
      "20 g fresh yeast",
      "300 g ground walnuts",
    ]);
  });
});
