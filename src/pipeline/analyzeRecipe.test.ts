import { describe, expect, it } from "vitest";
import { zRecipe } from "../domain/recipe.ts";
import { analyzeRecipe, readIngredient, roundQuantity } from "./analyzeRecipe.ts";

const recipe = (names: string[], servings = 4) =>
  zRecipe.parse({
    name: "Test",
    servings,
    ingredients: names.map((name) => ({ text: `1 cup ${name}`, quantity: 1, unit: "cup", name })),
  });
const verdicts = (names: string[]) =>
  Object.fromEntries(analyzeRecipe(recipe(names), null).diet.map((d) => [d.label, d.verdict]));

describe("analyzeRecipe", () => {
  it("reads phrases before the words inside them", () => {
    expect(readIngredient("peanut butter")).toMatchObject({ allergens: ["peanuts"], animal: [] });
    expect(readIngredient("coconut milk").animal).toEqual([]);
    expect(readIngredient("eggplant").animal).toEqual([]);
    expect(readIngredient("nutmeg").allergens).toEqual([]);
    expect(readIngredient("vegan butter")).toMatchObject({ allergens: [], animal: [], fullyKnown: true });
    expect(readIngredient("gluten-free all-purpose flour").allergens).toEqual([]);
    expect(readIngredient("chicken stock").animal).toEqual(["meat"]);
    expect(readIngredient("Large Eggs").foods).toEqual(["egg"]);
  });

  it("says yes only when every ingredient is understood; unknown otherwise; not checked with nothing to check", () => {
    expect(verdicts(["olive oil", "garlic", "spaghetti"])).toEqual({
      vegetarian: "unknown", // pasta may hold eggs: its origin is not known
      vegan: "unknown",
      "gluten-free": "no",
      "dairy-free": "unknown",
    });
    expect(verdicts(["olive oil", "garlic", "tomatoes", "salt"])).toEqual({
      vegetarian: "yes",
      vegan: "yes",
      "gluten-free": "yes",
      "dairy-free": "yes",
    });
    // "lemon curd" holds eggs and butter: the word "curd" is not known, so nothing is promised.
    expect(verdicts(["lemon curd"]).vegan).toBe("unknown");
    expect(verdicts([])).toEqual({
      vegetarian: "not checked",
      vegan: "not checked",
      "gluten-free": "not checked",
      "dairy-free": "not checked",
    });
  });

  it("scales to the servings asked, rounded as a cook measures; unscaled when the recipe gives none", () => {
    const a = analyzeRecipe(recipe(["flour"], 4), 6);
    expect(a.servings).toEqual({ original: 4, target: 6, factor: 1.5 });
    expect(a.ingredients[0]).toMatchObject({ quantity: 1, scaledQuantity: 1.5 });
    const none = analyzeRecipe(recipe(["flour"], 0), 6);
    expect(none.servings.factor).toBe(1);
    expect(none.notes[0]).toMatch(/not scaled/);
    expect(roundQuantity(0.3333)).toBe(0.25);
    expect(roundQuantity(12.3)).toBe(12.5);
    expect(roundQuantity(333.3)).toBe(333);
  });
});
