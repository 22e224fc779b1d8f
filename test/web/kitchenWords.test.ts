import { afterEach, describe, expect, it } from "vitest";
import { LANGUAGES, setLanguage, t } from "../../src/web/app/i18n/i18n.ts";

// The kitchen, add and tools screens' messages with plurals and choices: in English they say word
// for word what the screens said before they had catalogues (the browser tests look for those
// words), and every language puts the numbers in.

describe("the kitchen and tools screens' words", () => {
  afterEach(() => setLanguage("en"));

  it("says the scaling summary in English as before", () => {
    const summary = (v: Record<string, string | number>) =>
      t("kitchen.scalingSummary", {
        by: "servings",
        servings: 0,
        factor: 1,
        units: "original",
        unparsed: 0,
        ...v,
      });
    expect(summary({ servings: 8, units: "metric", unparsed: 1 })).toBe(
      "For 8 servings, in metric. 1 line could not be read and is shown as written.",
    );
    expect(summary({ servings: 1 })).toBe("For 1 serving.");
    expect(summary({ by: "factor", factor: 1.5, units: "us", unparsed: 2 })).toBe(
      "× 1.5, in US cups and ounces. 2 lines could not be read and are shown as written.",
    );
  });

  it("says counts in English as before", () => {
    expect(t("normalize.suggestionCount", { count: 3, low: 2, high: 1 })).toBe(
      "3 suggestion(s): 2 format only, 1 that change the recipe.",
    );
    expect(t("refresh.changedSummary", { site: "example.com", changes: 2, conflicts: 0 })).toBe(
      "example.com changed since you imported it: 2 change(s) to take or skip.",
    );
    expect(t("refresh.changedSummary", { site: "example.com", changes: 2, conflicts: 1 })).toBe(
      "example.com changed since you imported it: 2 change(s) to take or skip, 1 where you edited the same thing.",
    );
    expect(t("add.expiresInDays", { days: 3 })).toBe("expires in 3 days");
    expect(t("add.expiresInHours", { hours: 1 })).toBe("expires in 1 hour");
    expect(t("search.lookingFor", { kind: "recipe", conditions: "without dairy" })).toBe(
      "Looking for recipes without dairy.",
    );
    expect(t("duplicates.oneLooksAlike", { title: "Soup", reason: "page" })).toBe(
      "“Soup” in your recipes comes from the same page.",
    );
  });

  it("puts the numbers and names into every language's messages", () => {
    for (const lang of LANGUAGES) {
      setLanguage(lang);
      const summary = t("kitchen.scalingSummary", {
        by: "servings",
        servings: 8,
        factor: 1,
        units: "metric",
        unparsed: 2,
      });
      expect(summary, lang).toMatch(/8/);
      expect(summary, lang).toMatch(/2/);
      expect(t("kitchen.stepCounter", { n: 2, total: 3 }), lang).toMatch(/2.*3/);
      expect(t("kitchen.startTimerButton", { label: "10 Minuten" }), lang).toContain("10 Minuten");
      expect(t("refresh.changedSummary", { site: "example.com", changes: 1, conflicts: 1 }), lang).toContain(
        "example.com",
      );
    }
    setLanguage("de");
    expect(
      t("kitchen.scalingSummary", { by: "servings", servings: 1, factor: 1, units: "original", unparsed: 0 }),
    ).toBe("Für 1 Portion.");
    expect(t("kitchen.inYourPantry", { count: 2 })).toBe("In deinem Vorrat (2)");
    setLanguage("fr");
    expect(t("normalize.appliedAnnounce", { count: 2 })).toBe("2 modifications appliquées");
  });
});
