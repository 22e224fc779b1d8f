import { describe, expect, it } from "vitest";
import { parseIngredientList } from "../extract/ingredients.ts";
import { aisleOf } from "./aisles.ts";
import { buildShoppingList, ingredientKey, shoppingListText, type ShoppingSource } from "./shoppingList.ts";

const source = (name: string, lines: string[], factor = 1): ShoppingSource => ({
  recipeId: name,
  recipeName: name,
  factor,
  ingredients: parseIngredientList(lines),
});

describe("buildShoppingList", () => {
  const list = buildShoppingList(
    [
      source("Bread", ["500 g plain flour", "2 tsp salt", "300 ml water", "1 (14 oz) can tomatoes"]),
      source("Cake", [
        "200 g plain flour",
        "1 cup plain flour",
        "3 large eggs",
        "2 tbsp milk",
        "1/4 cup milk",
      ]),
      source("Soup", ["2 cloves garlic, minced", "1 egg", "Salt to taste", "2 (14 oz) cans tomatoes"], 2),
      source("Odd", ["a bunch of something unreadable 3/"]),
    ],
    { pantry: ["salt", "water"] },
  );
  const line = (key: string) => list.find((l) => l.key === key)!;

  it("adds the same ingredient across recipes with unit arithmetic", () => {
    // 500 g + 200 g; the cup stays beside it, honestly, since a cup is not a weight.
    expect(line("plain flour").amounts).toEqual(["700 g", "1 cup"]);
    expect(line("plain flour").text).toBe("700 g + 1 cup plain flour");
    // 2 tbsp + ¼ cup = 6 tbsp
    expect(line("milk").amounts).toEqual(["6 tbsp"]);
    // 3 large eggs + 1 egg × 2
    expect(line("egg").text).toBe("5 eggs");
    expect(line("egg").recipes).toEqual(["Cake", "Soup"]);
    // cans of one size add up: 1 + 2 × 2
    expect(line("tomato").text).toBe("5 (14 oz) cans tomatoes");
    expect(line("garlic").text).toBe("4 cloves garlic");
  });

  it("gives a German list the names as the recipe wrote them, without English plural endings", () => {
    const de = buildShoppingList([source("Pfannkuchen", ["3 Eier", "2 Zwiebel"])], { lang: "de" });
    expect(de.map((l) => l.text).sort()).toEqual(["2 Zwiebel", "3 Eier"]);
  });

  it("keeps amounts and 'to taste' together, marks pantry items and lists unreadable lines as written", () => {
    expect(line("salt")).toMatchObject({
      asNeeded: true,
      pantry: true,
      text: "2 tsp salt (and more to taste)",
    });
    expect(line("water").pantry).toBe(true);
    const odd = list.find((l) => l.unparsed);
    expect(odd === undefined || odd.text === "a bunch of something unreadable 3/").toBe(true);
  });

  it("groups by aisle and exports as text", () => {
    expect(aisleOf("plain flour")).toBe("Baking");
    expect(aisleOf("red bell pepper")).toBe("Produce");
    expect(aisleOf("black pepper")).toBe("Spices & seasonings");
    expect(aisleOf("tomatoes", "can")).toBe("Tins & jars");
    expect(aisleOf("ground beef")).toBe("Meat & fish");
    const text = shoppingListText("Week of 2 June", list);
    expect(text).toMatch(/^Week of 2 June\n\nProduce\n\[ \] 4 cloves garlic\n/);
    expect(text).toContain("Baking\n[ ] 700 g + 1 cup plain flour");
  });

  it("writes a German list's aisles and 'as needed' in German", () => {
    // The aisles are known by English names only: a German name goes to "Sonstiges".
    const de = buildShoppingList([source("Soup", ["salt", "2 tsp salt", "pepper", "3 eggs"])], {
      lang: "de",
    });
    const text = shoppingListText("Einkauf für Suppe", de, "de");
    expect(text).toContain("\nMilchprodukte & Eier\n[ ] 3 eggs\n");
    expect(text).toMatch(/\nGewürze\n/);
    expect(text).toContain("(und mehr nach Geschmack)");
    expect(text).toContain("pepper (nach Bedarf)");
    expect(text).not.toMatch(/as needed|to taste|Dairy|Spices/);
  });

  it("merges the names cooks write differently", () => {
    expect(ingredientKey("large eggs")).toBe(ingredientKey("egg"));
    expect(ingredientKey("Fresh Tomatoes (ripe)")).toBe("tomato");
  });
});
