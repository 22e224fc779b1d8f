// Small things a cook saw on screen: each checked where the words are made.
import { describe, expect, it } from "vitest";
import { parseIngredientList } from "../extract/ingredients.ts";
import { measuredAmount } from "./amounts.ts";
import { aisleOf } from "./aisles.ts";
import { buildShoppingList } from "./shoppingList.ts";

const list = (lines: string[], factor = 1) =>
  buildShoppingList([{ recipeId: "r", recipeName: "R", factor, ingredients: parseIngredientList(lines) }]);

describe("amounts as a cook says them", () => {
  it("keeps thirds: ⅓ oz stays ⅓ oz (not ⅜), 1⅓ oz stays 1⅓ oz", () => {
    const ozInG = 28.3495;
    expect(measuredAmount(ozInG / 3, null, "oz", "original").text).toBe("⅓ oz");
    expect(measuredAmount((ozInG * 4) / 3, null, "oz", "original").text).toBe("1⅓ oz");
    expect(measuredAmount(ozInG * (3 / 8), null, "oz", "original").text).toBe("⅜ oz");
  });

  it("says more than half a cup in US units as cups and spoons (9½ tbsp → ½ cup + 1½ tbsp)", () => {
    expect(measuredAmount(9.5 * 15, null, "tbsp", "us").text).toBe("½ cup + 1½ tbsp");
    expect(measuredAmount(12 * 15, null, "tbsp", "us").text).toBe("¾ cup");
    // Up to half a cup, spoons are what a cook measures with.
    expect(measuredAmount(6 * 15, null, "tbsp", "us").text).toBe("6 tbsp");
    expect(measuredAmount(8 * 15, null, "tbsp", "us").text).toBe("½ cup");
  });
});

describe("the shopping list", () => {
  it("says a unit word in the number its amount needs (4 leaves, not 4 leaf)", () => {
    const lines = buildShoppingList([
      {
        recipeId: "r",
        recipeName: "R",
        factor: 1,
        ingredients: [
          {
            text: "4 leaves iceberg lettuce",
            quantity: 4,
            quantityMax: null,
            unit: "leaf",
            name: "iceberg lettuce",
            notes: null,
            section: null,
          } as never,
          {
            text: "3 heads garlic",
            quantity: 3,
            quantityMax: null,
            unit: "head",
            name: "garlic",
            notes: null,
            section: null,
          } as never,
        ],
      },
    ]);
    expect(lines.map((l) => l.text).sort()).toEqual(["3 heads garlic", "4 leaves iceberg lettuce"]);
    expect(list(["1 head iceberg lettuce, 4 leaves"]).map((l) => l.text)).not.toContain(
      expect.stringMatching(/\b\d+ leaf\b/),
    );
  });

  it.each([
    ["jalapeños", "Produce"],
    ["jalapenos", "Produce"],
    ["jalapen\u0303os", "Produce"],
    ["linguine", "Pasta, rice & grains"],
    ["fettuccine", "Pasta, rice & grains"],
    ["orzo", "Pasta, rice & grains"],
    ["arugula", "Produce"],
    ["mangoes", "Produce"],
    ["walnuts", "Baking"],
    ["gruyère", "Dairy & eggs"],
    ["crème fraîche", "Dairy & eggs"],
    ["tilapia fillets", "Meat & fish"],
  ])("puts %s under %s, not Other", (name, aisle) => {
    expect(aisleOf(name)).toBe(aisle);
  });
});
