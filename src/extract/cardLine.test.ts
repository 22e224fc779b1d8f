// Minimal pages for the ingredients' "same words, other boundaries" class of issue 50 on pages
// without structured data: a recipe card that marks each line's parts (amount, unit, name, note)
// reads each line as the card's own structured data writes it, so a page reads the same whether
// or not it still carries that data. The card's markup is a plugin's that many sites share.
import { describe, expect, it } from "vitest";
import { extractRecipe } from "./extractRecipe.ts";

const part = (kind: string, t: string) =>
  t ? `<span class="wprm-recipe-ingredient-${kind}">${t}</span>` : "";

/** A card line: amount, unit, name, then what the card's template sets before the note, and the note. */
const li = (amount: string, unit: string, name: string, sep = "", notes = "") =>
  `<li class="wprm-recipe-ingredient"><span class="wprm-checkbox-container"><label>▢ </label></span>${part("amount", amount)} ${part("unit", unit)} ${part("name", name)}${sep}${notes ? `<span class="wprm-recipe-ingredient-notes">${notes}</span>` : ""}</li>`;

const page = (lines: string[], ld: string[] | null) =>
  `<html><head>${
    ld
      ? `<script type="application/ld+json">${JSON.stringify({
          "@type": "Recipe",
          name: "Mashed potatoes",
          recipeIngredient: ld,
          recipeInstructions: ["Boil the potatoes, then mash them with everything else."],
        })}</script>`
      : ""
  }</head><body><div class="wprm-recipe-container"><div class="wprm-recipe"><h2 class="wprm-recipe-name">Mashed potatoes</h2>
  <div class="wprm-recipe-ingredients-container"><ul>${lines.join("")}</ul></div>
  <div class="wprm-recipe-instructions-container"><ul><li class="wprm-recipe-instruction">Boil the potatoes, then mash them with everything else.</li></ul></div></div></div></body></html>`;

const ingredients = (html: string) => {
  const r = extractRecipe({ html, url: "https://cook.test/r" });
  if (!r.ok) throw new Error(r.code);
  return r.recipe.ingredients.map((i) => i.text);
};

describe("ingredients: a card line read as the card's structured data writes it", () => {
  // What the card's structured data gives for these lines: its parts joined, the note in
  // parentheses as typed (its comma, its trailing space), a parenthesised note not wrapped twice.
  const LD = [
    "2 pounds potatoes",
    "1/2 cup hot milk, (or more)",
    "2 cloves garlic (, minced)",
    "6 tablespoons butter (regular )",
    "4 oz mushrooms (I used Baby Bellas)",
    "1 teaspoon salt",
  ];
  const LINES = [
    li("2", "pounds", "potatoes"),
    li("1/2", "cup", "hot milk,", " ", "or more"),
    li("2", "cloves", "garlic", " ", ", minced"),
    li("6", "tablespoons", "butter", ", ", "regular "),
    li("4", "oz", "mushrooms", ", ", "(I used Baby Bellas)"),
    li("1", "teaspoon", "salt"),
  ];

  it("gives the structured data's lines from the card alone", () => {
    expect(ingredients(page(LINES, LD))).toEqual(LD);
    expect(ingredients(page(LINES, null))).toEqual(LD);
  });

  it("gives them from the same card without its class names, its lines' parts side by side", () => {
    const bare = page(LINES, null).replace(/ class="[^"]*"/g, "");
    expect(ingredients(bare)).toEqual(LD);
  });

  it("leaves out the card's second unit system, unless it holds the line's only amount", () => {
    const sys = (n: number, amount: string, unit: string) =>
      `<span class="wprm-recipe-ingredient-unit-system wprm-recipe-ingredient-unit-system-${n}">${n === 2 ? "(" : ""}${part("amount", amount)} ${part("unit", unit)}${n === 2 ? ")" : ""}</span> `;
    const lines = [
      `<li class="wprm-recipe-ingredient">${sys(1, "1", "cup")}${sys(2, "226", "g")}${part("name", "butter")} ${part("notes", "softened")}</li>`,
      `<li class="wprm-recipe-ingredient"><span class="wprm-recipe-ingredient-unit-system wprm-recipe-ingredient-unit-system-1"></span> ${sys(2, "5", "g")}${part("name", "salt")}</li>`,
    ];
    expect(ingredients(page(lines, null))).toEqual(["1 cup butter (softened)", "(5 g) salt"]);
    // Without class names: the second system is the amount in parentheses set out as the first is.
    const bare = page([...lines, li("2", "cups", "(250 g) flour")], null).replace(/ class="[^"]*"/g, "");
    expect(ingredients(bare)).toEqual(["1 cup butter (softened)", "(5 g) salt", "2 cups (250 g) flour"]);
  });

  it("reads the unit as the checkbox's label writes it where the unit part shows another word", () => {
    // The card's structured data follows the label ("tbsp") where the unit part shows "tablespoon".
    const boxed = (label: string, amount: string, unit: string, name: string) =>
      `<li class="wprm-recipe-ingredient"><span class="wprm-checkbox-container"><input type="checkbox" class="wprm-checkbox" aria-label="&nbsp;${label}"><label class="wprm-checkbox-label">▢ </label></span>${part("amount", amount)} ${part("unit", unit)} ${part("name", name)}</li>`;
    const lines = [
      boxed("4 tbsp oyster sauce", "4", "tablespoon", "oyster sauce"),
      boxed("½ tsp salt", "½", "teaspoon", "salt"),
      boxed("3 tbsp parmesan cheese (30g)", "3", "tablespoon", "parmesan cheese"),
      boxed("2 cups flour", "2", "cups", "flour"),
      // A label that is not the line's amount, one word and name is not read.
      boxed("Flour for dusting", "1", "tablespoon", "flour"),
    ];
    expect(ingredients(page(lines, null))).toEqual([
      "4 tbsp oyster sauce",
      "½ tsp salt",
      "3 tbsp parmesan cheese",
      "2 cups flour",
      "1 tablespoon flour",
    ]);
  });

  it("reads a note the card sets after a dash, without class names; a range's dash is no separator", () => {
    const lines = [
      li("4", "tbsp", "char siu sauce", " - ", "see note 2"),
      li("2", "cloves", "garlic", " - ", "minced"),
    ];
    const want = ["4 tbsp char siu sauce (see note 2)", "2 cloves garlic (minced)"];
    expect(ingredients(page(lines, null))).toEqual(want);
    // Bare, an amount range set out as two parts keeps its dash, one line as shown.
    const range = `<li><span>1</span> - <span>2</span> <span>cups</span> <span>water</span></li>`;
    const bare = page([...lines, range], null).replace(/ class="[^"]*"/g, "");
    expect(ingredients(bare)).toEqual([...want, "1 - 2 cups water"]);
  });
});

