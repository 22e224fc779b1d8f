// Minimal pages for issue 50's "steps: lines missing" class: structured steps that are only the
// first of a method the page numbers on, each step under its number on a line of its own.
import { describe, expect, it } from "vitest";
import { extractRecipe } from "./extractRecipe.ts";

const STEPS = [
  "Bring a large pot of water to the boil.",
  "Rinse the vegetables, chop them roughly and add them to the pot.",
  "Add the herbs, some salt and the spices.",
  "Let the stock simmer for an hour, skimming it now and then.",
];

const read = (given: string[], shown: string) => {
  const html = `<html><head><script type="application/ld+json">${JSON.stringify({
    "@context": "https://schema.org",
    "@type": "Recipe",
    name: "Chicken stock",
    recipeIngredient: ["1 chicken", "2 carrots", "1 onion"],
    recipeInstructions: given.map((text) => ({ "@type": "HowToStep", text })),
  })}</script></head><body><h1>Chicken stock</h1><h2>Method</h2>${shown}</body></html>`;
  const r = extractRecipe({ html, url: "https://cook.test/stock" });
  if (!r.ok) throw new Error(r.code);
  return r.recipe.instructions.map((s) => s.text);
};

const numbered = (steps: string[], extra: (i: number) => string = () => "") =>
  steps.map((s, i) => `<div class="step"><div>${i + 1}</div><p>${s}</p>${extra(i)}</div>`).join("");

describe("structured steps that are the first of a method the page numbers on", () => {
  it("reads the page's numbered steps after the data's two, past a tip and a step's ingredients", () => {
    const extra = (i: number) =>
      i === 1 ? "<p>2 carrots, 1 onion</p>" : i === 2 ? "<p>TIP Crush the peppercorns first.</p>" : "";
    expect(read(STEPS.slice(0, 2), numbered(STEPS, extra))).toEqual(STEPS);
  });

  it("keeps the data's steps when the page numbers no more of them, or numbers a note from 1 again", () => {
    expect(read(STEPS.slice(0, 2), numbered(STEPS.slice(0, 2)))).toEqual(STEPS.slice(0, 2));
    const note = `<h2>Notes</h2><div>1</div><p>The stock keeps for three days in the fridge.</p>`;
    expect(read(STEPS, numbered(STEPS) + note)).toEqual(STEPS);
  });
});
