import { describe, expect, it } from "vitest";
import { aisleOf } from "./aisles.ts";
import { buildShoppingList } from "./shoppingList.ts";
import { parseIngredientLine } from "../extract/ingredients.ts";

// A German or French list sorts into aisles by its own words, compounds and accents included.
const GERMAN: [string, string][] = [
  ["Hühnerbrühe", "Tins & jars"],
  ["Kichererbsen", "Tins & jars"],
  ["Tomatenmark", "Tins & jars"],
  ["Meersalz", "Spices & seasonings"],
  ["Paprikapulver", "Spices & seasonings"],
  ["Zimt", "Spices & seasonings"],
  ["Weizenmehl", "Baking"],
  ["Puderzucker", "Baking"],
  ["gemahlene Mandeln", "Baking"],
  ["Olivenöl", "Oils, vinegars & sauces"],
  ["Apfelessig", "Oils, vinegars & sauces"],
  ["Spaghetti", "Pasta, rice & grains"],
  ["Basmatireis", "Pasta, rice & grains"],
  ["Paniermehl", "Pasta, rice & grains"],
  ["Vollmilch", "Dairy & eggs"],
  ["Schlagsahne", "Dairy & eggs"],
  ["Eier", "Dairy & eggs"],
  ["geriebener Bergkäse", "Dairy & eggs"],
  ["Rinderhackfleisch", "Meat & fish"],
  ["Hähnchenbrustfilet", "Meat & fish"],
  ["Lachsfilet", "Meat & fish"],
  ["Vollkornbrot", "Bakery"],
  ["Weißwein", "Drinks"],
  ["Zwiebeln", "Produce"],
  ["Knoblauchzehen", "Produce"],
  ["rote Paprika", "Produce"],
  ["Frühlingszwiebeln", "Produce"],
  ["Kartoffeln", "Produce"],
  ["grüne Bohnen", "Produce"],
  ["TK-Erbsen, tiefgekühlt", "Frozen"],
];
const FRENCH: [string, string][] = [
  ["bouillon de volaille", "Tins & jars"],
  ["pois chiches", "Tins & jars"],
  ["sel", "Spices & seasonings"],
  ["poivre noir", "Spices & seasonings"],
  ["farine", "Baking"],
  ["sucre en poudre", "Baking"],
  ["huile d'olive", "Oils, vinegars & sauces"],
  ["moutarde de Dijon", "Oils, vinegars & sauces"],
  ["riz", "Pasta, rice & grains"],
  ["lait entier", "Dairy & eggs"],
  ["crème fraîche", "Dairy & eggs"],
  ["œufs", "Dairy & eggs"],
  ["gruyère râpé", "Dairy & eggs"],
  ["blancs de poulet", "Meat & fish"],
  ["lardons", "Meat & fish"],
  ["pain de campagne", "Bakery"],
  ["vin blanc", "Drinks"],
  ["oignons", "Produce"],
  ["gousses d'ail", "Produce"],
  ["pommes de terre", "Produce"],
  ["haricots verts", "Produce"],
  ["petits pois surgelés", "Frozen"],
];

describe("aisles in German and French", () => {
  it.each(GERMAN)("German: %s is in %s", (name, aisle) => expect(aisleOf(name, null, "de")).toBe(aisle));
  it.each(FRENCH)("French: %s is in %s", (name, aisle) => expect(aisleOf(name, null, "fr")).toBe(aisle));

  it("English names sort as before on an English list, and a German name on one too", () => {
    expect(aisleOf("paprika", null, "en")).toBe("Spices & seasonings");
    expect(aisleOf("lemon rind", null, "en")).toBe("Produce");
    expect(aisleOf("Rinderhackfleisch", null, "en")).toBe("Meat & fish");
    expect(aisleOf("chicken stock", null, "de")).toBe("Tins & jars");
  });

  it("a German list is grouped by aisle, not all under Other", () => {
    const lines = ["500 g Weizenmehl", "2 Eier", "1 l Vollmilch", "2 Zwiebeln", "400 g Rinderhackfleisch"];
    const list = buildShoppingList(
      [
        {
          recipeId: "r",
          recipeName: "Teig",
          factor: 1,
          ingredients: lines.map((l) => parseIngredientLine(l)),
        },
      ],
      { lang: "de" },
    );
    expect(Object.fromEntries(list.map((l) => [l.name, l.aisle]))).toMatchObject({
      Weizenmehl: "Baking",
      Eier: "Dairy & eggs",
      Vollmilch: "Dairy & eggs",
      Zwiebeln: "Produce",
      Rinderhackfleisch: "Meat & fish",
    });
  });
});
