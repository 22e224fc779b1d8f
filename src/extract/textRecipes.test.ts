import { describe, expect, it } from "vitest";
import { splitRecipeTexts } from "./textRecipes.ts";

const PAGE = `Pancakes
Serves 4

Ingredients
- 200 g flour
- 2 eggs
- 300 ml milk

Method
1. Whisk everything into a smooth batter.
2. Fry thin pancakes in a hot buttered pan.

Waffles
Makes 6

Ingredients
- 250 g flour
- 2 eggs
- 400 ml milk

Method
1. Whisk the batter and rest it ten minutes.
2. Bake in a hot waffle iron until golden.`;

describe("splitRecipeTexts", () => {
  it("splits a page of two recipes at the second one's title", () => {
    const parts = splitRecipeTexts(PAGE);
    expect(parts).toHaveLength(2);
    expect(parts[0]!.split("\n")[0]).toBe("Pancakes");
    expect(parts[1]!.split("\n").slice(0, 2)).toEqual(["Waffles", "Makes 6"]);
    expect(parts[0]).not.toContain("Waffles");
  });

  it("keeps one recipe with two ingredient lists whole", () => {
    const one = `Apple Pie

Ingredients for the pastry
- 250 g flour
- 125 g butter

Ingredients for the filling
- 6 apples
- 50 g sugar

Method
1. Make the pastry and line the tin.
2. Fill, cover and bake for 45 minutes.`;
    expect(splitRecipeTexts(one)).toEqual([one]);
  });

  it("keeps a text with one recipe, or parts without steps, whole", () => {
    expect(splitRecipeTexts(PAGE.split("Waffles")[0]!)).toHaveLength(1);
    const noSteps = PAGE.replace(/Method\n1\. Whisk the batter[^]*$/, "");
    expect(splitRecipeTexts(noSteps)).toEqual([noSteps]);
  });
});