describe("ingredients: a card line without its class names, read as with them", () => {
  const bare = (html: string) => html.replace(/ class="[^"]*"/g, "");
  const boxed = (label: string, parts: string[]) =>
    `<li><span><input type="checkbox" aria-label="&nbsp;${label}"><label>▢ </label></span>${parts.map((p) => `<span>${p}</span>`).join(" ")}</li>`;

  it("reads a note set apart in a group without amounts when the card's other group has them", () => {
    const group = (name: string, lines: string[]) => `<div><h4>${name}</h4><ul>${lines.join("")}</ul></div>`;
    const groups =
      group("For the tacos", [
        boxed("1 pound ground beef", ["1", "pound", "ground beef"]),
        boxed("2 teaspoons chili powder", ["2", "teaspoons", "chili powder"]),
      ]) +
      group("For serving", [
        boxed("8 tortillas", ["8", "tortillas"]),
        boxed("Lettuce finely chopped", ["Lettuce", "finely chopped"]),
        boxed("Cheddar cheese, shredded", ["Cheddar cheese,", "shredded"]),
      ]);
    const html = `<html><body><div><h2>Tacos</h2><div><h3>Ingredients</h3>${groups}</div>
<div><h3>Instructions</h3><ul><li>Brown the beef with the chili powder, then fill the tortillas.</li></ul></div></div></body></html>`;
    expect(ingredients(bare(html))).toEqual([
      "1 pound ground beef",
      "2 teaspoons chili powder",
      "8 tortillas",
      "Lettuce (finely chopped)",
      "Cheddar cheese, (shredded)",
    ]);
  });

  it("reads an unmeasured name's note set apart in a list of another language than English (issue 50)", () => {
    const lines = [
      boxed("125 gram hvedemel", ["125", "gram", "hvedemel"]),
      boxed("3 dl mælk", ["3", "dl", "mælk"]),
      boxed("smør til stegning - neutral olie kan også bruges", [
        "smør",
        "til stegning – neutral olie kan også bruges",
      ]),
      // Two words side by side: a second name, no note.
      boxed("sukker kanel", ["sukker", "kanel"]),
      // An English line the tagger reads whole: a unit and its ingredient.
      boxed("pinch of kosher salt", ["pinch", "of kosher salt"]),
    ];
    const html = `<html><body><div><h2>Pandekager</h2><div><h3>Ingredienser</h3><ul>${lines.join("")}</ul></div>
<div><h3>Fremgangsmåde</h3><ul><li>Pisk mel, mælk og æg sammen, og steg pandekagerne i smør.</li></ul></div></div></body></html>`;
    expect(ingredients(bare(html))).toEqual([
      "125 gram hvedemel",
      "3 dl mælk",
      "smør (til stegning – neutral olie kan også bruges)",
      "sukker kanel",
      "pinch of kosher salt",
    ]);
  });

  it("writes a unit as the checkbox label does, with or without a note (issue 50)", () => {
    const noted = (label: string, parts: string[], note: string) =>
      boxed(label, parts).replace("</li>", ` - <span>${note}</span></li>`);
    const lines = [
      boxed("1 tsp sesame oil", ["1", "teaspoon", "sesame oil"]),
      noted("4 tbsp char siu sauce - see note 2", ["4", "tablespoon", "char siu sauce"], "see note 2"),
      boxed("2 cups flour", ["2", "cups", "flour"]),
      // A label two words apart from the line is not read.
      boxed("Flour for dusting", ["1", "tablespoon", "flour"]),
    ];
    const html = `<html><body><div><h2>Char siu</h2><div><h3>Ingredients</h3><ul>${lines.join("")}</ul></div>
<div><h3>Instructions</h3><ul><li>Mix the sauce with the oil, then roast the pork.</li></ul></div></div></body></html>`;
    expect(ingredients(bare(html))).toEqual([
      "1 tsp sesame oil",
      "4 tbsp char siu sauce (see note 2)",
      "2 cups flour",
      "1 tablespoon flour",
    ]);
  });
});
