import { describe, expect, it } from "vitest";
import { extractRecipe } from "./extractRecipe.ts";

describe("an amount lost: structured names whose page rows show the amounts", () => {
  it("reads the row of a name the page wraps in a link of its own, not the name alone", () => {
    const ld = {
      "@context": "https://schema.org",
      "@type": "Recipe",
      name: "Pink popcorn",
      recipeIngredient: ["Sonnenblumenöl", "Popcornmais", "Zucker", "Vanilleextrakt"],
      recipeInstructions: [{ "@type": "HowToStep", text: "Erhitze das Öl und gib den Mais dazu." }],
    };
    const row = (amount: string, name: string) =>
      `<div class="ingredient"><span class="quantity">${amount}</span> <span class="title">${name}</span></div>`;
    const html = `<html><head><script type="application/ld+json">${JSON.stringify(ld)}</script></head><body>
      <h1>Pink popcorn</h1><div class="list">${row("20 g", "Sonnenblumenöl")}${row("50 g", "Popcornmais")}
      ${row("3 EL", "Zucker")}${row("0.5 TL", '<a href="/shop/vanille"> Vanilleextrakt </a><form action="/cart"><input type="hidden" name="id" value="1"></form>')}</div>
      </body></html>`;
    const r = extractRecipe({ html, url: "https://cook.test/r" });
    if (!r.ok) throw new Error(r.code);
    expect(r.recipe.ingredients.map((i) => i.text)).toEqual([
      "20 g Sonnenblumenöl",
      "50 g Popcornmais",
      "3 EL Zucker",
      "0.5 TL Vanilleextrakt",
    ]);
  });
});
