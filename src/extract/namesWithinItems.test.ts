import { describe, expect, it } from "vitest";
import { extractRecipe } from "./extractRecipe.ts";

const read = (body: string) => {
  const r = extractRecipe({ html: `<html><body>${body}</body></html>`, url: "https://cook.test/r" });
  if (!r.ok) throw new Error(r.code);
  return r.recipe.ingredients.map((i) => i.text);
};

describe("an amount lost: a card that marks only the name inside each line", () => {
  it("reads each item of the list whole, marked or not, without the widget's link in it", () => {
    const li = (line: string) =>
      `<li>${line} <a href="#" class="to_list" title="Add to shopping list">shopping list</a></li>`;
    expect(
      read(`<div class="hrecipe"><h1 class="fn">Chicken and biscuits</h1>
        <div class="ingredients"><ul>
          ${li(`3 <a href="#" class="ingredient">chicken breasts</a>, diced`)}
          ${li("salt, to taste")}
          ${li(`2 cups <a href="#" class="ingredient">broccoli florets</a>`)}
          ${li(`21 oz <a href="#" class="ingredient">condensed cream of chicken soup</a>`)}
        </ul></div>
        <ul class="instructions"><li>Place the chicken in a slow cooker and season it well.</li>
        <li>Add the broccoli and the soup, and cook on high for 3 hours.</li></ul></div>`),
    ).toEqual([
      "3 chicken breasts, diced",
      "salt, to taste",
      "2 cups broccoli florets",
      "21 oz condensed cream of chicken soup",
    ]);
  });

  it("keeps items that are the marked lines themselves as they are", () => {
    expect(
      read(`<div class="hrecipe"><h1 class="fn">Toast</h1><ul>
        <li class="ingredient">2 slices bread</li><li class="ingredient">1 tbsp butter</li></ul>
        <ul class="instructions"><li>Toast the bread until it is golden on both sides.</li>
        <li>Spread the butter over the toast while it is still warm.</li></ul></div>`),
    ).toEqual(["2 slices bread", "1 tbsp butter"]);
  });
});
