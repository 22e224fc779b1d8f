// Minimal pages for the step and ingredient shapes found on one half of the corpus's sites and
// checked on the other (`npm run eval -- recipes --holdout`): each a shape many sites share.
import { describe, expect, it } from "vitest";
import { extractRecipe } from "./extractRecipe.ts";

const read = (body: string) => {
  const r = extractRecipe({ html: `<html><body>${body}</body></html>`, url: "https://cook.test/r" });
  if (!r.ok) throw new Error(`${r.code}: ${r.message}`);
  return r.recipe;
};

describe("steps: the method ends at the page's footer", () => {
  it("leaves out a modal's lines set after the footer", () => {
    const r = read(`<main><h1>Apple pancake</h1>
<h2>Ingredients</h2><ul><li>200 g flour</li><li>2 eggs</li><li>2 apples</li></ul>
<h2>Preparation</h2>
<p>Whisk the flour with the eggs and a pinch of salt until smooth.</p>
<p>Fry the batter in butter for 5 minutes, turn it and fry 5 minutes more.</p></main>
<footer><p>About us</p><p>Contact</p></footer>
<div><span>Reminder for</span><p>Sorry, something went wrong, please try again later.</p>
<p>We have sent a confirmation link to your e-mail address, please confirm it.</p></div>`);
    expect(r.instructions.map((s) => s.text)).toEqual([
      "Whisk the flour with the eggs and a pinch of salt until smooth.",
      "Fry the batter in butter for 5 minutes, turn it and fry 5 minutes more.",
    ]);
  });
});
