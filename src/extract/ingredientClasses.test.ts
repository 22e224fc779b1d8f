// One minimal, hand-written page per ingredient-list failure class (exact lists): each
// shows the class on its own, so a fix that only suits one site cannot pass them all.
import { describe, expect, it } from "vitest";
import { extractRecipe } from "./extractRecipe.ts";

const ingredientsOf = (body: string, ld?: Record<string, unknown>) => {
  const json = ld
    ? `<script type="application/ld+json">${JSON.stringify({
        "@context": "https://schema.org",
        "@type": "Recipe",
        name: "Lemon drink",
        recipeInstructions: [{ "@type": "HowToStep", text: "Shake everything with ice and strain." }],
        ...ld,
      })}</script>`
    : "";
  const r = extractRecipe({
    html: `<html><head>${json}</head><body>${body}</body></html>`,
    url: "https://cook.test/r",
  });
  if (!r.ok) throw new Error(`${r.code}: ${r.message}`);
  return r.recipe.ingredients.map((i) => i.text);
};

describe("structured data lists bare names, the page shows the amounts", () => {
  const ld = { recipeIngredient: ["Gin", "Lemon juice", "Sugar syrup", "Soda water"] };

  it("takes the visible rows, amounts in sibling elements, the last row of a group without its heading", () => {
    const row = (q: string, n: string) =>
      `<div class="row"><span class="q">${q}</span> <span class="n">${n}</span></div>`;
    const body = `<h1>Lemon drink</h1><p>Gin is the base here.</p>
      <div class="list"><div class="group"><h4>Drink</h4>${row("4 cl", "Gin")}${row("2 cl", "Lemon juice")}
      ${row("1 cl", "Sugar syrup")}</div><div class="group"><h4>To top</h4>${row("", "Soda water")}</div></div>`;
    expect(ingredientsOf(body, ld)).toEqual([
      "4 cl Gin",
      "2 cl Lemon juice",
      "1 cl Sugar syrup",
      "Soda water",
    ]);
  });

  it("reads an amount written after the name", () => {
    const body = `<ul>${["Gin|4 cl", "Lemon juice|2 cl", "Sugar syrup|1 cl", "Soda water|to top"]
      .map((x) => x.split("|"))
      .map(([n, q]) => `<li><label><span>${n}</span></label><p class="qty">${q}</p></li>`)
      .join("")}</ul>`;
    expect(ingredientsOf(body, ld)).toEqual([
      "Gin 4 cl",
      "Lemon juice 2 cl",
      "Sugar syrup 1 cl",
      "Soda water to top",
    ]);
  });

  it("keeps the structured lines when the page does not show every name on its own", () => {
    const body = `<p>Mix gin, lemon juice, sugar syrup and soda water.</p><ul><li>4 cl Gin</li></ul>`;
    expect(ingredientsOf(body, ld)).toEqual(ld.recipeIngredient);
  });
});

describe("group headings flattened into the structured lines", () => {
  const ld = {
    recipeIngredient: ["2 limes", "Salt", "1 tbsp sugar", "Spiced syrup", "100 ml water", "50 g sugar"],
  };

  it("drops a line the page shows as a heading, and names the group after it", () => {
    const item = (t: string) => `<div class="ingredients__item"><label><span>${t}</span></label></div>`;
    const body = `<div class="ingredients">${item("2 limes")}${item("Salt")}${item("1 tbsp sugar")}
      <div class="ingredients__title">
        Spiced syrup
      </div>${item("100 ml water")}${item("50 g sugar")}</div>`;
    const r = extractRecipe({
      html: `<html><head><script type="application/ld+json">${JSON.stringify({
        "@type": "Recipe",
        name: "Limeade",
        recipeInstructions: "Squeeze the limes. Boil the syrup.",
        ...ld,
      })}</script></head><body>${body}</body></html>`,
      url: "https://cook.test/r",
    });
    if (!r.ok) throw new Error(r.code);
    expect(r.recipe.ingredients.map((i) => i.text)).toEqual([
      "2 limes",
      "Salt",
      "1 tbsp sugar",
      "100 ml water",
      "50 g sugar",
    ]);
    expect(r.recipe.ingredients.map((i) => i.section)).toEqual([
      null,
      null,
      null,
      "Spiced syrup",
      "Spiced syrup",
    ]);
  });

  it("keeps a bare line the page shows as an item like the others", () => {
    const body = `<ul>${ld.recipeIngredient.map((t) => `<li>${t}</li>`).join("")}</ul><h3>Salt</h3>`;
    expect(ingredientsOf(body, ld)).toEqual(ld.recipeIngredient);
  });
});

