import { describe, expect, it } from "vitest";
import {
  isIngredientHeading,
  parseIngredientLine,
  parseIngredientList,
  readIngredientLine,
} from "./ingredients.ts";

describe("parseIngredientLine", () => {
  it.each([
    ["2 cups flour", 2, null, "cup", "flour"],
    ["¾ C sugar", 0.75, null, "cup", "sugar"],
    ["⅓ cup milk", 0.333, null, "cup", "milk"],
    ["1 ½ teaspoons baking powder", 1.5, null, "tsp", "baking powder"],
    ["1½ tsp salt", 1.5, null, "tsp", "salt"],
    ["1/2 lb ground beef", 0.5, null, "lb", "ground beef"],
    ["1,5 kg Mehl", 1.5, null, "kg", "Mehl"],
    ["0.5 l water", 0.5, null, "l", "water"],
    ["2-3 cups broth", 2, 3, "cup", "broth"],
    ["2–3 cups (375 g) flour", 2, 3, "cup", "flour"],
    ["1 to 2 tbsp honey", 1, 2, "tbsp", "honey"],
    ["1 T butter", 1, null, "tbsp", "butter"],
    ["1 t salt", 1, null, "tsp", "salt"],
    ["2 EL Olivenöl", 2, null, "EL", "Olivenöl"],
    ["200 g de farine", 200, null, "g", "farine"],
    ["2 large eggs", 2, null, null, "eggs"],
    ["1,000 g potatoes", 1000, null, "g", "potatoes"],
  ])("%s → %s %s %s %s", (line, quantity, quantityMax, unit, name) => {
    const i = parseIngredientLine(line);
    expect(i).toMatchObject({ text: line, quantity, quantityMax, unit, name });
    expect(i.confidence).toBeGreaterThanOrEqual(0.5);
  });

  it("keeps notes after a comma and in parentheses, and dual units", () => {
    expect(parseIngredientLine("3 cloves garlic, minced")).toMatchObject({
      quantity: 3,
      unit: "clove",
      name: "garlic",
      notes: "minced",
    });
    expect(parseIngredientLine("2 cups (375 g) flour, sifted")).toMatchObject({
      name: "flour",
      notes: "sifted; 375 g",
    });
  });

  it("understands optional and to-taste lines", () => {
    expect(parseIngredientLine("1 jalapeño (optional)")).toMatchObject({ optional: true, name: "jalapeño" });
    expect(parseIngredientLine("salt and pepper to taste")).toMatchObject({ quantity: 0, unit: null });
  });

  it("keeps the whole line as the name when confidence is low", () => {
    const i = parseIngredientLine("juice of 1½ lemons");
    expect(i.text).toBe("juice of 1½ lemons");
    if (i.confidence < 0.5) expect(i).toMatchObject({ name: "juice of 1½ lemons", quantity: 0, unit: null });
  });
});

describe("hostile lines", () => {
  it("does not hand the library lines that make it backtrack for ever", () => {
    for (const line of [`2 cups ${"a".repeat(40)}(20)`, `2 cups ${"a".repeat(60)}x20`, "x".repeat(5000)]) {
      const i = parseIngredientLine(line);
      expect(i).toMatchObject({ quantity: 0, unit: null, confidence: 0 });
      expect(i.name).toBe(line);
    }
    // Long but harmless words still parse.
    expect(parseIngredientLine("500 g Schweinenackensteaks")).toMatchObject({ quantity: 500, unit: "g" });
  });
});

describe("parseIngredientList", () => {
  it("turns group headings into section names", () => {
    const list = parseIngredientList([
      "For the dough:",
      "500 g flour",
      "FILLING",
      "200 g ricotta",
      "Frosting:",
      "1 cup icing sugar",
    ]);
    expect(list.map((i) => [i.section, i.name])).toEqual([
      ["For the dough", "flour"],
      ["FILLING", "ricotta"],
      ["Frosting", "icing sugar"],
    ]);
  });

  it("does not mistake ingredients for headings", () => {
    expect(isIngredientHeading("2 cups flour")).toBe(false);
    expect(isIngredientHeading("salt")).toBe(false);
    expect(isIngredientHeading("For the sauce")).toBe(true);
  });
});

