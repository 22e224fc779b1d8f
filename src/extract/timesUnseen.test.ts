// Times on unseen sites (issue 50: "times not read where the page prints them; seconds read as
// minutes"): each shape with the minimal page or text that failed before its rule.
import { describe, expect, it } from "vitest";
import { extractRecipe } from "./extractRecipe.ts";
import { parseDuration } from "./durations.ts";
import { scanTimes } from "./timesAndYields.ts";
import type { PartialRecipe } from "./schemaRecipe.ts";

const times = (text: string) => {
  const r: PartialRecipe = {};
  scanTimes(text, r);
  return [r.prepTimeMinutes, r.cookTimeMinutes, r.totalTimeMinutes];
};

const ld = (json: string) => {
  const r = extractRecipe({
    html: `<html><head><script type="application/ld+json">{"@type":"Recipe","name":"Zucchini slice",${json},
      "recipeIngredient":["5 eggs","150 g flour"],"recipeInstructions":["Whisk the eggs with the flour and bake."]}</script>
      </head><body><h1>Zucchini slice</h1></body></html>`,
    url: "https://cook.test/r",
  });
  return r.ok ? [r.recipe.prepTimeMinutes, r.recipe.cookTimeMinutes, r.recipe.totalTimeMinutes] : null;
};

describe("seconds read as minutes", () => {
  it("reads every bare number of a recipe as seconds once one of them can only be seconds", () => {
    // 2400 is 40 minutes (no recipe lists 40 hours in bare minutes): its parts are seconds too.
    expect(ld(`"prepTime":600,"cookTime":1800,"totalTime":2400`)).toEqual([10, 30, 40]);
    expect(ld(`"prepTime":"900","cookTime":"2700"`)).toEqual([15, 45, 60]);
  });

  it("keeps bare minutes as minutes when none of them is an app's seconds", () => {
    expect(ld(`"prepTime":20,"cookTime":600,"totalTime":620`)).toEqual([20, 600, 620]);
  });

  it("reads a clock with seconds ('0:40:00') as hours, minutes and seconds", () => {
    expect(parseDuration("0:40:00")).toBe(40);
    expect(parseDuration("01:15:00")).toBe(75);
    expect(parseDuration("1:30")).toBe(90);
  });
});

describe("labels the page-text reader did not know", () => {
  it("reads 'Prepare 45 mins' as the prep time in a card's line of times", () => {
    expect(times("Course Cake\nPrepare 45 mins\nCook 30 mins\nTotal time 1 hr 15 mins")).toEqual([
      45, 30, 75,
    ]);
  });

  it("keeps 'Prepare' in a sentence out of the times", () => {
    expect(times("Prepare 2 hours ahead and chill the dough.")).toEqual([undefined, undefined, undefined]);
  });
});

describe("a part the page leaves out", () => {
  const page = (head: string) => {
    const r = extractRecipe({
      html: `<html><body><h1>Rye ginger cookies</h1><p>${head}</p>
<h2>Ingredients</h2><ul><li>2 cups rye flour</li><li>1 teaspoon baking soda</li><li>1 large egg</li></ul>
<h2>Method</h2><ol><li>Preheat the oven to 325°F and grease two baking sheets.</li>
<li>Stir the flour, soda and egg together, roll into balls and bake until set.</li></ol></body></html>`,
      url: "https://cook.test/r",
    });
    return r.ok ? [r.recipe.prepTimeMinutes, r.recipe.cookTimeMinutes, r.recipe.totalTimeMinutes] : null;
  };

  it("reads the cook time as the total less the prep ('Prep-time: 30 minutes / Ready in: 1 hour')", () => {
    expect(page("Prep-time: 30 MINUTES / Ready In: 1 HOUR")).toEqual([30, 30, 60]);
  });

  it("reads the prep time as the total less the cook time", () => {
    expect(page("Cook time: 20 min<br>Total time: 50 min")).toEqual([30, 20, 50]);
  });

  it("leaves a part out when the total is no more than the other part", () => {
    expect(page("Prep time: 20 min<br>Total time: 20 min")).toEqual([20, 0, 20]);
  });
});

describe("a unit printed twice", () => {
  it("reads '1 hour hour 10 minutes minutes' (a card's unit and its screen-reader copy) as 70", () => {
    expect(
      times(
        "Prep Time 25 minutes minutes\nCook Time 1 hour hour 10 minutes minutes\nTotal Time 1 hour hour 35 minutes minutes",
      ),
    ).toEqual([25, 70, 95]);
    expect(times("Total Time 2 hours hrs 5 minutes mins")).toEqual([undefined, undefined, 125]);
  });
});

