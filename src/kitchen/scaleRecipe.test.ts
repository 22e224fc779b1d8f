import { describe, expect, it } from "vitest";
import { parseIngredientList } from "../extract/ingredients.ts";
import { zRecipe } from "../domain/recipe.ts";
import { stepIngredients, stepTimers } from "./cookSteps.ts";
import { scaleRecipe } from "./scaleRecipe.ts";
import { convertTemperatures } from "./temperatures.ts";

const recipe = zRecipe.parse({
  name: "Pancakes",
  servings: 4,
  ingredients: parseIngredientList([
    "2 cups all-purpose flour",
    "2 tbsp sugar",
    "2 large eggs",
    "1 1/2 cups buttermilk",
    "3 tablespoons unsalted butter, melted",
    "Salt to taste",
  ]),
  instructions: [
    { text: "Heat the oven to 200°F to keep pancakes warm." },
    { text: "Whisk the flour and sugar. Beat the eggs with the buttermilk and melted butter." },
    { text: "Cook on a hot griddle for 2-3 minutes, flip and cook 1 minute more." },
  ],
});

describe("scaleRecipe", () => {
  it("scales to servings, keeps the steps' words and finds their timers and ingredients", () => {
    const r = scaleRecipe(recipe, { servings: 2 });
    if (!r.ok) throw new Error(r.message);
    expect(r.value.scaling).toMatchObject({
      factor: 0.5,
      servings: 2,
      originalServings: 4,
      basis: "servings",
    });
    expect(r.value.ingredients.map((i) => i.display)).toEqual([
      "1 cup all-purpose flour",
      "1 tbsp sugar",
      "1 large egg",
      "¾ cup buttermilk",
      "1½ tablespoons unsalted butter, melted",
      "Salt to taste",
    ]);
    expect(r.value.instructions[1]!.ingredients).toEqual([0, 1, 2, 3, 4]);
    expect(r.value.instructions[2]!.timers).toEqual([
      { label: "2-3 minutes", seconds: 120, maxSeconds: 180 },
      { label: "1 minute", seconds: 60, maxSeconds: null },
    ]);
  });

  it("scales to what the cook has of one ingredient", () => {
    const r = scaleRecipe(recipe, { have: { ingredient: 0, amount: "375 g" }, units: "metric" });
    if (!r.ok) throw new Error(r.message);
    // 2 cups of flour weigh 250 g: 375 g is one and a half times the recipe.
    expect(r.value.scaling.factor).toBeCloseTo(1.5, 2);
    expect(r.value.ingredients[0]!.display).toBe("375 g all-purpose flour");
    expect(r.value.instructions[0]!.text).toBe("Heat the oven to 93°C to keep pancakes warm.");
    const eggs = scaleRecipe(recipe, { have: { ingredient: 2, amount: "3" } });
    expect(eggs.ok && eggs.value.scaling.factor).toBe(1.5);
  });

  it("says why a scale cannot be done", () => {
    const noServings = scaleRecipe({ ...recipe, servings: 0 }, { servings: 2 });
    expect(noServings).toMatchObject({ ok: false, code: "SCALE_INVALID" });
    expect(!noServings.ok && noServings.message).toMatch(/does not say how many it serves/);
    expect(scaleRecipe(recipe, { have: { ingredient: 0, amount: "2 eggs" } })).toMatchObject({ ok: false });
    expect(scaleRecipe(recipe, { have: { ingredient: 3, amount: "300 g" } })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/by volume/),
    });
    expect(scaleRecipe(recipe, { factor: 1000 })).toMatchObject({ ok: false });
    expect(scaleRecipe(recipe, { factor: 2, servings: 3 })).toMatchObject({ ok: false });
  });
});

describe("temperatures in steps", () => {
  it.each([
    ["Preheat the oven to 350°F.", "metric", "Preheat the oven to 180°C."],
    ["Bake at 425 degrees F for 20 minutes", "metric", "Bake at 220°C for 20 minutes"],
    ["Heat to 180°C (350°F) and bake", "us", "Heat to 350°F and bake"],
    ["Heat to 180°C (350°F) and bake", "metric", "Heat to 180°C and bake"],
    ["Bake at 200C until golden", "us", "Bake at 400°F until golden"],
    ["Cook to 165°F inside", "metric", "Cook to 74°C inside"],
    ["Boil the syrup to 115 °C", "us", "Boil the syrup to 240°F"],
    ["Preheat the oven to 350°F.", "original", "Preheat the oven to 350°F."],
  ] as const)("%s (%s) → %s", (text, units, want) => {
    expect(convertTemperatures(text, units)).toBe(want);
  });
});

describe("cook mode helpers", () => {
  it("reads timers in prose", () => {
    expect(stepTimers("Simmer for 1 hour 15 minutes, then rest 10 mins.").map((t) => t.seconds)).toEqual([
      4500, 600,
    ]);
    expect(stepTimers("Bake 25 to 30 minutes")[0]).toMatchObject({ seconds: 1500, maxSeconds: 1800 });
    expect(stepTimers("Rest for half an hour")[0]!.seconds).toBe(1800);
    expect(stepTimers("Backen Sie 20 Minuten")[0]!.seconds).toBe(1200);
    expect(stepTimers("Chill overnight, or for 2 days")).toEqual([]);
    expect(stepTimers("Cut into 2 inch pieces")).toEqual([]);
  });

  it("matches a step to the ingredients it names, not to look-alikes", () => {
    const ings = parseIngredientList([
      "1 tsp baking powder",
      "2 tbsp cocoa powder",
      "1 cup buttermilk",
      "2 tbsp butter",
      "1 onion, chopped",
    ]);
    expect(stepIngredients("Sift the cocoa powder.", ings)).toEqual([1]);
    expect(stepIngredients("Melt the butter, add the onions.", ings)).toEqual([3, 4]);
    expect(stepIngredients("Whisk in the buttermilk.", ings)).toEqual([2]);
  });
});
