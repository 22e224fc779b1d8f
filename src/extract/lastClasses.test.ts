// One minimal page per failure class that issue 50 counted on unseen sites: each shows a shape
// many sites share, so a fix written for one site cannot pass them.
import { describe, expect, it } from "vitest";
import { parseYield } from "./yields.ts";
import { extractRecipe } from "./extractRecipe.ts";

const read = (body: string, head = "") => {
  const r = extractRecipe({
    html: `<html><head>${head}</head><body>${body}</body></html>`,
    url: "https://cook.test/r",
  });
  if (!r.ok) throw new Error(`${r.code}: ${r.message}`);
  return r.recipe;
};

const CARD = `<h1>Zucchini slice</h1>
<h2>Ingredients</h2><ul><li>5 eggs</li><li>150 g self-raising flour</li><li>1 zucchini, grated</li></ul>
<h2>Method</h2><ol><li>Preheat the oven to 180°C and line a slice tin with baking paper.</li>
<li>Whisk the eggs, stir in the flour and the zucchini, pour into the tin and bake.</li></ol>`;

describe("times not read where the page prints them: a separator between label and value", () => {
  it("reads 'Prep time |' over its value, and a dash after the label", () => {
    const r = read(`<p><span>Prep time&nbsp;|</span> <span>15 minutes</span> <span>Cooking time&nbsp;|</span>
      <span>20 minutes</span></p>${CARD}`);
    expect([r.prepTimeMinutes, r.cookTimeMinutes, r.totalTimeMinutes]).toEqual([15, 20, 35]);
    const d = read(`<p>Prep – 10 mins</p><p>Cook - 25 mins</p>${CARD}`);
    expect([d.prepTimeMinutes, d.cookTimeMinutes]).toEqual([10, 25]);
  });
});
