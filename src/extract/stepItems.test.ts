// What the page-text reader keeps of a method beyond its sentences (issue 50): a step's own list
// of what it uses, the chips under a labelled step, a heading left at the method's end, a row of
// tag links after it, the count in "Step 1/4". Made-up pages, one shape each.
import { describe, expect, it } from "vitest";
import { extractRecipe } from "./extractRecipe.ts";
import { isChip, withoutStepCount } from "./stepItems.ts";

const LIST = `<h1>Tomato Soup</h1>
<h2>Ingredients</h2><ul><li>1 kg tomatoes</li><li>1 onion</li><li>2 tbsp olive oil</li><li>500 ml stock</li></ul>`;

const steps = (html: string): string[] => {
  const r = extractRecipe({ html: `<html><body>${html}</body></html>`, url: "https://cook.test/r" });
  return r.ok ? r.recipe.instructions.map((s) => s.text) : [];
};

const ONE = "Soften the onion in the oil over a low heat for ten minutes.";
const TWO = "Add the tomatoes and the stock and simmer for twenty minutes.";

describe("a list nested in a step of the method's box", () => {
  it("is left out when none of its items reads as a step (the step's own ingredients)", () => {
    const html = `${LIST}<h2>Method</h2><div class="recipe-instructions"><ol>
<li>${ONE}<ul><li>1 onion</li><li>2 tbsp olive oil</li></ul></li>
<li>${TWO}</li></ol></div>`;
    expect(steps(html)).toEqual([ONE, TWO]);
  });

  it("is kept when its items read as steps (a step told in parts)", () => {
    const part = "Blend the soup until smooth, then season it to taste.";
    const html = `${LIST}<h2>Method</h2><div class="recipe-instructions"><ol>
<li>${ONE}<ul><li>${part}</li></ul></li>
<li>${TWO}</li></ol></div>`;
    expect(steps(html)).toEqual([ONE, part, TWO]);
  });
});

describe("a list of steps named as the method, under no method heading", () => {
  // Each step lists what it uses in lists of its own, and a last item shows the dish under a
  // heading alone.
  const page = `<h1>Tomato Soup</h1><h2>What goes in</h2><ul class="ingredient-list"><li>1 kg tomatoes</li>
<li>1 onion</li><li>2 tbsp olive oil</li><li>500 ml stock</li></ul>
<ul class="steps"><li><h3>Step 1/2</h3><ul><li>1 onion</li><li>2 tbsp olive oil</li></ul><ul><li>pot</li></ul><p>${ONE}</p></li>
<li><h3>Step 2/2</h3><ul><li>1 kg tomatoes</li></ul><p>${TWO}</p></li>
<li><h3>Enjoy your meal!</h3><img alt="The soup"></li></ul>`;

  it("reads each step without the lists of what it uses, nor the heading alone at the end", () => {
    expect(steps(page)).toEqual([ONE, TWO]);
  });
});

describe("a method labelled Step 1, Step 2", () => {
  it("drops the short chips a page sets after a step's text", () => {
    const html = `${LIST}<h2>Method</h2><div>
<p>Step 1</p><p>${ONE}</p><p>10 min</p><p>Vegetarian</p>
<p>Step 2</p><p>${TWO}</p><p>Easy</p></div>`;
    expect(steps(html)).toEqual([ONE, TWO]);
  });

  it("drops them in a box named as the method too, its lines read as its text", () => {
    const html = `${LIST}<div class="method-steps"><p>Step 1</p><p>${ONE}</p><p>Vegetarian</p>
<p>Step 2</p><p>${TWO}</p><p>Gluten free</p></div>`;
    expect(steps(html)).toEqual([ONE, TWO]);
  });

  it("takes the count off a label printed before the step ('Step 1/2', 'Step 2 of 2')", () => {
    const html = `${LIST}<h2>Method</h2><ol><li>Step 1/2 ${ONE}</li><li>Step 2 of 2: ${TWO}</li></ol>`;
    expect(steps(html)).toEqual([ONE, TWO]);
  });

  it("reads a label with its count alone on its line as no step", () => {
    const html = `${LIST}<h2>Method</h2><div><p>Step 1 of 2</p><p>${ONE}</p><p>Step 2 of 2</p><p>${TWO}</p></div>`;
    expect(steps(html)).toEqual([ONE, TWO]);
  });
});

describe("the method's end", () => {
  it("leaves out a bold heading with no step under it", () => {
    const html = `${LIST}<p><strong>Method</strong></p><p>${ONE}</p><p>${TWO}</p><p><strong>Crispy croutons</strong></p>`;
    expect(steps(html)).toEqual([ONE, TWO]);
  });

  it("ends at a row of links after the steps (the recipe's tags)", () => {
    const html = `${LIST}<h2>Method</h2><div><p>${ONE}</p><p>${TWO}</p>
<p><a href="/t/soup">Soup</a>, <a href="/t/vegan">Vegan</a></p>
<p>Serve our other soups with crusty bread and plenty of butter.</p></div>`;
    expect(steps(html)).toEqual([ONE, TWO]);
  });
});

describe("the line shapes", () => {
  it("knows a chip from a short step", () => {
    expect(isChip("15 min")).toBe(true);
    expect(isChip("Gluten free")).toBe(true);
    expect(isChip("Serve hot.")).toBe(false);
    expect(isChip("Stir the soup and leave it to rest for five minutes")).toBe(false);
  });

  it("strips only a counted label", () => {
    expect(withoutStepCount("Step 1/4Preheat the oven.")).toBe("Preheat the oven.");
    expect(withoutStepCount("Paso 2 de 5: Mezclar todo.")).toBe("Mezclar todo.");
    expect(withoutStepCount("Step 1 Preheat the oven.")).toBe("Step 1 Preheat the oven.");
  });
});
