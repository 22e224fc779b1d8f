import { describe, expect, it } from "vitest";
import { parseIngredientLine } from "../extract/ingredients.ts";
import { scaleIngredient } from "./scaleIngredient.ts";
import type { UnitSystem } from "./amounts.ts";

const scaled = (line: string, factor: number, units: UnitSystem = "original") =>
  scaleIngredient(parseIngredientLine(line), factor, units);

// The tricky lines, written by hand: what a cook expects to read after scaling or converting.
describe("scaling the lines cooks trip over", () => {
  it.each([
    // eggs: halves of eggs come with a way to measure them
    ["3 eggs, beaten", 0.5, "original", "1½ eggs, beaten"],
    ["3 eggs, beaten", 2, "original", "6 eggs, beaten"],
    ["1 large egg", 3, "original", "3 large eggs"],
    ["2 large eggs", 0.5, "original", "1 large egg"],
    // pinches stay whole pinches
    ["a pinch of salt", 0.5, "original", "1 pinch of salt"],
    ["a pinch of salt", 2, "original", "2 pinches of salt"],
    ["a pinch of salt", 3, "us", "3 pinches of salt"],
    // a can's size is per can: converted, never scaled
    ["1 (14 oz) can diced tomatoes, drained", 2, "original", "2 (14 oz) cans diced tomatoes, drained"],
    ["1 (14 oz) can diced tomatoes, drained", 0.5, "original", "½ (14 oz) can diced tomatoes, drained"],
    ["1 (14 oz) can diced tomatoes, drained", 3, "metric", "3 (400 g) cans diced tomatoes, drained"],
    ["2 x 400g tins chickpeas", 0.5, "original", "1 x 400g tin chickpeas"],
    ["2 x 400g tins chickpeas", 1, "us", "2 x 14 oz tins chickpeas"],
    ["1 28-ounce can tomatoes", 2, "metric", "2 (800 g) cans tomatoes"],
    // ranges scale at both ends, in one unit
    ["2-3 cups flour", 0.5, "original", "1-1½ cups flour"],
    ["2-3 cups broth", 3, "original", "6-9 cups broth"],
    ["2-3 cups broth", 1, "metric", "480-720 ml broth"],
    // to taste and no amount: as written
    ["Salt to taste", 2, "original", "Salt to taste"],
    [
      "salt and freshly ground black pepper, to taste",
      3,
      "metric",
      "salt and freshly ground black pepper, to taste",
    ],
    ["freshly ground black pepper", 0.5, "us", "freshly ground black pepper"],
    // sensible units and fractions
    ["1 1/2 cups sugar", 0.5, "original", "¾ cup sugar"],
    ["1/3 cup milk", 2, "original", "⅔ cup milk"],
    ["1/3 cup milk", 0.5, "original", "2 tbsp + 2 tsp milk"],
    ["2 tbsp olive oil", 2, "original", "¼ cup olive oil"],
    ["2 tbsp olive oil", 3, "original", "6 tbsp olive oil"],
    ["1 tsp vanilla extract", 3, "original", "1 tbsp vanilla extract"],
    ["1/4 teaspoon salt", 0.5, "original", "⅛ teaspoon salt"],
    ["500 g plain flour", 2, "original", "1 kg plain flour"],
    ["1 kg potatoes", 0.5, "original", "500 g potatoes"],
    ["1 pound ground turkey", 0.5, "original", "8 oz ground turkey"],
    ["1 pound ground turkey", 1, "metric", "450 g ground turkey"],
    ["500 g minced beef", 1, "us", "1 lb 2 oz minced beef"],
    ["8 oz cream cheese", 1, "metric", "225 g cream cheese"],
    ["2 cups milk", 1, "metric", "480 ml milk"],
    ["250 ml milk", 1, "us", "1 cup milk"],
    ["1 liter chicken stock", 1, "us", "4¼ cups chicken stock"],
    // the line's own second measure is used rather than a conversion
    ["250 ml / 1 cup milk", 1, "us", "1 cup milk"],
    ["250 ml / 1 cup milk", 2, "metric", "500 ml milk"],
    ["10 tbsp (140 grams) butter", 2, "original", "1¼ cups (280 g) butter"],
    ["10 tbsp (140 grams) butter", 1, "metric", "140 g butter"],
    ["100g/3½oz butter", 2, "original", "200 g/7 oz butter"],
    ["1 cup (2 sticks) unsalted butter", 0.5, "original", "½ cup (1 stick) unsalted butter"],
    // added measures are added
    ["½ cup plus 2 tablespoons sugar", 2, "original", "1¼ cups sugar"],
    // weights for cups of flour and sugar in metric, cups for grams in US
    ["2 cups all-purpose flour", 1, "metric", "250 g all-purpose flour"],
    ["1 cup brown sugar, packed", 1, "metric", "220 g brown sugar, packed"],
    ["500 g plain flour", 1, "us", "4 cups plain flour"],
    // spoons are spoons in every kitchen; German spoons stay German
    ["2 EL Olivenöl", 2, "original", "4 EL Olivenöl"],
    ["2 EL Olivenöl", 1, "us", "2 tbsp Olivenöl"],
    ["3 tablespoons unsalted butter, softened", 0.5, "original", "1½ tablespoons unsalted butter, softened"],
    // counted things and where the count sits
    ["Juice of 1 lemon", 2, "original", "Juice of 2 lemons"],
    ["1 large onion (about 2 cups chopped)", 2, "original", "2 large onions (about 4 cups chopped)"],
    ["2 chicken breasts, 6 oz each", 2, "metric", "4 chicken breasts, 175 g each"],
    ["2 cloves garlic", 0.5, "original", "1 clove garlic"],
  ] as [string, number, UnitSystem, string][])("%s × %s (%s) → %s", (line, factor, units, want) => {
    expect(scaled(line, factor, units).display).toBe(want);
  });

  it("says how to measure half an egg", () => {
    expect(scaled("3 eggs", 0.5).hint).toBe("Beat the eggs and use about 75 g.");
    expect(scaled("3 eggs", 2).hint).toBeNull();
  });

  it("writes its notes in the cook's language", () => {
    const egg = scaleIngredient(parseIngredientLine("3 eggs"), 0.5, "original", "de");
    expect(egg.hint).toBe("Verquirle die Eier und nimm etwa 75 g.");
    const odd = { ...parseIngredientLine("un peu de beurre"), confidence: 0.2 };
    expect(scaleIngredient(odd, 2, "original", "fr").hint).toBe(
      "Non ajusté : Ladle n’a pas pu lire cette quantité, adaptez-la vous-même.",
    );
  });

  it("shows a line it could not read as written, marked, and never scales it", () => {
    const line = "2 to 3 handfuls of 4-inch pieces, whatever";
    const raw = { ...parseIngredientLine(line), confidence: 0.3, quantity: 0, unit: null, name: line };
    const r = scaleIngredient(raw, 2, "metric");
    expect(r.display).toBe(line);
    expect(r.status).toBe("unparsed");
    expect(r.hint).toMatch(/could not read/);
  });

  it("leaves the line untouched when nothing is asked", () => {
    const r = scaled("1 1/2 cups sugar", 1);
    expect(r).toMatchObject({ display: "1 1/2 cups sugar", status: "asWritten", quantity: 1.5 });
  });

  it("gives the new amount in the parsed fields too", () => {
    expect(scaled("2 cups milk", 1, "metric")).toMatchObject({ quantity: 480, unit: "ml", status: "scaled" });
    expect(scaled("2-3 cups flour", 0.5)).toMatchObject({ quantity: 1, quantityMax: 1.5, unit: "cup" });
  });
});
