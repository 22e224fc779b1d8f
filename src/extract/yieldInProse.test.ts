// A post's sentence that counts people ("will feed approximately 3 people") before the card's own
// "Servings 6": the card's count is the recipe's, the sentence's only when the page prints no other.
import { describe, expect, it } from "vitest";
import { extractRecipe } from "./extractRecipe.ts";
import { findYield } from "./timesAndYields.ts";

describe("a count in a sentence gives way to the card's", () => {
  it("reads the card's servings after a post's estimate", () => {
    const r = extractRecipe({
      html: `<html><body><main><h1>Pulled pork</h1>
        <p>One pound of pulled pork will feed approximately 3 people (about 5 ounces per serving).</p>
        <div><h2>Pulled pork</h2><p>Servings</p><p>6</p>
        <h3>Ingredients</h3><ul><li>5 lb pork shoulder</li><li>1 cup cola</li><li>2 tbsp brown sugar</li></ul>
        <h3>Instructions</h3><ol><li>Rub the pork with the sugar and set it in a Dutch oven.</li>
        <li>Pour in the cola, cover and roast for 6 hours, then shred.</li></ol></div></main></body></html>`,
      url: "https://cook.test/r",
    });
    if (!r.ok) throw new Error(r.message);
    expect(r.recipe.servings).toBe(6);
  });

  it("keeps the sentence's count when nothing else is printed, and a card label's short line", () => {
    expect(
      findYield("One pound of pulled pork will feed approximately 3 people.\nIngredients")?.servings,
    ).toBe(3);
    expect(findYield("Nombre de parts 4 portions\nCoût pour 1 portion")?.servings).toBe(4);
  });
});
