// A glossary popover's button inside a step (issue 50, page-text leftovers): its word is the
// sentence's; a control's label ("Print") is not read into the step.
import { describe, expect, it } from "vitest";
import { extractRecipe } from "./extractRecipe.ts";
import { runningButton } from "./runningButton.ts";

const STEPS = `<ol><li>Set a pot of water on high heat to <button type="button" aria-haspopup="dialog"><span>boil</span></button>.</li>
<li>Peel the potatoes and <button type="button" aria-haspopup="dialog"><span>roast</span></button> them for 30 minutes.</li>
<li>Season with salt and serve them warm. <button type="button">Print</button></li></ol>`;
const page = () => `<html><body><h1>Oven fries</h1><h2>Ingredients</h2>
<ul><li>1 kg potatoes</li><li>2 tbsp oil</li><li>1 tsp salt</li></ul><h2>Method</h2>${STEPS}</body></html>`;
const WANT = [
  "Set a pot of water on high heat to boil.",
  "Peel the potatoes and roast them for 30 minutes.",
  "Season with salt and serve them warm.",
];

describe("a button inside a sentence keeps its word", () => {
  it("reads a glossary popover's word in the page-text steps, not a control's label", () => {
    const r = extractRecipe({ html: page(), url: "https://cook.test/fries" });
    expect(r.ok && r.recipe.instructions.map((s) => s.text)).toEqual(WANT);
  });

  it("tells a word of a sentence from a control", () => {
    expect(runningButton("heat to ", "boil", ".")).toBe(true);
    expect(runningButton("serve warm. ", "Print", "")).toBe(false);
    expect(runningButton("Servings ", "2x", " ")).toBe(false);
    expect(runningButton("and ", "Jump to recipe", " Ingredients")).toBe(false);
  });
});
