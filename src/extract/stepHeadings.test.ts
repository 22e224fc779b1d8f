// Minimal pages for issue 50's steps classes (item 4): a heading inside the method read as the
// title of the steps under it, never as a step; a step's label joined to the step it labels; the
// sections after the method (substitutions) left out. Shapes only, no site's names.
import { describe, expect, it } from "vitest";
import { extractRecipe } from "./extractRecipe.ts";
import { headsSteps, partedBySections, withoutWordLabel } from "./stepHeadings.ts";

const read = (html: string) => {
  const r = extractRecipe({ html: `<html><body>${html}</body></html>`, url: "https://cook.test/r" });
  if (!r.ok) throw new Error(`${r.code}: ${r.message}`);
  return r.recipe.instructions.map((s) => [s.section, s.text]);
};

const withSchema = (instructions: unknown) =>
  read(
    `<script type="application/ld+json">${JSON.stringify({
      "@context": "https://schema.org",
      "@type": "Recipe",
      name: "Pancakes",
      recipeIngredient: ["200 g flour", "2 eggs"],
      recipeInstructions: instructions,
    })}</script><h1>Pancakes</h1>`,
  );

const WHISK = "Whisk the flour, eggs and milk together until smooth.";
const FRY = "Fry ladlefuls of batter in a hot pan until golden.";

describe("structured steps: a heading among the steps heads them", () => {
  it("reads a title over a step's label ('Pizza dough' / 'Step 1:') as the section of the steps it labels", () => {
    expect(
      withSchema(`Batter\n\nStep 1:\n${WHISK}\n\nStep 2:\nLet it rest.\n\nPancakes\n\nStep 1:\n${FRY}`),
    ).toEqual([
      ["Batter", WHISK],
      ["Batter", "Let it rest."],
      ["Pancakes", FRY],
    ]);
  });

  it("reads a purpose without a colon ('For the batter', 'To cook the pancakes') as a section", () => {
    expect(withSchema(["For the batter", WHISK, "For the pancakes", FRY])).toEqual([
      ["For the batter", WHISK],
      ["For the pancakes", FRY],
    ]);
    const steps = [
      { "@type": "HowToStep", text: "To make the batter" },
      { "@type": "HowToStep", text: WHISK },
      { "@type": "HowToStep", text: "To cook the pancakes" },
      { "@type": "HowToStep", text: FRY },
    ];
    expect(withSchema(steps)).toEqual([
      ["To make the batter", WHISK],
      ["To cook the pancakes", FRY],
    ]);
  });

  it("keeps a section named 'Method' beside one named otherwise as that part's title", () => {
    const section = (name: string, text: string) => ({
      "@type": "HowToSection",
      name,
      itemListElement: [{ "@type": "HowToStep", text }],
    });
    expect(withSchema([section("For the batter", WHISK), section("Method", FRY)])).toEqual([
      ["For the batter", WHISK],
      ["Method", FRY],
    ]);
    // Alone, or beside a note's section, it names the whole method: no part.
    expect(withSchema([section("Method", WHISK), section("Method", FRY)])).toEqual([
      [null, WHISK],
      [null, FRY],
    ]);
  });

  it("joins a label written as its own item ('Step 1', 'Étape 2', 'Schritt 3/4') to its step", () => {
    expect(withSchema(["Step 1", WHISK, "Étape 2", FRY, "Schritt 3/4", "Serve warm."])).toEqual([
      [null, WHISK],
      [null, FRY],
      [null, "Serve warm."],
    ]);
  });

  it("leaves a short first or last step a step: nothing labelled follows it", () => {
    expect(withSchema(["Preheat the oven", WHISK, FRY, "Serve warm"])).toEqual([
      [null, "Preheat the oven"],
      [null, WHISK],
      [null, FRY],
      [null, "Serve warm"],
    ]);
  });

  it("reads a step's number written as a word or after '#' as its label, not its text", () => {
    const steps = [`Step one: ${WHISK}`, `Step #2 - ${FRY}`, "Step one of three is done: serve warm."];
    expect(withSchema(steps.map((text) => ({ "@type": "HowToStep", text })))).toEqual([
      [null, WHISK],
      [null, FRY],
      [null, "Step one of three is done: serve warm."],
    ]);
  });

  it("reads a section named by the editor's placeholder ('Insert title', 'Inserir título') as unnamed", () => {
    const section = (name: string, text: string) => ({
      "@type": "HowToSection",
      name,
      itemListElement: [{ "@type": "HowToStep", text }],
    });
    expect(withSchema([section("Inserir título", WHISK), section("Pancakes", FRY)])).toEqual([
      [null, WHISK],
      ["Pancakes", FRY],
    ]);
    expect(withSchema([section("Insert title", WHISK)])).toEqual([[null, WHISK]]);
  });
});

