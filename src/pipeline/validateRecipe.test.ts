import { describe, expect, it } from "vitest";
import { zRecipe, type RecipeInput } from "../domain/recipe.ts";
import { parseIngredientLine } from "../extract/ingredients.ts";
import { validateRecipe } from "./validateRecipe.ts";

const recipe = (r: Partial<RecipeInput> = {}) =>
  zRecipe.parse({
    name: "Soup",
    ingredients: [parseIngredientLine("1 l stock")],
    instructions: [{ text: "Heat the stock." }],
    prepTimeMinutes: 5,
    cookTimeMinutes: 10,
    servings: 2,
    ...r,
  });

describe("validateRecipe", () => {
  it("passes a complete recipe", () => {
    expect(validateRecipe(recipe())).toEqual({ errors: [], warnings: [], isValid: true });
  });

  it("requires a name", () => {
    const v = validateRecipe(recipe({ name: "  " }));
    expect(v.isValid).toBe(false);
    expect(v.errors).toEqual(["Recipe.Name is required"]);
  });

  it("warns about missing ingredients, steps, times and servings", () => {
    const v = validateRecipe(
      recipe({ ingredients: [], instructions: [], prepTimeMinutes: 0, cookTimeMinutes: 0, servings: 0 }),
    );
    expect(v.isValid).toBe(true);
    expect(v.warnings).toEqual([
      "No ingredients found; at least 1 ingredient is recommended",
      "No instructions found; at least 1 instruction is recommended",
      "PrepTimeMinutes missing; defaulted to 0",
      "CookTimeMinutes missing; defaulted to 0",
      "Servings missing; defaulted to 0",
    ]);
  });

  it("warns about unrealistic values, duplicate steps and unparsed quantities", () => {
    const v = validateRecipe(
      recipe({
        prepTimeMinutes: 25 * 60,
        servings: 500,
        instructions: [{ text: "Stir well." }, { text: "stir  well" }],
        ingredients: [
          { text: "a glug of oil", quantity: 0, unit: null, name: "a glug of oil", confidence: 0.3 },
        ],
      }),
    );
    expect(v.warnings).toEqual(
      expect.arrayContaining([
        "PrepTimeMinutes 1500 is more than 24 hours; check it",
        "Servings 500 is unusually high; check it",
        "Instruction 2 duplicates an earlier step",
        "Ingredient quantities partially unparsed; review recommended",
      ]),
    );
  });

  it("warns when a baking recipe gives no temperature", () => {
    expect(validateRecipe(recipe({ instructions: [{ text: "Bake until golden." }] })).warnings).toContain(
      "Baking recipe without an oven temperature; check the steps",
    );
    expect(
      validateRecipe(recipe({ instructions: [{ text: "Bake at 180°C until golden." }] })).warnings,
    ).toEqual([]);
    expect(
      validateRecipe(recipe({ instructions: [{ text: "Preheat the oven to 350 F." }] })).warnings,
    ).toEqual([]);
  });
});