describe("more shapes of a card's times", () => {
  it("reads hours and minutes joined by a comma ('2 hours, 25 minutes')", () => {
    expect(times("Prep Time: 10 minutes\nTotal Time: 2 hours, 25 minutes\nYield: 4")).toEqual([
      10,
      undefined,
      145,
    ]);
    // A comma before a number that is no minutes is the line's next item.
    expect(times("Total Time: 1 hour, 2 cups of batter")).toEqual([undefined, undefined, 60]);
  });

  it("keeps the next line's value apart ('Cook Time 40 minutes' over a resting '30 minutes')", () => {
    expect(
      times(
        "Prep Time 15 minutes minutes\nCook Time 40 minutes minutes\n30 minutes minutes\nTotal Time 1 hour hour 25 minutes minutes",
      ),
    ).toEqual([15, 40, 85]);
  });

  it("reads a clock after its label ('Prep Time: 00:20', 'Cook Time: 01:00')", () => {
    expect(times("Prep Time: 00:20\nCook Time: 01:00\nTotal Time: 1 hour 20 minutes")).toEqual([20, 60, 80]);
  });

  it("reads a clock before its label as that label's ('0:15 Prep' over '0:40 Cook')", () => {
    expect(times("Aussie meat pie\nEasy\n0:15 Prep\n0:40 Cook\n6 Servings")).toEqual([15, 40, undefined]);
  });

  it("reads bare numbers in a line of labels by the unit that ends it ('Prep: 5 Cook: 5 Total: 10 minutes')", () => {
    expect(times("Prep: 5 Cook: 5 Total: 10 minutes\nYield 1 serving")).toEqual([5, 5, 10]);
  });

  it("prefers a card's label over 'ready in' inside a sentence of the introduction", () => {
    expect(
      times(
        "This cheesecake requires minimal prep time and is ready in about 30 minutes of work.\nIngredients\n" +
          "Prep Time 20 minutes\nCook Time 35 minutes\nTotal Time 2 hours 55 minutes",
      ),
    ).toEqual([20, 35, 175]);
  });
});

describe("times a card's icons show without a label", () => {
  it("reads a row of two or three durations over the ingredients as prep, then cook", () => {
    expect(times("Kaiserschmarrn\neinfach\n20 Min\n15 Min\nZutaten\n200 g Mehl")).toEqual([20, 15, 35]);
    expect(times("Crêpe savoyarde\n10mn\n20mn\n1h\nNoter cette recette\nIngrédients")).toEqual([10, 20, 30]);
  });

  it("reads one such duration as the total, and none from durations apart (other recipes' cards)", () => {
    expect(times("Soup\n30 min\nIngredients\n1 onion")).toEqual([undefined, undefined, 30]);
    expect(times("Soup\n20 min\nBread rolls\n45 min\nIngredients")).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe("an hour's abbreviation with its stop before the minutes", () => {
  it("reads 'Total: 1 hr. 10 min.' as 70 minutes, not the hour alone", () => {
    expect(times("Total: 1 hr. 10 min.")).toEqual([undefined, undefined, 70]);
    expect(times("Prep: 15 min.\nCook: 1 hr. 5 min.")).toEqual([15, 65, undefined]);
  });

  it("leaves a count after the stop that names no minutes to what follows ('Cook: 1 hr. 2 eggs')", () => {
    expect(times("Cook: 1 hr. 2 eggs, beaten")).toEqual([undefined, 60, undefined]);
  });
});

describe("times: a range with its units on both sides", () => {
  it("reads its top, as '12-15 minutes' is read, not the sum of its ends ('45 mins - 1 hour')", () => {
    expect(parseDuration("45 mins - 1 hour")).toBe(60);
    expect(parseDuration("45 minutes to 1 hour")).toBe(60);
    expect(parseDuration("1 hour – 1 hour 30 minutes")).toBe(90);
    const html = `<script type="application/ld+json">${JSON.stringify({
      "@context": "https://schema.org",
      "@type": "Recipe",
      name: "Stew",
      recipeIngredient: ["1 kg beef"],
      recipeInstructions: [{ "@type": "HowToStep", text: "Simmer." }],
      cookTime: "45 mins - 1 hour",
    })}</script><h1>Stew</h1>`;
    const r = extractRecipe({ html, url: "https://cook.test/stew" });
    expect(r.ok && r.recipe.cookTimeMinutes).toBe(60);
  });

  it("keeps a second value under the first as part of one duration ('1 hour - 30 minutes')", () => {
    expect(parseDuration("1 hour - 30 minutes")).toBe(90);
    expect(parseDuration("12-15 minutes")).toBe(15);
  });
});
