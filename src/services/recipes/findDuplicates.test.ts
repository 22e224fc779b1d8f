import { describe, expect, it } from "vitest";
import {
  findDuplicates,
  ingredientSimilarity,
  nameTokens,
  sameRecipe,
  titleSimilarity,
  titleTokens,
} from "./findDuplicates.ts";

const pancakes = {
  title: "Buttermilk Pancakes",
  ingredientNames: ["all-purpose flour", "sugar", "baking powder", "salt", "buttermilk", "eggs", "butter"],
};

describe("the duplicate detector", () => {
  it("reads the dish out of a title and the ingredient out of a name", () => {
    expect(titleTokens("The Best Buttermilk Pancakes (Fluffy!) | Example Kitchen")).toEqual([
      "buttermilk",
      "pancake",
    ]);
    expect(nameTokens("large eggs, beaten")).toEqual(["egg"]);
    expect(nameTokens("tomatoes (canned)")).toEqual(["tomato"]);
  });

  it("scores reworded titles high and other dishes low", () => {
    expect(titleSimilarity("Buttermilk Pancakes", "Easy Buttermilk Pancakes Recipe")).toBe(1);
    expect(titleSimilarity("Buttermilk Pancakes", "Buttermilk Waffles")).toBeLessThan(0.6);
    expect(titleSimilarity("", "Chili")).toBe(0);
  });

  it("matches ingredient names loosely, each once", () => {
    expect(ingredientSimilarity(["unsalted butter", "eggs"], ["butter", "large egg"])).toBe(1);
    expect(ingredientSimilarity(["butter"], ["butter", "sugar"])).toBe(0.5);
    expect(ingredientSimilarity([], ["butter"])).toBe(0);
  });

  it("needs both a near-same title and a near-same ingredient set", () => {
    const same = {
      title: "Fluffy Buttermilk Pancakes",
      ingredientNames: ["flour", "granulated sugar", "baking powder", "buttermilk", "egg", "melted butter"],
    };
    expect(sameRecipe(pancakes, same)).not.toBeNull();
    // Same title, another recipe.
    expect(
      sameRecipe(pancakes, { title: "Buttermilk Pancakes", ingredientNames: ["oats", "banana"] }),
    ).toBeNull();
    // Numbered titles with other numbers are other recipes; a number on one side only is not.
    expect(
      sameRecipe({ ...pancakes, title: "Pancakes No. 1" }, { ...pancakes, title: "Pancakes No. 2" }),
    ).toBeNull();
    expect(
      sameRecipe({ ...pancakes, title: "Pancakes No. 1" }, { ...pancakes, title: "Pancakes No. 1" }),
    ).not.toBeNull();
    expect(sameRecipe({ ...pancakes, title: "30-Minute Buttermilk Pancakes" }, pancakes)).not.toBeNull();
    // Same ingredients, another dish.
    expect(sameRecipe(pancakes, { ...pancakes, title: "Buttermilk Biscuits" })).toBeNull();
  });

  it("puts the same address first, then the same recipe by score; leaves others out", () => {
    const found = findDuplicates({ dupKey: "k1", ...pancakes }, [
      { id: "other", dupKey: "k9", title: "Beef Chili", ingredientNames: ["beef", "beans"] },
      { id: "alike", dupKey: "k2", ...pancakes, title: "Buttermilk Pancakes Recipe" },
      { id: "page", dupKey: "k1", title: "Mine", ingredientNames: [] },
    ]);
    expect(found.map((m) => [m.id, m.reason])).toEqual([
      ["page", "same address"],
      ["alike", "same recipe"],
    ]);
    expect(found[0]!.score).toBe(1);
    // No key on either side is not the same address.
    expect(
      findDuplicates({ dupKey: null, title: "x", ingredientNames: [] }, [
        { id: "a", dupKey: null, title: "y", ingredientNames: [] },
      ]),
    ).toEqual([]);
  });
});
