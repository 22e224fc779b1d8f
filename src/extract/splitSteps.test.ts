// Minimal pages for issue 50's steps classes on pages with structured data: a structured step that
// is one blob of several steps the page itself lists apart. Shapes only.
import { describe, expect, it } from "vitest";
import { flatSteps } from "../../test/golden/realPages.ts";
import { extractRecipe } from "./extractRecipe.ts";

const read = (steps: unknown, method: string) => {
  const ld = JSON.stringify({
    "@context": "https://schema.org",
    "@type": "Recipe",
    name: "Aubergine pasta",
    recipeIngredient: ["2 aubergines", "300 g pasta", "2 tbsp olive oil"],
    recipeInstructions: steps,
  });
  const html = `<html><head><script type="application/ld+json">${ld}</script></head><body>
<h1>Aubergine pasta</h1><h2>Ingredients</h2><ul><li>2 aubergines</li><li>300 g pasta</li><li>2 tbsp olive oil</li></ul>
<h2>Method</h2>${method}</body></html>`;
  const r = extractRecipe({ html, url: "https://cook.test/r" });
  if (!r.ok) throw new Error(`${r.code}: ${r.message}`);
  return flatSteps(r.recipe);
};

const PEEL = "Peel the aubergines and cut them into cubes. Cook them in the oil until soft.";
const SIEVE = "Blend the aubergines and pass them through a sieve.";
const BOIL = "Boil the pasta in salted water and toss it with the cream.";

describe("steps: one structured step holding steps the page shows apart", () => {
  it("reads the page's list items where a HowToStep's text joins them", () => {
    const steps = [
      { "@type": "HowToStep", text: `${PEEL}\n${SIEVE}` },
      { "@type": "HowToStep", text: BOIL },
    ];
    expect(read(steps, `<ul><li>${PEEL}</li><li>${SIEVE}</li><li>${BOIL}</li></ul>`)).toEqual([
      PEEL,
      SIEVE,
      BOIL,
    ]);
  });

  it("reads the page's list items where a string of steps joins them", () => {
    const text = `${PEEL} ${SIEVE} ${BOIL}`;
    expect(read(text, `<ol><li>${PEEL}</li><li>${SIEVE}</li><li>${BOIL}</li></ol>`)).toEqual([
      PEEL,
      SIEVE,
      BOIL,
    ]);
  });

  it("keeps a step whose parts the page shows as paragraphs (a card's step with its tip under it)", () => {
    const steps = [{ "@type": "HowToStep", text: `${PEEL} ${SIEVE}` }, BOIL];
    const page = `<div class="step"><p>${PEEL}</p><p>${SIEVE}</p></div><div class="step"><p>${BOIL}</p></div>`;
    expect(read(steps, page)).toEqual([`${PEEL} ${SIEVE}`, BOIL]);
  });

  it("keeps the step whole where the page cuts it mid-sentence or shows it whole", () => {
    const wrapped = [{ "@type": "HowToStep", text: "Preheat the oven to 180°C\nand grease the tin." }, BOIL];
    expect(
      read(wrapped, `<ol><li>Preheat the oven to 180°C<br>and grease the tin.</li><li>${BOIL}</li></ol>`),
    ).toEqual(["Preheat the oven to 180°C and grease the tin.", BOIL]);
    // The post's summary lists the parts apart above the card, whose own list shows the step whole.
    const whole = [{ "@type": "HowToStep", text: `${PEEL}\n${SIEVE}` }, BOIL];
    const summary = `<ul><li>${PEEL}</li><li>${SIEVE}</li></ul>`;
    expect(read(whole, `${summary}<ol><li>${PEEL} ${SIEVE}</li><li>${BOIL}</li></ol>`)).toEqual([
      `${PEEL} ${SIEVE}`,
      BOIL,
    ]);
  });

  it("keeps a step's name over the first of its parts", () => {
    const steps = [{ "@type": "HowToStep", name: "Prepare the aubergines", text: `${PEEL} ${SIEVE}` }, BOIL];
    expect(read(steps, `<ol><li>${PEEL}</li><li>${SIEVE}</li><li>${BOIL}</li></ol>`)).toEqual([
      "Prepare the aubergines",
      PEEL,
      SIEVE,
      BOIL,
    ]);
  });
});

describe("steps: the method's phase named inside a structured step", () => {
  it("leaves out a phase's name opening a step, and cuts the step where another phase begins", () => {
    const text =
      "Voorbereiden: Zet een kom ijswater klaar. Bestrijk de zalm met olie.Verhit een koekenpan. Bereiden: Maak de gomasio.Verdeel de salade over de borden.";
    expect(read([text], "<p>Zie hierboven.</p>")).toEqual([
      "Zet een kom ijswater klaar. Bestrijk de zalm met olie.",
      "Verhit een koekenpan.",
      "Maak de gomasio.",
      "Verdeel de salade over de borden.",
    ]);
    expect(read(["Method: Heat the oil in a pan and fry the onion.", "Add the rice and stir."], "")).toEqual([
      "Heat the oil in a pan and fry the onion.",
      "Add the rice and stir.",
    ]);
  });

  it("keeps any other word before a colon in the step", () => {
    expect(read(["Tip: Use ripe tomatoes.", "Add the rice and stir."], "")).toEqual([
      "Tip: Use ripe tomatoes.",
      "Add the rice and stir.",
    ]);
  });
});
