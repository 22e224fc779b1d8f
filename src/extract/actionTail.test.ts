// A list widget's link after every item (issue 50, "nothing read at all"): "3 chicken breasts,
// diced shopping list" read as the widget's own line dropped every item of a list without class names.
import { describe, expect, it } from "vitest";
import { extractRecipe } from "./extractRecipe.ts";
import { withoutActionTail } from "./actionTail.ts";
import type { Block } from "./pageBlocks.ts";

const block = (text: string): Block => ({ text, level: 0, item: true });

describe("ingredients: a widget's action glued after each item", () => {
  it("is cut from the item", () => {
    expect(withoutActionTail(block("3 chicken breasts, diced shopping list")).text).toBe(
      "3 chicken breasts, diced",
    );
    expect(withoutActionTail(block("salt, to taste Add to shopping list")).text).toBe("salt, to taste");
  });

  it("a line that is only the action stays whole", () => {
    expect(withoutActionTail(block("Add to shopping list")).text).toBe("Add to shopping list");
    expect(withoutActionTail(block("View your shopping list")).text).toBe("View your shopping list");
  });

  it("leaves the list read", () => {
    const html = `<html><head><title>Slow Cooker Chicken</title></head><body><h1>Slow Cooker Chicken</h1>
<h2>Ingredients</h2><ul><li>3 chicken breasts, diced <a href="/list">shopping list</a></li>
<li>2 cups baby carrots, diced <a href="/list">shopping list</a></li>
<li>21 oz condensed cream of chicken soup <a href="/list">shopping list</a></li>
<li>salt, to taste <a href="/list">shopping list</a></li></ul>
<h2>Directions</h2><ul><li>Place the chicken and carrots in a slow cooker and season well.</li>
<li>Cook on high for 3 hours, then pour over the soup and cook an hour more.</li></ul></body></html>`;
    const r = extractRecipe({ html, url: "https://cooktest.com/recipes/slow-cooker-chicken" });
    expect(r.ok && r.recipe.ingredients.map((i) => i.text)).toEqual([
      "3 chicken breasts, diced",
      "2 cups baby carrots, diced",
      "21 oz condensed cream of chicken soup",
      "salt, to taste",
    ]);
  });
});

describe("ingredients: a widget's line in another language", () => {
  it("stays whole when no item is left ('salva nella lista della spesa')", () => {
    expect(withoutActionTail(block("salva nella lista della spesa")).text).toBe(
      "salva nella lista della spesa",
    );
  });
});
