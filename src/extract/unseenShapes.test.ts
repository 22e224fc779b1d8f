// Minimal pages for shapes designed on one half of the corpus's sites and checked on the other
// (`npm run eval -- recipes --holdout`): each shape is one many sites share, never one site's.
import { describe, expect, it } from "vitest";
import { extractRecipe } from "./extractRecipe.ts";

const read = (body: string, head = "") => {
  const r = extractRecipe({
    html: `<html><head>${head}</head><body>${body}</body></html>`,
    url: "https://cook.test/r",
  });
  if (!r.ok) throw new Error(`${r.code}: ${r.message}`);
  return r.recipe;
};

const LD = `<script type="application/ld+json">{"@type":"Recipe","name":"Zucchini slice",
  "recipeIngredient":["5 eggs","150 g flour"],"recipeInstructions":["Whisk the eggs with the flour and bake."]}</script>`;
const SITE = `<meta property="og:site_name" content="Cook Test">`;

describe("author: the site's name where the page names a person", () => {
  it("reads a byline linking to the writer's page by its query (?recipe_author=)", () => {
    const r = read(
      `<h1>Zucchini slice</h1><p>Author: <a href="https://cook.test/archive/?recipe_author=ann-lee">Ann Lee</a></p>`,
      SITE + LD,
    );
    expect(r.author).toBe("Ann Lee");
  });

  it("keeps the site's name when the only link is to a listing, not a writer", () => {
    const r = read(
      `<h1>Zucchini slice</h1><p><a href="https://cook.test/archive/?tag=slices">Slices</a></p>`,
      SITE + LD,
    );
    expect(r.author).toBe("Cook Test");
  });

  // The convention issue 50 states: a person the card names wins over the site's name
  // (authorPerson.test.ts holds the rule's shapes).
  it("takes the card's person over structured data's author when that is the site's name", () => {
    const ld = LD.replace(
      `"name":"Zucchini slice",`,
      `"name":"Zucchini slice","author":{"name":"Cook Test"},`,
    );
    const r = read(
      `<h1>Zucchini slice</h1><div class="wprm-recipe-container"><span class="wprm-recipe-author">Ann Lee</span></div>`,
      SITE + ld,
    );
    expect(r.author).toBe("Ann Lee");
  });
});

describe("author: a name the theme marks as the writer's, not the site's name", () => {
  it("reads the element a theme names for the author, without its label", () => {
    const r = read(
      `<h1>Zucchini slice</h1><div class="p-recipe__authorName">Author: Ann Lee</div>`,
      SITE + LD,
    );
    expect(r.author).toBe("Ann Lee");
  });

  it("keeps the name and drops a role after a comma and a glued label", () => {
    const r = read(
      `<h1>Zucchini slice</h1><span class="post-author">ByAnn Lee, journalist</span>`,
      SITE + LD,
    );
    expect(r.author).toBe("Ann Lee");
  });

  it("reads a byline linking to a member's page under /people/", () => {
    const r = read(`<h1>Zucchini slice</h1><p><a href="/people/AnnLee">AnnLee</a></p>`, SITE + LD);
    expect(r.author).toBe("AnnLee");
  });

  it("takes no commenter and no newsroom for the writer", () => {
    const comment = read(
      `<h1>Zucchini slice</h1><p class="comment-author-name">Bob</p><span class="author-name">Editorial Staff</span>`,
      SITE + LD,
    );
    expect(comment.author).toBe("Cook Test");
  });
});

describe("steps: headings and notes read as the method", () => {
  const steps = (instructions: unknown) =>
    read(
      "<h1>Zucchini slice</h1>",
      `<script type="application/ld+json">${JSON.stringify({
        "@type": "Recipe",
        name: "Zucchini slice",
        recipeIngredient: ["5 eggs", "150 g flour"],
        recipeInstructions: instructions,
      })}</script>`,
    ).instructions.map((s) => s.text);

  it("drops the dish's name heading the method's lines", () => {
    expect(steps("Zucchini Slice\nWhisk the eggs with the flour.\nBake for 30 minutes.")).toEqual([
      "Whisk the eggs with the flour.",
      "Bake for 30 minutes.",
    ]);
  });

  it("ends the method at a line that only says Notes or Tips", () => {
    expect(
      steps(["Whisk the eggs with the flour.", "Bake for 30 minutes.", "Notes", "It freezes for a month."]),
    ).toEqual(["Whisk the eggs with the flour.", "Bake for 30 minutes."]);
    expect(steps(["Whisk the eggs with the flour.", "Tips", "Use a slice tin."])).toEqual([
      "Whisk the eggs with the flour.",
    ]);
  });
});

