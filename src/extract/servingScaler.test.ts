// A serving scaler with no name of its own (issue 50, "yields … not read"): its field named by the
// words on its line, as a page without class names prints it.
import { describe, expect, it } from "vitest";
import { extractRecipe } from "./extractRecipe.ts";

const servings = (scaler: string): number | undefined => {
  const r = extractRecipe({
    html: `<html><body><h1>Chilli</h1>${scaler}<h2>Ingredients</h2>
      <ul><li>500 g beans</li><li>1 onion</li><li>1 tsp cumin</li></ul><h2>Method</h2>
      <p>Cook the onion in a little oil until soft, then add the cumin.</p>
      <p>Add the beans and simmer for 20 minutes.</p></body></html>`,
    url: "https://cook.test/chilli",
  });
  return r.ok ? r.recipe.servings : undefined;
};

describe("a serving scaler named by its line", () => {
  it("reads a field followed by its unit ('4' then 'personer')", () => {
    expect(
      servings(
        `<div><button>-</button><input type="number" value="4"><span>personer</span><button>+</button></div>`,
      ),
    ).toBe(4);
  });

  it("reads a field after its label on the same line ('serves/makes:' then a form's field)", () => {
    expect(
      servings(`<div>serves/makes: <br><span></span><form><input type="text" value="6"></form></div>`),
    ).toBe(6);
  });

  it("reads no field whose label is a block of its own, nor one no word names", () => {
    expect(servings(`<p>serves/makes:</p><form><input value="12"></form>`)).toBe(0);
    expect(servings(`<div><input type="number" value="3"><span>items in cart</span></div>`)).toBe(0);
  });
});

describe("a scaler's empty field and the count kept beside it", () => {
  it("reads the control's only hidden count when the field is named for servings", () => {
    expect(
      servings(
        `<div><div><span>-</span><input type="text" name="serving" maxlength="12"><input type="hidden" value="2"><span>+</span></div><span>Person(en)</span></div>`,
      ),
    ).toBe(2);
  });

  it("reads none of two unnamed hidden counts", () => {
    expect(
      servings(
        `<div><div><input type="text" name="serving"><input type="hidden" value="1"><input type="hidden" value="12"></div><span>Person(en)</span></div>`,
      ),
    ).toBe(0);
  });
});

describe("a scaler's count printed as text, named by its own attributes", () => {
  it("reads a count named for servings followed by its unit ('39' then 'cookies')", () => {
    expect(
      servings(
        `<div><span><span aria-label="Adjust recipe servings" data-recipe="7">39</span> <span>cookies</span></span></div>`,
      ),
    ).toBe(39);
  });

  it("reads no named count without a unit beside it, nor a count no attribute names", () => {
    expect(servings(`<div><span aria-label="Adjust recipe servings">39</span></div>`)).toBe(0);
    expect(servings(`<div><span data-recipe="7">39</span> <span>cookies</span></div>`)).toBe(0);
  });
});

describe("a stepper's count beside its buttons", () => {
  it("reads no count named for servings whose next neighbour is the stepper's button", () => {
    expect(
      servings(
        `<div><button aria-label="decrease servings">-</button><span data-test="servings-count">2</span><button aria-label="increase servings">+</button><span>cookies</span></div>`,
      ),
    ).toBe(0);
  });
  it("reads a nameless select's chosen count before its unit ('Pour [6] personnes')", () => {
    expect(
      servings(
        `<p><small>Pour <select name="nb_16689"><option value="4">4</option><option value="6" selected>6</option></select>
          personnes</small></p>`,
      ),
    ).toBe(6);
  });
  it("reads a nameless select's count past a chevron icon, its unit the next icon's title", () => {
    expect(
      servings(
        `<div><select><option value="1" selected>1</option><option value="2">2</option><option value="3">3</option></select><svg role="img"><title>Selector</title><path d="M0 0"></path></svg><svg role="img"><title>Portions</title><path d="M0 0"></path></svg></div>`,
      ),
    ).toBe(1);
  });
});
