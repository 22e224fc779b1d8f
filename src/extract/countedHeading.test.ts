// A heading that counts the page's reactions after the method (issue 50, "steps: foreign lines"):
// "People Who Like This Dish 0" under a method without class names was read as a part of it.
import { describe, expect, it } from "vitest";
import { extractRecipe } from "./extractRecipe.ts";

const page = (
  after: string,
) => `<html><head><title>Slow Cooker Chicken</title></head><body><h1>Slow Cooker Chicken</h1>
<h2>Ingredients</h2><ul><li>3 chicken breasts, diced</li><li>2 cups baby carrots, diced</li><li>1 can biscuit dough</li></ul>
<h2>Directions</h2><ul><li>Place the chicken and carrots in a slow cooker and season well.</li>
<li>Cook on high for 3 hours, then drop the dough over the chicken and cook an hour more.</li></ul>
${after}</body></html>`;

const steps = (html: string) => {
  const r = extractRecipe({ html, url: "https://cooktest.com/recipes/slow-cooker-chicken" });
  return r.ok ? r.recipe.instructions.map((s) => s.text) : r.code;
};

describe("steps: a heading counting the page's reactions", () => {
  it("ends the method", () => {
    expect(
      steps(
        page(`<h3>People Who Like This Dish 0</h3><ul><li>Show up here? Review or Bookmark it!</li></ul>`),
      ),
    ).toEqual([
      "Place the chicken and carrots in a slow cooker and season well.",
      "Cook on high for 3 hours, then drop the dough over the chicken and cook an hour more.",
    ]);
  });
});
