// A serving selector printed as a row of buttons (issue 50: yields not read where the page prints
// them): the minimal pages that failed before the rule.
import { describe, expect, it } from "vitest";
import { extractRecipe } from "./extractRecipe.ts";

const page = (selector: string) =>
  extractRecipe({
    html: `<html><body><main><h1>Green bean rice bowl</h1>
      <h2>Ingredients</h2>${selector}
      <ul><li>1 shallot</li><li>150 g green beans</li><li>75 g basmati rice</li></ul>
      <h2>Instructions</h2><ol><li>Cook the rice in salted water for 12 minutes.</li><li>Fry the shallot and beans, then serve over the rice.</li></ol>
      </main></body></html>`,
    url: "https://cook.test/bowl",
  });
const servings = (selector: string) => {
  const r = page(selector);
  return r.ok ? r.recipe.servings : undefined;
};

describe("a serving selector printed as buttons", () => {
  it("reads the chosen button's count under a servings label", () => {
    expect(
      servings(
        `<div><span>serving amount</span><div><button>2</button><button class="x active">4</button><button>6</button></div></div>`,
      ),
    ).toBe(4);
    expect(
      servings(
        `<div><span>serving amount</span><div><button aria-pressed="false">1</button><button aria-pressed="true">2</button></div></div>`,
      ),
    ).toBe(2);
  });

  it("reads the first count when no button is marked chosen", () => {
    expect(
      servings(
        `<div><span>serving amount</span><div><button>2</button><button>3</button><button>4</button></div></div>`,
      ),
    ).toBe(2);
  });

  it("reads no row of counts that no label names for servings (a pager, a rating)", () => {
    expect(
      servings(
        `<div><span>Page</span><div><button>1</button><button>2</button><button>3</button></div></div>`,
      ),
    ).toBeFalsy();
  });
});
