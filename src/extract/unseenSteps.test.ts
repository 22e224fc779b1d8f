// Minimal pages for the steps' classes of issue 50 on unseen sites (pages read without their
// structured data): a step's own name read apart from its text, as the card's structured data
// names it. Shapes many sites share (a card plugin's markup, a list item's layout), no site's names.
import { describe, expect, it } from "vitest";
import { flatSteps } from "../../test/golden/realPages.ts";
import { extractRecipe } from "./extractRecipe.ts";

const read = (body: string) => {
  const r = extractRecipe({ html: `<html><body>${body}</body></html>`, url: "https://cook.test/r" });
  if (!r.ok) throw new Error(`${r.code}: ${r.message}`);
  return r.recipe;
};

const tasty = (method: string) =>
  read(`<div class="tasty-recipes"><h2 class="tasty-recipes-title">Onion tarts</h2>
<div class="tasty-recipes-ingredients"><h3>Ingredients</h3><ul><li>2 onions, sliced</li><li>1 sheet puff pastry</li></ul></div>
<div class="tasty-recipes-instructions"><h3>Instructions</h3>${method}</div></div>`);

describe("steps: a Tasty card's step named by its bold lead", () => {
  it("reads a bare bold lead as the step's name, its colon dropped, in list items and paragraphs", () => {
    const li = tasty(`<ol><li id="instruction-step-1">Preheat the oven to 200°C.</li>
<li id="instruction-step-2"><strong>Make the caramelized onions:</strong> Heat oil in a pan and cook the onions for 40 minutes.</li>
<li id="instruction-step-3"><strong>BAKE</strong> Fill the pastry and bake for 20 minutes.</li></ol>`);
    expect(flatSteps(li)).toEqual([
      "Preheat the oven to 200°C.",
      "Make the caramelized onions",
      "Heat oil in a pan and cook the onions for 40 minutes.",
      "BAKE",
      "Fill the pastry and bake for 20 minutes.",
    ]);
    const p =
      tasty(`<p id="instruction-step-1"><strong>Overnight option:</strong> Make the filling the evening before.</p>
<p id="instruction-step-2">Fill the pastry and bake for 20 minutes.</p>`);
    expect(flatSteps(p)).toEqual([
      "Overnight option",
      "Make the filling the evening before.",
      "Fill the pastry and bake for 20 minutes.",
    ]);
  });

  it("keeps a bold lead holding a link or set with attributes in the step, as the card's data does", () => {
    const r =
      tasty(`<ol><li><strong>Prepare <a href="/pastry">the pastry</a>.</strong> Roll it out thinly.</li>
<li><strong data-start="12">Bake. </strong>Bake for 20 minutes.</li></ol>`);
    expect(flatSteps(r)).toEqual(["Prepare the pastry. Roll it out thinly.", "Bake. Bake for 20 minutes."]);
  });
});

describe("steps: a step's title in its own block inside the list item", () => {
  it("reads the title apart from the step's sentences, the step's number left out", () => {
    const r =
      read(`<h1>Rhubarb tart</h1><h2>Ingredients</h2><ul><li>500 g rhubarb</li><li>100 g sugar</li><li>1 sheet shortcrust pastry</li></ul>
<h2>Method</h2><ol>
<li><span>1</span><div>Preparing the rhubarb</div> Wash and peel the rhubarb, cut it into short pieces and sprinkle it with the sugar.</li>
<li><span>2</span><div>Baking the tart</div> Line a tin with the pastry, fill it with the rhubarb and bake for 30 minutes.</li>
<li><span>3</span> Leave the tart to cool for an hour before serving it.</li></ol>`);
    expect(flatSteps(r)).toEqual([
      "Preparing the rhubarb",
      "Wash and peel the rhubarb, cut it into short pieces and sprinkle it with the sugar.",
      "Baking the tart",
      "Line a tin with the pastry, fill it with the rhubarb and bake for 30 minutes.",
      "Leave the tart to cool for an hour before serving it.",
    ]);
  });

  it("keeps an ingredient's parts set in blocks as one line", () => {
    const r =
      read(`<h1>Rhubarb tart</h1><h2>Ingredients</h2><ul><li><div>Rhubarb</div> 500 g</li><li><div>Sugar</div> 100 g</li></ul>
<h2>Method</h2><ol><li>Wash and peel the rhubarb, cut it into short pieces and sprinkle it with the sugar.</li>
<li>Line a tin with the pastry, fill it with the rhubarb and bake for 30 minutes.</li></ol>`);
    expect(r.ingredients.map((i) => i.text)).toEqual(["Rhubarb 500 g", "Sugar 100 g"]);
  });
});

