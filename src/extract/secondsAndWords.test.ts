// Issue 50's "seconds read as minutes" checked on every time reader, and yields in number words in
// the eight languages Ladle reads: each shape with the minimal text that failed before its rule.
import { describe, expect, it } from "vitest";
import { parseDuration } from "./durations.ts";
import { extractRecipe } from "./extractRecipe.ts";
import { schemaMinutes } from "./schemaTimes.ts";
import { findYield, scanTimes } from "./timesAndYields.ts";
import { parseYield } from "./yields.ts";
import type { PartialRecipe } from "./schemaRecipe.ts";

describe("seconds are never minutes", () => {
  it.each([
    "PT40S",
    "PT0H0M40S",
    "40 seconds",
    "40 sec",
    "40 secs",
    "40s",
    "40 Sekunden",
    "40 secondes",
    "40 segundos",
    "40 secondi",
    "40 seconden",
    "40 sekunder",
  ])("reads %s as under a minute", (s) => {
    expect(parseDuration(s)).toBe(1);
    expect(schemaMinutes(s, false)).toBe(1);
  });

  it("reads a printed 'Cook time: 40 seconds' as under a minute, in Dutch and Swedish too", () => {
    for (const text of [
      "Cook time: 40 seconds",
      "Cook Time 40 sec",
      "Kooktijd: 40 seconden",
      "Tillagningstid: 40 sekunder",
    ]) {
      const r: PartialRecipe = {};
      scanTimes(text, r);
      expect(r.cookTimeMinutes ?? 1).toBeLessThanOrEqual(1);
    }
  });

  it("adds seconds to minutes ('1 min 30 sec', 'PT1M30S' are two minutes, not 31)", () => {
    expect(parseDuration("1 min 30 sec")).toBe(2);
    expect(parseDuration("PT1M30S")).toBe(2);
    expect(parseDuration("1 minuut 30 seconden")).toBe(2);
  });
});

describe("yields in number words, in the eight languages", () => {
  it.each([
    ["Serves eight", 8],
    ["Für vier Personen", 4],
    ["Pour six personnes", 6],
    ["Para cuatro personas", 4],
    ["Per quattro persone", 4],
    ["Voor vier personen", 4],
    ["Para quatro pessoas", 4],
    ["Rendimento: seis porções", 6],
    ["fyra portioner", 4],
  ])("reads %s as %i servings, in the page text and as a yield value", (text, n) => {
    expect(findYield(`${text}\nIngredients`)?.servings).toBe(n);
    expect(parseYield(text).servings).toBe(n);
  });

  it("leaves an article before a unit unread as a count ('une personne' in prose, 'en portion')", () => {
    expect(findYield("Assez pour une personne gourmande")).toBeNull();
  });
});

describe("a count alone under the ingredients heading", () => {
  it("reads a scaler's bare count between the heading and the first item as the servings", () => {
    expect(findYield("# Ingredients\n8\n- 16 oz skyr\n- 4 eggs")?.servings).toBe(8);
    expect(findYield("Zutaten\n4\n- 200 g Mehl")?.servings).toBe(4);
  });

  it("leaves a number that opens an amount or stands under another heading", () => {
    expect(findYield("Ingredients\n1\n14½-ounce can tomato puree\n3")).toBeNull();
    expect(findYield("# Method\n1\n- Heat the oven")).toBeNull();
  });
});

describe("printed times: seconds after minutes, a Spanish label", () => {
  it("counts the seconds after a comma ('49 minutes, 59 seconds' is 50, not 49)", () => {
    const r: PartialRecipe = {};
    scanTimes("Total Time\n49 minutes, 59 seconds\nServes 4", r);
    expect(r.totalTimeMinutes).toBe(50);
  });

  it("reads 'Elaboración' as the preparation time ('- Elaboración 10 m')", () => {
    const r: PartialRecipe = {};
    scanTimes("- Tiempo total 10 m\n- Elaboración 10 m\n- Cocción 5 m", r);
    expect(r.prepTimeMinutes).toBe(10);
  });
});

describe("printed times: another dish's 'ready in'", () => {
  it("reads the card's total over a linked dish's 'Name – ready in 30 minutes!' before it", () => {
    const r: PartialRecipe = {};
    scanTimes(
      "- Malaysian Mee Siam – ready in 30 minutes!\nPrep Time: 20 minutes\nCook Time: 30 minutes\nTotal Time: 1 hour 50 minutes",
      r,
    );
    expect(r.totalTimeMinutes).toBe(110);
  });

  it("drops a total read from a sentence that is shorter than the card's labelled parts", () => {
    const r: PartialRecipe = {};
    scanTimes(
      "Preparation10 min\nCook time10 min\n# Korean style salmon with gochujang sauce ready in 8 minutes",
      r,
    );
    expect(r.totalTimeMinutes).toBeUndefined();
    expect(r.prepTimeMinutes).toBe(10);
  });
});

describe("seconds through a whole page: JSON-LD and microdata", () => {
  const steps =
    "<ol><li>Whisk the eggs.</li><li>Fry them.</li></ol><ul><li>2 eggs</li><li>1 tsp butter</li></ul>";
  const read = (html: string) => {
    const r = extractRecipe({ html, url: "https://cook.test/eggs" });
    return r.ok ? r.recipe : null;
  };

  it("reads JSON-LD's 'PT40S' as under a minute, never 40 minutes", () => {
    const ld = {
      "@context": "https://schema.org",
      "@type": "Recipe",
      name: "Eggs",
      cookTime: "PT40S",
      recipeIngredient: ["2 eggs"],
      recipeInstructions: ["Fry them."],
    };
    const r = read(
      `<html><head><script type="application/ld+json">${JSON.stringify(ld)}</script></head><body><h1>Eggs</h1>${steps}</body></html>`,
    );
    expect(r?.name).toBe("Eggs");
    expect(r?.cookTimeMinutes ?? 1).toBeLessThanOrEqual(1);
  });

  it("reads microdata's content='PT40S' as under a minute", () => {
    const r = read(
      `<html><body><div itemscope itemtype="https://schema.org/Recipe"><h1 itemprop="name">Eggs</h1>` +
        `<meta itemprop="cookTime" content="PT40S"><span itemprop="recipeIngredient">2 eggs</span>` +
        `<p itemprop="recipeInstructions">Fry them.</p></div></body></html>`,
    );
    expect(r?.name).toBe("Eggs");
    expect(r?.cookTimeMinutes ?? 1).toBeLessThanOrEqual(1);
  });
});
