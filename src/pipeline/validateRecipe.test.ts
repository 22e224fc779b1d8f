import { describe, expect, it } from "vitest";
import { zRecipe, type RecipeInput } from "../domain/recipe.ts";
import { parseIngredientLine } from "../extract/ingredients.ts";
import { checkRecipe, validateRecipe } from "./validateRecipe.ts";

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
    expect(v.errors).toEqual(["The recipe needs a name."]);
  });

  it("warns about missing ingredients, steps, times and servings", () => {
    const v = validateRecipe(
      recipe({ ingredients: [], instructions: [], prepTimeMinutes: 0, cookTimeMinutes: 0, servings: 0 }),
    );
    expect(v.isValid).toBe(true);
    expect(v.warnings).toEqual([
      "No ingredients yet; add at least one.",
      "No steps yet; add at least one.",
      "Preparation time is not known.",
      "Cooking time is not known.",
      "The number of servings is not known.",
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
        "Preparation time is 25 hours; check that it is right.",
        "500 servings is unusually many; check it.",
        "Step 2 repeats step 1.",
        "Some ingredient amounts could not be read; check the quantities and units.",
      ]),
    );
  });

  it("warns when a baking recipe gives no temperature", () => {
    expect(validateRecipe(recipe({ instructions: [{ text: "Bake until golden." }] })).warnings).toContain(
      "The recipe bakes or roasts but no step gives an oven temperature.",
    );
    expect(
      validateRecipe(recipe({ instructions: [{ text: "Bake at 180°C until golden." }] })).warnings,
    ).toEqual([]);
    expect(
      validateRecipe(recipe({ instructions: [{ text: "Preheat the oven to 350 F." }] })).warnings,
    ).toEqual([]);
  });

  it("refuses values beyond the hard caps and names the field", () => {
    const c = checkRecipe(
      recipe({
        cookTimeMinutes: 99_999,
        servings: 5000,
        imageUrl: "javascript:alert(1)",
        ingredients: [{ text: " ", quantity: 0, unit: null, name: "" }],
        instructions: [{ text: "Stir." }, { text: "  " }],
      }),
    );
    expect(c.errors.map((e) => e.field)).toEqual([
      "imageUrl",
      "cookTimeMinutes",
      "servings",
      "ingredients[0]",
      "instructions[1]",
    ]);
  });
});