describe("steps: the post's prose method before the recipe card's listed one", () => {
  it("reads the card's method, the list after its own ingredients heading, not the post's paragraphs", () => {
    const r = read(`<h1>Zucchini relish</h1><h2>Ingredients for zucchini relish</h2>
<ul><li>2 cups diced zucchini</li><li>1 cup diced onion</li><li>2 tablespoons canning salt</li></ul>
<h2>How to make zucchini relish</h2>
<p>Making zucchini relish starts with washing and then dicing the vegetables, all about the same size.</p>
<p>After dicing, salt them and let them stand for two hours so that they firm up before canning.</p>
<h2>Zucchini relish</h2><h3>Ingredients</h3>
<ul><li>2 cups diced zucchini</li><li>1 cup diced onion</li><li>2 tablespoons canning salt</li></ul>
<h3>Instructions</h3><ol><li>Wash the vegetables.</li><li>Dice the zucchini and the onion into quarter-inch pieces.</li>
<li>Sprinkle the salt over the vegetables, stir and let stand for 2 hours, then drain.</li></ol>`);
    expect(r.instructions.map((s) => s.text)).toEqual([
      "Wash the vegetables.",
      "Dice the zucchini and the onion into quarter-inch pieces.",
      "Sprinkle the salt over the vegetables, stir and let stand for 2 hours, then drain.",
    ]);
  });

  it("keeps a method written in paragraphs when no listed one follows", () => {
    const r = read(`<h1>Zucchini relish</h1><h2>Ingredients</h2>
<ul><li>2 cups diced zucchini</li><li>1 cup diced onion</li><li>2 tablespoons canning salt</li></ul>
<h2>Method</h2><p>Dice the zucchini and the onion into quarter-inch pieces and put them in a bowl.</p>
<p>Sprinkle the salt over the vegetables, stir and let stand for 2 hours, then drain.</p>`);
    expect(r.instructions.map((s) => s.text)).toEqual([
      "Dice the zucchini and the onion into quarter-inch pieces and put them in a bowl.",
      "Sprinkle the salt over the vegetables, stir and let stand for 2 hours, then drain.",
    ]);
  });

  it("keeps the page's method over another dish's recipe after it (its own ingredients)", () => {
    const r = read(`<h1>Lemon tartlets</h1><h2>Ingredients</h2>
<ul><li>150 g flour</li><li>75 g sugar</li><li>4 lemons</li><li>3 eggs</li></ul>
<h2>Preparation</h2><h3>Step 1</h3><p>Work the flour, the sugar and the butter together into a smooth dough and chill it.</p>
<h3>Step 2</h3><p>Cook the lemon juice, the sugar and the eggs over a low heat until the cream thickens.</p>
<h2>You will also love</h2><h3>Ingredients</h3><ul><li>1/2 cauliflower head</li><li>8 eggs</li><li>4 cups shredded cheese</li></ul>
<h3>Method</h3><ol><li>Boil the diced cauliflower in salted water until tender.</li><li>Blend it, then stir in the eggs and the cheese.</li></ol>`);
    expect(r.instructions.map((s) => s.text)).toEqual([
      "Work the flour, the sugar and the butter together into a smooth dough and chill it.",
      "Cook the lemon juice, the sugar and the eggs over a low heat until the cream thickens.",
    ]);
  });
});

describe("steps: a link plugin's marker after a tool's name", () => {
  it("drops '(affiliate link)' and '[paid link]' from a card's steps as from the page's", () => {
    const card = read(`<div class="wprm-recipe-container"><h2 class="wprm-recipe-name">Buffalo meatballs</h2>
<div class="wprm-recipe-ingredients-container"><ul><li class="wprm-recipe-ingredient">1 lb ground chicken</li><li class="wprm-recipe-ingredient">1/2 cup hot sauce</li></ul></div>
<div class="wprm-recipe-instructions-container"><ul><li class="wprm-recipe-instruction"><div class="wprm-recipe-instruction-text">Line a baking sheet with parchment paper [paid link] and set aside.</div></li>
<li class="wprm-recipe-instruction"><div class="wprm-recipe-instruction-text">Put the meatballs in the slow cooker (affiliate link) with the sauce.</div></li></ul></div></div>`);
    expect(card.instructions.map((s) => s.text)).toEqual([
      "Line a baking sheet with parchment paper and set aside.",
      "Put the meatballs in the slow cooker with the sauce.",
    ]);
  });
});