const page = (method: string) =>
  read(`<article><h1>Pancakes</h1><h2>Ingredients</h2><ul><li>200 g flour</li><li>2 eggs</li>
<li>100 ml milk</li></ul><h2>Method</h2>${method}</article>`);

describe("page text: a step's title under its label heads the step", () => {
  it("reads 'Step 1 Toast the bread for 2 minutes:' as the title of the step after it, its number kept", () => {
    expect(
      page(
        `<p>Step 1 Make the batter for 2 pancakes:</p><p>${WHISK}</p><p>Step 2 Cook them:</p><p>${FRY}</p>`,
      ),
    ).toEqual([
      ["Make the batter for 2 pancakes", WHISK],
      ["Cook them", FRY],
    ]);
  });

  it("reads a colon title with a number as a part's title once colon titles part the method", () => {
    expect(page(`<p>Make the batter:</p><p>${WHISK}</p><p>Cook for 2 minutes:</p><p>${FRY}</p>`)).toEqual([
      ["Make the batter", WHISK],
      ["Cook for 2 minutes", FRY],
    ]);
  });

  it("keeps a step that leads into the next with a number and a clause ('…, then:')", () => {
    expect(page(`<p>${WHISK}</p><p>Bake for 20 minutes, then:</p><p>${FRY}</p>`)).toEqual([
      [null, WHISK],
      [null, "Bake for 20 minutes, then:"],
      [null, FRY],
    ]);
  });

  it("leaves out a substitutions section after the method", () => {
    expect(
      page(
        `<p>${WHISK}</p><p>${FRY}</p><p><strong>Substitutions</strong></p><p>Use oat milk for a dairy-free batter.</p>`,
      ),
    ).toEqual([
      [null, WHISK],
      [null, FRY],
    ]);
  });
});

describe("headsSteps and withoutWordLabel", () => {
  it("needs a title's shape and a labelled step or a purpose after it", () => {
    expect(headsSteps("Pizza dough", "Step 1:")).toBe(true);
    expect(headsSteps("Pizza dough", "1. Mix the flour and water.")).toBe(true);
    expect(headsSteps("Pizza dough", "2. Mix the flour and water.")).toBe(false);
    expect(headsSteps("For the sauce", FRY)).toBe(true);
    expect(headsSteps("For the sauce, whisk the yolks", FRY)).toBe(false);
    expect(headsSteps("Serve warm", undefined)).toBe(false);
    expect(headsSteps("Step 2", "Step 3")).toBe(false);
    expect(withoutWordLabel("Étape 2 : Cuire les crêpes")).toBe("Cuire les crêpes");
    expect(withoutWordLabel("Step 1/4 Mix")).toBe("Mix");
    expect(withoutWordLabel("Stepping stones")).toBe("Stepping stones");
  });

  it("sees a method parted by sections only when one is named other than by the steps' or a note's word", () => {
    const named = (name: string) => ({ "@type": "HowToSection", name, itemListElement: [] });
    expect(partedBySections([named("For the dough"), named("Method")])).toBe(true);
    expect(partedBySections([named("Method"), named("Notes")])).toBe(false);
    expect(partedBySections([named("For the dough")])).toBe(false);
    expect(partedBySections("Method")).toBe(false);
  });
});
