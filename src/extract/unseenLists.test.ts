// Minimal pages for the ingredients' "foreign lines" class of issue 50 (group headings read as
// items): a list's first line naming what it makes ("Voor 2 banketstaven", "For 12 cupcakes") is
// its group's heading, not an ingredient. Shapes many sites share, with no site's names in them.
import { describe, expect, it } from "vitest";
import { extractRecipe } from "./extractRecipe.ts";
import { isIngredientHeading } from "./ingredients.ts";

const read = (list: string) => {
  const html = `<html><body><h1>Banketstaaf</h1><h2>Ingrediëntenlijst</h2>${list}
<h2>Bereiding</h2><ol><li>Verwarm de oven voor op 200 °C en rol het bladerdeeg uit.</li>
<li>Leg de amandelspijs op het deeg, vouw het dicht en bak 25 minuten.</li></ol></body></html>`;
  const r = extractRecipe({ html, url: "https://cook.test/r" });
  return r.ok ? r.recipe.ingredients.map((i) => [i.section, i.text]) : [];
};

describe("ingredients: a line naming what the list makes heads its group", () => {
  it("reads 'Voor 2 banketstaven' over the list as its group, not as an ingredient", () => {
    expect(
      read(`<ul><li><strong>Voor 2 banketstaven</strong></li><li>400 gr amandelspijs</li>
<li>1 rol bladerdeeg</li><li>½ ei, losgeklopt</li></ul>`),
    ).toEqual([
      ["Voor 2 banketstaven", "400 gr amandelspijs"],
      ["Voor 2 banketstaven", "1 rol bladerdeeg"],
      ["Voor 2 banketstaven", "½ ei, losgeklopt"],
    ]);
  });

  it("tells such a heading from a measured line", () => {
    for (const h of ["For 12 cupcakes", "Pour 6 personnes", "Für 4 Portionen", "Per 8-10 biscotti"])
      expect(isIngredientHeading(h)).toBe(true);
    for (const l of ["400 gr amandelspijs", "For 2 cups of flour, sifted", "2 eggs", "Voor 2 el boter"])
      expect(isIngredientHeading(l)).toBe(false);
  });
});
