// A heading that sets part of the dish's name in a styled badge (issue 50: "title: a heading other
// than the dish"): the page's shared title writes the brackets the badge drew.
import { describe, expect, it } from "vitest";
import { extractRecipe } from "./extractRecipe.ts";
import { sharedTitleMarks } from "./sharedTitleMarks.ts";

const title = (html: string) => {
  const r = extractRecipe({ html, url: "https://cooktest.com/recipes/pancakes/" });
  return r.ok ? r.recipe.name : r.code;
};

const page = (og: string) => `<html><head><meta property="og:title" content="${og}"></head><body>
<h1>Thin Pancakes <span class="badge">step by step</span></h1>
<h2>Ingredients</h2><ul><li>250 g plain flour</li><li>500 ml milk</li><li>2 eggs</li></ul>
<h2>Method</h2><ol><li>Whisk the flour, milk and eggs into a smooth batter and rest it for an hour.</li>
<li>Fry thin pancakes in a hot buttered pan, a minute a side, and serve them warm.</li></ol>
</body></html>`;

describe("title: a heading's badge the shared title brackets", () => {
  it("keeps the brackets the shared title writes", () => {
    expect(title(page("Thin Pancakes (step by step)"))).toBe("Thin Pancakes (step by step)");
  });

  it("keeps the heading when the shared title names more or brackets nothing", () => {
    expect(title(page("Thin Pancakes (step by step) - Cook Test"))).toBe("Thin Pancakes step by step");
    expect(title(page("Thin Pancakes: step by step"))).toBe("Thin Pancakes step by step");
  });

  it("takes the shared title only for the same letters", () => {
    expect(sharedTitleMarks("Chilli (mild)", "Chilli (Mild)")).toBe("Chilli (mild)");
    expect(sharedTitleMarks("Chilli mild", "Chilli (hot)")).toBe("Chilli mild");
    expect(sharedTitleMarks("Chilli mild", null)).toBe("Chilli mild");
  });
});