describe("lines parse-ingredient misreads on its own", () => {
  it.each([
    // Tinned chopped tomatoes are a product: the labelled lines keep "chopped" in the name.
    ["2 x 400g tins chopped tomatoes", 2, "can", "chopped tomatoes", "400g"],
    ["1 (14 oz) can coconut milk", 1, "can", "coconut milk", "14 oz"],
    ["1 14-oz can chickpeas", 1, "can", "chickpeas", "14-oz"],
    ["250 ml / 1 cup warm water", 250, "ml", "warm water", "1 cup"],
    ["100g/3½oz butter", 100, "g", "butter", "3½oz"],
    ["a pinch of salt", 1, "pinch", "salt", null],
    ["un pizzico di sale", 1, "pizzico", "sale", null],
    ["1 c. à soupe d'huile", 1, "c. à soupe", "huile", null],
    ["2 cuillères à soupe de sucre", 2, "c. à soupe", "sucre", null],
    ["1 c.à.s. de moutarde", 1, "c. à soupe", "moutarde", null],
    ["2 c. à café de sel", 2, "c. à café", "sel", null],
    ["1 colher de sopa de azeite", 1, "colher de sopa", "azeite", null],
    ["3 colheres de sopa de chocolate", 3, "colher de sopa", "chocolate", null],
    ["2 colheres de chá de sal", 2, "colher de chá", "sal", null],
    ["2 e 1/2 xícaras de farinha", 2.5, "xícara", "farinha", null],
    ["1 cucchiaio di olio", 1, "cucchiaio", "olio", null],
    ["3 cucchiai di olio", 3, "cucchiaio", "olio", null],
    ["200 gr di farina", 200, "g", "farina", null],
    ["2 cucharadas de pimentón", 2, "cucharada", "pimentón", null],
    ["4 dientes de ajo", 4, "diente", "ajo", null],
    ["1 Päckchen Backpulver", 1, "Päckchen", "Backpulver", null],
    ["1 Msp. Zimt", 1, "Msp.", "Zimt", null],
    ["2 Zehen Knoblauch", 2, "Zehe", "Knoblauch", null],
    ["2 el olijfolie", 2, "el", "olijfolie", null],
    ["1 snufje zout", 1, "snufje", "zout", null],
    ["2 st gula lökar", 2, "st", "gula lökar", null],
  ])("%s → %s %s %s (%s)", (line, quantity, unit, name, notes) => {
    expect(parseIngredientLine(line)).toMatchObject({ text: line, quantity, unit, name, notes });
  });

  it("takes an 'optional:' prefix and 'q.b.' off the name", () => {
    expect(parseIngredientLine("optional: chives")).toMatchObject({
      name: "chives",
      optional: true,
      quantity: 0,
      unit: null,
    });
    expect(parseIngredientLine("sale q.b.")).toMatchObject({ name: "sale", notes: "q.b.", quantity: 0 });
  });

  it("keeps the guard on rewritten lines", () => {
    const i = parseIngredientLine(`2 x 400g tins ${"a".repeat(40)}(20)`);
    expect(i).toMatchObject({ quantity: 0, unit: null, confidence: 0 });
  });
});

describe("lines as a cook reads them", () => {
  it.each([
    // line, quantity, unit, name, preparation
    ["3 garlic cloves, finely chopped", 3, "clove", "garlic", "finely chopped"],
    ["3 large cloves garlic", 3, "large clove", "garlic", null],
    ["2 slices bread", 2, "slice", "bread", null],
    ["4 celery stalks, diced", 4, "stalk", "celery", "diced"],
    ["1 small onion", 1, null, "onion", null],
    ["2 lg eggs, beaten", 2, null, "eggs", "beaten"],
    ["2 tablespoons finely chopped garlic", 2, "tbsp", "garlic", "finely chopped"],
    ["1/4 cup freshly grated Parmesan", 0.25, "cup", "Parmesan", "freshly grated"],
    ["1/2 cup butter, at room temperature", 0.5, "cup", "butter", "at room temperature"],
    ["8 ounces unsalted, American-style butter", 8, "oz", "unsalted American-style butter", null],
    ["1 1/2 cups/190 grams flour", 1.5, "cup", "flour", null],
    ["1 tablespoon + 1 teaspoon olive oil", 1, "tbsp", "olive oil", null],
    ["1/2 cup plus 2 tablespoons sugar", 0.5, "cup", "sugar", null],
    ["1 ¼ tsp teaspoons baking powder", 1.25, "tsp", "baking powder", null],
    ["2 Tb minced shallots", 2, "tbsp", "shallots", "minced"],
    ["About 1 cup grated cheese", 1, "cup", "cheese", "grated"],
    ["One 28-ounce can tomatoes", 1, "can", "tomatoes", null],
    ["Juice of 2 limes", 2, null, "limes", "Juice of"],
    ["1 pound ground beef", 1, "lb", "ground beef", null],
    ["Corn oil for frying", 0, null, "Corn oil", null],
  ])("%s → %s %s %s / %s", (line, quantity, unit, name, preparation) => {
    const i = parseIngredientLine(line);
    expect(i).toMatchObject({ text: line, quantity, unit, name });
    expect(i.preparation ?? null).toBe(preparation);
  });

  it("keeps the preparation among the notes too, so a reader that shows notes loses nothing", () => {
    expect(parseIngredientLine("3 cloves garlic, minced")).toMatchObject({
      preparation: "minced",
      notes: "minced",
    });
    expect(parseIngredientLine("1 tablespoon + 1 teaspoon olive oil").notes).toBe("+ 1 teaspoon");
  });
});

describe("a line read again", () => {
  it("reads the same, into objects of its own (the tagger's labels are kept by line)", () => {
    const a = readIngredientLine("1 1/2 cups flour or rice flour, sifted");
    const b = readIngredientLine("1 1/2 cups flour or rice flour, sifted");
    expect(b).toEqual(a);
    expect(b).not.toBe(a);
    expect(b!.amounts).not.toBe(a!.amounts);
    expect(b!.alternatives).not.toBe(a!.alternatives);
  });
});