describe("several lines pasted into one structured entry", () => {
  it("splits a lone entry at its line ends: it is the whole list", () => {
    const ld = { recipeIngredient: ["Rice....1 cup\r\nWater....2 cups\r\nSalt....a pinch"] };
    expect(ingredientsOf("", ld)).toEqual(["Rice....1 cup", "Water....2 cups", "Salt....a pinch"]);
  });

  it("splits an entry whose lines each state an amount, keeps one line wrapped in its source", () => {
    const ld = {
      recipeIngredient: [
        "1 ½ pounds eggplant, sliced\n¾ pound zucchini, sliced\nKosher salt and pepper\n2 tablespoons olive oil",
        "1\n   cup\n   basil leaves",
      ],
    };
    expect(ingredientsOf("", ld)).toEqual([
      "1 ½ pounds eggplant, sliced",
      "¾ pound zucchini, sliced",
      "Kosher salt and pepper",
      "2 tablespoons olive oil",
      "1 cup basil leaves",
    ]);
  });
});

describe("page-text lists: a list item built of blocks", () => {
  it("reads an item whose amount and description sit in separate blocks as one line", () => {
    const item = (q: string, d: string) =>
      `<li><div class="amount">${q}</div><div class="description"><p>${d}</p></div></li>`;
    const r = extractRecipe({
      html: `<html><body><h1>Red sauce</h1><h2>Ingredients</h2><ul>${item("1", "14½-ounce can tomato puree")}
        ${item("3", "cups boiling water")}${item("1/4", "cup olive oil")}${item("", "Kosher salt")}</ul>
        <h2>Directions</h2><ol><li>Whisk the puree with the boiling water in a bowl.</li>
        <li>Heat the oil in a skillet and add the sauce, then simmer.</li></ol></body></html>`,
      url: "https://cook.test/r",
    });
    if (!r.ok) throw new Error(r.code);
    expect(r.recipe.ingredients.map((i) => i.text)).toEqual([
      "1 14½-ounce can tomato puree",
      "3 cups boiling water",
      "1/4 cup olive oil",
      "Kosher salt",
    ]);
    expect(r.recipe.instructions).toHaveLength(2);
  });
});

describe("structured ingredient groups as nested arrays", () => {
  it("reads one array per group, in order", () => {
    const ld = {
      recipeIngredient: [
        ["2 potatoes", "1 tbsp butter"],
        ["200 ml milk", "1 pinch salt"],
      ],
    };
    expect(ingredientsOf("", ld)).toEqual(["2 potatoes", "1 tbsp butter", "200 ml milk", "1 pinch salt"]);
  });
});

describe("structured lines that are only part of the visible list", () => {
  const ld = { recipeIngredient: ["3 tbsp soy sauce", "2 tbsp water", "1 tsp sesame oil"] };
  const page = (after = "") => `<h1>Fried chicken</h1><h2>Ingredients</h2>
    <ul><li>1 pound chicken thighs</li><li>½ teaspoon kosher salt</li></ul>
    <h3>For the sauce:</h3><ul><li>3 tbsp soy sauce</li><li>2 tbsp water</li><li>1 tsp sesame oil</li></ul>
    ${after}<h2>Directions</h2><ul><li>Pat the chicken dry. Fry it until golden.</li></ul>`;

  it("reads the page's whole list, its groups included", () => {
    const r = extractRecipe({
      html: `<html><head><script type="application/ld+json">${JSON.stringify({
        "@type": "Recipe",
        name: "Fried chicken",
        recipeInstructions: "Pat the chicken dry. Fry it until golden.",
        ...ld,
      })}</script></head><body>${page()}</body></html>`,
      url: "https://cook.test/r",
    });
    if (!r.ok) throw new Error(r.code);
    expect(r.recipe.ingredients.map((i) => [i.text, i.section])).toEqual([
      ["1 pound chicken thighs", null],
      ["½ teaspoon kosher salt", null],
      ["3 tbsp soy sauce", "For the sauce"],
      ["2 tbsp water", "For the sauce"],
      ["1 tsp sesame oil", "For the sauce"],
    ]);
  });

  it("does not take in a list of tools or a run of steps beside the ingredients", () => {
    const tools = `<h3>Equipment:</h3><ul><li>1 large skillet</li></ul>`;
    const body = `<ul><li>3 tbsp soy sauce</li><li>2 tbsp water</li><li>1 tsp sesame oil</li>
      <li>1. Whisk the sauce. Then pour it over the chicken and serve.</li></ul>${tools}`;
    expect(ingredientsOf(body, ld)).toEqual(ld.recipeIngredient);
  });
});