const CARD = `<h1>Zucchini slice</h1>
<h2>Ingredients</h2><ul><li>5 eggs</li><li>150 g self-raising flour</li><li>1 zucchini, grated</li></ul>
<h2>Method</h2><ol><li>Preheat the oven to 180°C and line a slice tin with baking paper.</li>
<li>Whisk the eggs, stir in the flour and the zucchini, pour into the tin and bake.</li></ol>`;

describe("times not read where the page prints them", () => {
  it("reads a value before its one-word label in a line of times", () => {
    const r = read(`<p>10 minutes mins prep + 45 minutes mins cook</p>${CARD}`);
    expect([r.prepTimeMinutes, r.cookTimeMinutes, r.totalTimeMinutes]).toEqual([10, 45, 55]);
    const t = read(`<p>15 min prep · 1 hr total</p>${CARD}`);
    expect([t.prepTimeMinutes, t.totalTimeMinutes]).toEqual([15, 60]);
  });

  it("reads 'ready in' in other languages as the total", () => {
    expect(read(`<p>Fertig in 15 Minuten</p>${CARD}`).totalTimeMinutes).toBe(15);
    expect(read(`<p>Prêt en 40 minutes</p>${CARD}`).totalTimeMinutes).toBe(40);
  });

  it("does not read a step's own time as a label's", () => {
    expect(read(`${CARD}<p>Bake for 25 minutes until golden.</p>`).cookTimeMinutes ?? 0).toBe(0);
  });
});

describe("steps: the page's own headings read as steps (page text)", () => {
  it("drops the dish's name and the section's word heading the method", () => {
    const r = read(`<h1>Zucchini slice</h1>
<h2>Ingredients</h2><ul><li>5 eggs</li><li>150 g self-raising flour</li><li>1 zucchini, grated</li></ul>
<h2>Method</h2><ol><li>Zucchini Slice</li><li>Procedimento</li>
<li>Preheat the oven to 180°C and line a slice tin with baking paper.</li>
<li>Whisk the eggs, stir in the flour and the zucchini, pour into the tin and bake.</li></ol>`);
    expect(r.instructions.map((s) => s.text)).toEqual([
      "Preheat the oven to 180°C and line a slice tin with baking paper.",
      "Whisk the eggs, stir in the flour and the zucchini, pour into the tin and bake.",
    ]);
  });
});

describe("ingredients: an amount printed twice (the card's and its other system's)", () => {
  const card = (items: string[]) =>
    read(`<h1>Zucchini slice</h1><h2>Ingredients</h2><ul>${items.map((i) => `<li>${i}</li>`).join("")}</ul>
<h2>Method</h2><ol><li>Preheat the oven to 180°C and line a slice tin with baking paper.</li>
<li>Whisk the eggs, stir in the flour and the zucchini, pour into the tin and bake.</li></ol>`).ingredients.map(
      (i) => i.text,
    );

  it("reads the amount once when every measured line repeats it", () => {
    expect(card(["6 6 eggs", "1/2 cup 1/2 self-raising flour", "1 1 (400 g) can of corn", "salt"])).toEqual([
      "6 eggs",
      "1/2 cup self-raising flour",
      "1 (400 g) can of corn",
      "salt",
    ]);
  });

  it("keeps a line whose second number is its own ('1 1/2 cups', '2 2-inch pieces')", () => {
    expect(card(["1 1/2 cups flour", "2 2-inch pieces ginger", "3 3 eggs"])).toEqual([
      "1 1/2 cups flour",
      "2 2-inch pieces ginger",
      "3 3 eggs",
    ]);
  });
});

describe("yields: servings shown in a stepper widget", () => {
  it("reads the count a script puts in the stepper from the hidden field beside it", () => {
    const r = read(`<div class="calc"><span>-</span><input type="text" name="serving" maxlength="12">
<input type="hidden" id="previousServing" value="2"><span>+</span></div><span>Person(en)</span>${CARD}`);
    expect(r.servings).toBe(2);
  });

  it("reads no count from a hidden field away from any stepper", () => {
    const r = read(`<form><input type="hidden" name="servings" value="2"></form>${CARD}`);
    expect(r.servings ?? 0).toBe(0);
  });
});
