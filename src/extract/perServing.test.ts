import { describe, expect, it } from "vitest";
import { extractRecipe } from "./extractRecipe.ts";

// An app state (an Inertia page's data-page) holding the recipe only, with amounts stored per serving.
const page = (ingredients: unknown[], servings = 4) => {
  const data = {
    props: {
      recipe: {
        title: "Kyllingetærte",
        serving_size: servings,
        grouped_ingredients: [{ title: null, ingredients }],
        grouped_instructions: [
          {
            title: null,
            instructions: [
              { instruction: "Rens bladselleri, og skær dem i tynde skiver." },
              { instruction: "Steg alle grøntsagerne i olie i en stor pande." },
            ],
          },
        ],
      },
    },
  };
  const html = `<html><body><h1>Kyllingetærte</h1><div id="app" data-page="${JSON.stringify(data).replace(/"/g, "&quot;")}"></div></body></html>`;
  const r = extractRecipe({ html, url: "https://cook.test/r" });
  if (!r.ok) throw new Error(r.code);
  return r.recipe.ingredients.map((i) => i.text);
};

const stk = { name_singular: "stk.", name_plural: "stk.", abbreviation: "stk." };
const gram = { name_singular: "gram", name_plural: "gram", abbreviation: "g" };

describe("nothing read: amounts an app state stores per serving", () => {
  it("multiplies them by the servings, in the unit's abbreviation, the name plural for more than one, a count's unit and an amountless unit left out", () => {
    expect(
      page([
        { amount: 0.5, unit: stk, ingredient: { name_singular: "gulerod", name_plural: "gulerødder" } },
        { amount: 12.5, unit: gram, ingredient: { name_singular: "smør", name_plural: "smør" } },
        {
          amount: 75,
          unit: gram,
          prefix: "kogt",
          ingredient_inflection: "singular",
          ingredient: { name_singular: "kyllingebrystfilet", name_plural: "kyllingebrystfileter" },
        },
        {
          amount: 0.25,
          unit: stk,
          suffix: "til pensling",
          ingredient: { name_singular: "æg", name_plural: "æg" },
        },
        {
          amount: 0.625,
          unit: { name_singular: "deciliter", abbreviation: "dl" },
          ingredient: { name_singular: "mælk" },
        },
        { amount: null, unit: { name_singular: "bundt" }, ingredient: { name_singular: "salt" } },
      ]),
    ).toEqual([
      "2 gulerødder",
      "50 g smør",
      "300 g kogt kyllingebrystfilet",
      "1 æg til pensling",
      "2½ dl mælk",
      "salt",
    ]);
  });

  it("leaves a list of numbers that are totals unread (most of them whole already)", () => {
    expect(
      page([
        { amount: 2, unit: stk, ingredient: { name_singular: "gulerod", name_plural: "gulerødder" } },
        { amount: 50, unit: gram, ingredient: { name_singular: "smør" } },
        { amount: 0.5, unit: stk, ingredient: { name_singular: "citron" } },
      ]),
    ).toEqual([]);
  });
});