describe("structured ingredients that are a tag, not a list", () => {
  const list = `<h2>Ingredients</h2><ul><li>1 whole chicken, cut into 8 pieces</li><li>500g baby potatoes</li>
    <li>3 onions, quartered</li><li>Salt and pepper</li></ul><h2>Method</h2>
    <ol><li>Heat the oven to 200°C and season the chicken well.</li><li>Roast it with the vegetables for an hour.</li></ol>`;

  it("reads the page's list when the structured data names only the main ingredient", () => {
    expect(ingredientsOf(list, { recipeIngredient: "Chicken" })).toEqual([
      "1 whole chicken, cut into 8 pieces",
      "500g baby potatoes",
      "3 onions, quartered",
      "Salt and pepper",
    ]);
  });

  it("keeps a short bare list the page's list does not speak of", () => {
    expect(ingredientsOf(list, { recipeIngredient: ["Ice", "Lemonade"] })).toEqual(["Ice", "Lemonade"]);
  });
});

describe("page-text lists: a label over sentences opens the method", () => {
  it("ends the ingredient list at a bold label followed by steps", () => {
    const r = extractRecipe({
      html: `<html><body><h1>Chipotle chicken</h1><p>A quick dinner for busy nights, ready in twenty minutes.</p>
        <p><b>Servings: 4</b></p><p><b>Ingredients</b></p>
        <ul><li>1 pound chicken tenders</li><li>1/4 cup flour</li><li>2 tablespoons olive oil</li></ul>
        <p><b>Here is what you do:</b></p>
        <ul><li>Dredge the chicken in the flour and brown it in a hot skillet.</li>
        <li>Add the broth, simmer until thick, then stir in the sour cream.</li></ul><p>Related posts</p></body></html>`,
      url: "https://cook.test/r",
    });
    if (!r.ok) throw new Error(r.code);
    expect(r.recipe.ingredients.map((i) => i.text)).toEqual([
      "1 pound chicken tenders",
      "1/4 cup flour",
      "2 tablespoons olive oil",
    ]);
    expect(r.recipe.instructions).toHaveLength(2);
  });

  it("passes a group label of the list to find the steps under an unknown label", () => {
    const r = extractRecipe({
      html: `<html><body><h1>Chipotle chicken</h1><p>A quick dinner for busy nights, ready in twenty minutes.</p>
        <p><b>Ingredients</b></p><ul><li>1 pound chicken tenders</li><li>1/4 cup flour</li></ul>
        <p><b>For the sauce:</b></p><ul><li>3/4 cup chicken broth</li><li>1/2 cup sour cream</li></ul>
        <p><b>Here is what you do:</b></p>
        <ul><li>Dredge the chicken in the flour and brown it in a hot skillet.</li>
        <li>Add the broth, simmer until thick, then stir in the sour cream.</li></ul><p>Related posts</p></body></html>`,
      url: "https://cook.test/r",
    });
    if (!r.ok) throw new Error(r.code);
    expect(r.recipe.ingredients.map((i) => [i.text, i.section])).toEqual([
      ["1 pound chicken tenders", null],
      ["1/4 cup flour", null],
      ["3/4 cup chicken broth", "For the sauce"],
      ["1/2 cup sour cream", "For the sauce"],
    ]);
    expect(r.recipe.instructions).toHaveLength(2);
  });
});
