import { describe, expect, it } from "vitest";
import { countAndTime } from "./countAndTime.ts";
import { extractRecipe } from "./extractRecipe.ts";
import type { PartialRecipe } from "./schemaRecipe.ts";

describe("countAndTime", () => {
  it("reads the count and the total a line under the title states together", () => {
    const r = extractRecipe({
      html: `<html><body><main><h1>Black sesame brittle</h1><h2>10 pieces — 20 minutes</h2>
        <p>Sesame brittle looks impressive served over desserts.</p>
        <h3>Ingredients</h3><ul><li>100 g black sesame seeds</li><li>80 g sugar</li><li>2 tbsp water</li></ul>
        <h3>Steps</h3><ol><li>Toast the seeds in a dry pan until fragrant.</li>
        <li>Melt the sugar with the water until amber, stir in the seeds and spread thin.</li></ol></main></body></html>`,
      url: "https://cook.test/r",
    });
    if (!r.ok) throw new Error(r.message);
    expect(r.recipe.servings).toBe(10);
    expect(r.recipe.totalTimeMinutes).toBe(20);
  });

  it("passes a measure, and a line that says more", () => {
    for (const line of ["500 g — 10 minutes", "Bake 4 pieces — 20 minutes at 180°C"]) {
      const r: PartialRecipe = {};
      countAndTime(`# Title\n${line}\n`, r);
      expect(r).toEqual({});
    }
  });
});
