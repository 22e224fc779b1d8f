// Times a page prints in shapes the labelled-text reader missed (issue 50: "times not read where
// the page prints them"): a range written with "to", a heading over its value, a label glued to
// its value, "up to", a second part after "plus", more languages' labels, and a page whose only
// statement of its time is its meta description.
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

const CARD = `<h1>Rye ginger cookies</h1>
<h2>Ingredients</h2><ul><li>2 cups rye flour</li><li>1 teaspoon baking soda</li><li>1 large egg</li></ul>
<h2>Method</h2><ol><li>Preheat the oven to 325°F and grease two baking sheets.</li>
<li>Stir the flour, soda and egg together, roll into balls and bake until set.</li></ol>`;

const read = (head: string, body = "") => {
  const r = extractRecipe({
    html: `<html><head>${head}</head><body>${body}${CARD}</body></html>`,
    url: "https://cook.test/r",
  });
  return r.ok ? [r.recipe.prepTimeMinutes, r.recipe.cookTimeMinutes, r.recipe.totalTimeMinutes] : null;
};

describe("times in shapes the labelled-text reader missed", () => {
  it("reads a range written with 'to' as its top, as one with a dash", () => {
    expect(times("Prep\n20 mins\nBake\n12 to 15 mins\nTotal\n35 mins")).toEqual([20, 15, 35]);
    expect(times("Cook time: 1 to 2 hours")).toEqual([undefined, 120, undefined]);
  });

  it("reads a 'Time' heading over its value, with a second part after 'plus'", () => {
    expect(times("# Time\n3 hours, plus 30 minutes cooling\n# Yield\nServes 8")).toEqual([
      undefined,
      undefined,
      210,
    ]);
    // An icon's name "time" over a value that another label claims is still not a total.
    expect(times("time\n40 Min.\nArbeitszeit")).toEqual([40, undefined, undefined]);
  });

  it("reads a 'Time' label glued to its value in a definition list", () => {
    expect(times("Servings8\nTime60 minutes + cooling\nDifficulty")).toEqual([undefined, undefined, 60]);
  });

  it("reads a time given as an upper bound ('Até 1h', 'up to 45 minutes')", () => {
    expect(times("Tempo de preparo\nAté 1h\nServe\nAté 4 porções")).toEqual([60, undefined, undefined]);
    expect(times("Cook time: up to 45 minutes")).toEqual([undefined, 45, undefined]);
  });

  it("reads German, Turkish and Hungarian labels ('Koch-/Backzeit', 'Hazırlama süresi', 'elkészítési ideje')", () => {
    expect(times("40 Min.\nArbeitszeit\n45 Min.\nKoch-/Backzeit")).toEqual([40, 45, undefined]);
    expect(times("Vorbereiten\n20 Min.\nZubereiten\n4 Std.\nNiveau")).toEqual([20, 240, undefined]);
    expect(times("# HAZIRLAMA SÜRESİ\n45 dakika\n# PİŞİRME SÜRESİ\n1 saat 10 dakika")).toEqual([
      45,
      70,
      undefined,
    ]);
    expect(times("A leves elkészítési ideje: 210 perc")).toEqual([undefined, undefined, 210]);
  });

  it("reads Turkish minutes and hours as durations", () => {
    expect(parseDuration("45 dakika")).toBe(45);
    expect(parseDuration("1 saat 30 dakika")).toBe(90);
    expect(parseDuration("20 dk")).toBe(20);
  });

  it("reads the times a page states only in its meta description", () => {
    expect(
      read(`<meta name="description" content="A weeknight cookie that is ready in 45 minutes.">`),
    ).toEqual([0, 0, 45]);
    // Times the page itself prints win over its description's.
    expect(
      read(
        `<meta name="description" content="Ready in 45 minutes.">`,
        "<p>Prep time: 10 mins</p><p>Cook time: 20 mins</p>",
      ),
    ).toEqual([10, 20, 30]);
    // A description that gives no time gives none.
    expect(read(`<meta name="description" content="Bake these for a crowd: they keep a week.">`)).toEqual([
      0, 0, 0,
    ]);
  });
});
