// Times on unseen sites (issue 50: "times not read where the page prints them; seconds read as
// minutes"): structured data giving a time in odd forms or only in part, each shape with the minimal
// page that failed before its rule.
import { describe, expect, it } from "vitest";
import { extractRecipe } from "./extractRecipe.ts";

const times = (json: string, body = "") => {
  const r = extractRecipe({
    html: `<html><head><script type="application/ld+json">{"@type":"Recipe","name":"Zucchini slice",${json},
      "recipeIngredient":["5 eggs","150 g flour"]}</script></head>
      <body><h1>Zucchini slice</h1>${body}</body></html>`,
    url: "https://cook.test/r",
  });
  return r.ok ? [r.recipe.prepTimeMinutes, r.recipe.cookTimeMinutes, r.recipe.totalTimeMinutes] : null;
};
const STEPS = `"recipeInstructions":["Whisk the eggs with the flour and bake."]`;

describe("structured times in odd forms", () => {
  it("reads ISO with days, zero hours and zero days, bare numbers and '40 mins'", () => {
    expect(times(`"totalTime":"P1DT2H",${STEPS}`)).toEqual([0, 0, 1560]);
    expect(times(`"prepTime":"PT0H40M","cookTime":"P0DT1H",${STEPS}`)).toEqual([40, 60, 100]);
    expect(times(`"totalTime":40,"cookTime":"40 mins",${STEPS}`)).toEqual([0, 40, 40]);
  });

  it("reads a QuantitativeValue and a Duration naming its ISO text", () => {
    expect(
      times(`"totalTime":{"@type":"QuantitativeValue","value":40,"unitText":"minutes"},${STEPS}`),
    ).toEqual([0, 0, 40]);
    expect(times(`"cookTime":{"@type":"QuantitativeValue","value":"1","unitCode":"HUR"},${STEPS}`)).toEqual([
      0, 60, 60,
    ]);
    expect(times(`"totalTime":{"@type":"Duration","name":"PT40M"},${STEPS}`)).toEqual([0, 0, 40]);
  });

  it("reads the cook time from the method's timed steps when the data gives no cook or total time", () => {
    const steps = `"recipeInstructions":[{"@type":"HowToSection","name":"Bake","itemListElement":[
      {"@type":"HowToStep","text":"Whisk the eggs with the flour.","performTime":"PT10M"},
      {"@type":"HowToStep","text":"Bake until set.","totalTime":"PT30M"}]}]`;
    expect(times(`"prepTime":"PT15M",${steps}`)).toEqual([15, 40, 55]);
    // A cook time the data gives is the recipe's, whatever its steps add up to.
    expect(times(`"cookTime":"PT25M",${steps}`)).toEqual([0, 25, 25]);
  });
});

describe("structured times the page's text completes or mends", () => {
  it("takes the page's printed cook time and total when the data gives the prep alone", () => {
    const card = `<p>Prep time: 15 minutes</p><p>Cook time: 40 minutes</p><p>Total time: 55 minutes</p>`;
    expect(times(`"prepTime":"PT15M",${STEPS}`, card)).toEqual([15, 40, 55]);
    // Without a printed total, the parts add up.
    expect(
      times(`"prepTime":"PT15M",${STEPS}`, `<p>Prep time: 15 minutes</p><p>Cook time: 40 minutes</p>`),
    ).toEqual([15, 40, 55]);
  });

  it("reads minutes the page prints as a sixtieth of the data's as an app's seconds", () => {
    expect(times(`"totalTime":"PT2400M",${STEPS}`, `<p>Total time: 40 minutes</p>`)).toEqual([0, 0, 40]);
    expect(
      times(
        `"prepTime":"PT600M","cookTime":"PT1800M",${STEPS}`,
        `<p>Prep: 10 minutes</p><p>Cook: 30 minutes</p>`,
      ),
    ).toEqual([10, 30, 40]);
    // Twelve hours the page prints as twelve hours stay.
    expect(times(`"totalTime":"PT720M",${STEPS}`, `<p>Total time: 12 hours</p>`)).toEqual([0, 0, 720]);
  });

  it("keeps a stated total, even one shorter than its parts or equal to the one part given", () => {
    const card = `<p>Prep time: 20 minutes</p><p>Cook time: 30 minutes</p><p>Total time: 50 minutes</p>`;
    expect(times(`"prepTime":"PT20M","cookTime":"PT30M","totalTime":"PT10M",${STEPS}`, card)).toEqual([
      20, 30, 10,
    ]);
    expect(times(`"cookTime":"PT30M","totalTime":"PT30M",${STEPS}`, card)).toEqual([0, 30, 30]);
    // A printed part as long as the one the data gives is that time under another label.
    expect(times(`"cookTime":"PT40M",${STEPS}`, `<p>Prep time: 40 minutes</p>`)).toEqual([0, 40, 40]);
  });
});