describe("steps: a bare bold lead naming a step, without a card's markup", () => {
  const page = (method: string) =>
    read(`<h1>Tomato risotto</h1><h2>Ingredients</h2><ul><li>500 g cherry tomatoes</li><li>300 g arborio rice</li></ul>
<h2>Instructions</h2><ol>${method}</ol>`);

  it("reads a lead over a sentence of its own, set off by a colon or not, apart from the step it names", () => {
    const r =
      page(`<li><strong>Blister the tomatoes</strong> In a large skillet, heat the oil and sear the tomatoes until they burst.</li>
<li><strong>Make the risotto:</strong> At the same time, soften the onion in the olive oil, then add the rice and the stock.</li>`);
    expect(flatSteps(r)).toEqual([
      "Blister the tomatoes",
      "In a large skillet, heat the oil and sear the tomatoes until they burst.",
      "Make the risotto",
      "At the same time, soften the onion in the olive oil, then add the rice and the stock.",
    ]);
  });

  it("keeps in the step a lead the sentence goes on from, its first sentence in bold, a label in capitals", () => {
    const r =
      page(`<li><strong>Heat the oil</strong> in a large skillet and sear the tomatoes until they burst.</li>
<li><strong>PANKO:</strong> Mix the panko with the butter and press it into the cups of the tin.</li>
<li><strong>Finish and serve.</strong> Let the risotto rest for two minutes, then spoon it onto warm plates.</li>`);
    expect(flatSteps(r)).toEqual([
      "Heat the oil in a large skillet and sear the tomatoes until they burst.",
      "PANKO: Mix the panko with the butter and press it into the cups of the tin.",
      "Finish and serve. Let the risotto rest for two minutes, then spoon it onto warm plates.",
    ]);
  });
});

describe("steps: a card step's paragraphs parted by the card's spacer", () => {
  it("joins them as the card's structured data writes them, a space only where the page has one", () => {
    const card = read(`<div class="wprm-recipe-container"><h2 class="wprm-recipe-name">Muffins</h2>
<div class="wprm-recipe-ingredients-container"><ul><li class="wprm-recipe-ingredient">2 cups strawberries</li><li class="wprm-recipe-ingredient">1 cup flour</li></ul></div>
<div class="wprm-recipe-instructions-container"><ul><li class="wprm-recipe-instruction"><div class="wprm-recipe-instruction-text"><span style="display: block;">Chop the strawberries.</span><div class="wprm-spacer"></div><span style="display: block;">Coat them in flour.</span></div></li>
<li class="wprm-recipe-instruction"><div class="wprm-recipe-instruction-text"><span style="display: block;">Fill the tin.</span>
<div class="wprm-spacer"></div>
<span style="display: block;">Bake for 20 minutes.</span></div></li></ul></div></div>`);
    expect(card.instructions.map((s) => s.text)).toEqual([
      "Chop the strawberries.Coat them in flour.",
      "Fill the tin. Bake for 20 minutes.",
    ]);
  });
});

describe("steps: a step's paragraphs parted by an empty div, without a card's markup", () => {
  it("joins them as the structured data of the page would, a space only where the page has one", () => {
    const page =
      read(`<h1>Muffins</h1><h2>Ingredients</h2><ul><li>2 cups strawberries</li><li>1 cup flour</li></ul>
<h2>Instructions</h2><ol><li><div><span style="display: block;">Chop the strawberries.</span><div></div><span style="display: block;">Coat them in flour.</span></div></li>
<li><div><span style="display: block;">Fill the tin.</span>
<div></div>
<span style="display: block;">Bake for 20 minutes.</span></div></li></ol>`);
    expect(page.instructions.map((s) => s.text)).toEqual([
      "Chop the strawberries.Coat them in flour.",
      "Fill the tin. Bake for 20 minutes.",
    ]);
  });
});
