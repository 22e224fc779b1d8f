import { describe, expect, it } from "vitest";
import { textSource } from "../pipeline/importRecipe.ts";
import { pastedHtml } from "./pastedHtml.ts";
import { readRecipePage } from "./readRecipePage.ts";

describe("markup pasted as text", () => {
  it("reads a checklist of labels pasted as HTML as the page it is", () => {
    const text = [
      "<h1>Lemon Cake</h1>",
      "<h2>Ingredients</h2>",
      '<label><input type="checkbox"> 225 g butter</label><br>',
      '<label><input type="checkbox"> 4 eggs</label><br>',
      '<label><input type="checkbox"> 275 g self-raising flour</label>',
      "<h2>Method</h2>",
      "<p>Heat the oven to 180C.</p><p>Beat the butter and sugar until pale.</p>",
    ].join("\n");
    const src = textSource(text, "file:///text");
    const r = readRecipePage({ html: src.html, url: src.url });
    if (!r.ok) throw new Error(r.code);
    expect(r.recipe.ingredients.map((i) => i.text)).toEqual([
      "225 g butter",
      "4 eggs",
      "275 g self-raising flour",
    ]);
    expect(r.recipe.instructions.map((s) => s.text)).toEqual([
      "Heat the oven to 180C.",
      "Beat the butter and sugar until pale.",
    ]);
  });

  it("leaves typed text with angle brackets as text", () => {
    expect(pastedHtml("Lemon Cake\n\nIngredients\n4 eggs <3\n\nMethod\nBake < 40 min.")).toBeNull();
    expect(pastedHtml("<b>Lemon Cake</b>\n4 eggs")).toBeNull();
    expect(pastedHtml("<ul><li>4 eggs</li></ul>")).toContain("<body><ul>");
  });
});
