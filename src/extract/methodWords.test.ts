// Method headings worded as a question's answer (issue 50, "nothing read at all"): "How to make it"
// heads a method as "How to make" did; without it a page whose lists carry no class names read none.
import { describe, expect, it } from "vitest";
import { extractRecipe } from "./extractRecipe.ts";
import { isStepsWord } from "./sectionWords.ts";

describe("method heading: 'How to make it'", () => {
  it("names the method", () => {
    expect(isStepsWord("How to make it")).toBe(true);
    expect(isStepsWord("How to cook them:")).toBe(true);
    expect(isStepsWord("How to make it rise")).toBe(false);
  });

  it("heads a page's steps", () => {
    const html = `<html><head><title>Slow Cooker Chicken</title></head><body><h1>Slow Cooker Chicken</h1>
<h2>Ingredients</h2><ul><li>3 chicken breasts, diced</li><li>2 cups baby carrots, diced</li><li>1 can biscuit dough</li></ul>
<h2>How to make it</h2><ul><li>Place the chicken and carrots in a slow cooker and season well.</li>
<li>Cook on high for 3 hours, then drop the dough over the chicken and cook an hour more.</li></ul></body></html>`;
    const r = extractRecipe({ html, url: "https://cooktest.com/recipes/slow-cooker-chicken" });
    expect(r.ok && r.recipe.instructions.map((s) => s.text)).toEqual([
      "Place the chicken and carrots in a slow cooker and season well.",
      "Cook on high for 3 hours, then drop the dough over the chicken and cook an hour more.",
    ]);
  });
});
