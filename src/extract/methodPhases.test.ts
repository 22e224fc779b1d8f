// Minimal pages for issue 50's "lines missing" steps class on unseen sites (no structured data):
// a method told in phases, each under a heading of the same rank ("Voorbereiden", then
// "Bereiden"), is read whole; the phases' names are left out, as the structured reader leaves
// them out of a step's text (schemaRecipe's phases).
import { describe, expect, it } from "vitest";
import { flatSteps } from "../../test/golden/realPages.ts";
import { extractRecipe } from "./extractRecipe.ts";

const read = (body: string) => {
  const r = extractRecipe({ html: `<html><body>${body}</body></html>`, url: "https://cook.test/r" });
  if (!r.ok) throw new Error(`${r.code}: ${r.message}`);
  return r.recipe;
};

const page = (second: string, method = "") =>
  read(`<h1>Zalm met avocado</h1><h2>Ingrediënten</h2><ul><li>400 g zalm</li><li>2 avocado's</li><li>1 limoen</li></ul>
${method}<h2>Voorbereiden</h2><p>Haal de zalm uit de koelkast en dep die droog met keukenpapier.</p>
<p>Bak de zalm kort aan alle kanten en leg hem daarna in ijswater.</p>
<h2>${second}</h2><p>Snijd de avocado's in blokjes en vermeng ze met het limoensap.</p>
<p>Verdeel de salade over de borden en leg de zalm erop.</p>`);

describe("steps: a method in phases under headings of one rank", () => {
  it("reads the next phase's steps too, the phase's name left out", () => {
    expect(flatSteps(page("Bereiden"))).toEqual([
      "Haal de zalm uit de koelkast en dep die droog met keukenpapier.",
      "Bak de zalm kort aan alle kanten en leg hem daarna in ijswater.",
      "Snijd de avocado's in blokjes en vermeng ze met het limoensap.",
      "Verdeel de salade over de borden en leg de zalm erop.",
    ]);
  });

  it("reads the next phase's steps under the method's own heading too", () => {
    expect(flatSteps(page("Bereiden", "<h2>Bereiding</h2>"))).toEqual([
      "Haal de zalm uit de koelkast en dep die droog met keukenpapier.",
      "Bak de zalm kort aan alle kanten en leg hem daarna in ijswater.",
      "Snijd de avocado's in blokjes en vermeng ze met het limoensap.",
      "Verdeel de salade over de borden en leg de zalm erop.",
    ]);
  });

  it("still ends the method at a heading of the same rank that names no phase", () => {
    expect(flatSteps(page("Meer recepten met zalm"))).toEqual([
      "Haal de zalm uit de koelkast en dep die droog met keukenpapier.",
      "Bak de zalm kort aan alle kanten en leg hem daarna in ijswater.",
    ]);
  });
});
