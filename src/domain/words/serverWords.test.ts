import { describe, expect, it } from "vitest";
import { durationIn, pageWords, sourceKindIn } from "../../interop/pageWords.ts";
import { RECIPE_LANGUAGES } from "../recipeLanguage.ts";
import { SERVER_CATALOGUES } from "./serverCatalogues.gen.ts";
import { sayIn } from "./serverWords.ts";

// The server's own words (share page, cookbook, shopping list, kitchen notes, library names) come
// from one set of ICU catalogues, checked with the web app's by `npm run gen:i18n -- --check`.
describe("the server's words", () => {
  it("has every English key in every language", () => {
    const en = Object.keys(SERVER_CATALOGUES.en!).sort();
    expect(en.length).toBeGreaterThan(40);
    for (const lang of RECIPE_LANGUAGES) expect(Object.keys(SERVER_CATALOGUES[lang]!).sort()).toEqual(en);
  });

  it("says them in the language asked, English when none is known", () => {
    expect(sayIn("de", "page.fromPdf")).toBe("Aus einem PDF");
    expect(sayIn("fr", "page.fromText")).toBe("Saisie par vous");
    expect(sayIn(null, "library.myLibrary")).toBe("My library");
    expect(sayIn("sv", "shopping.aisleDairyEggs")).toBe("Mejeri & ägg");
    expect(sayIn("it", "kitchen.beatEggs", { grams: 25 })).toBe("Sbatti le uova e usane circa 25 g.");
    expect(sourceKindIn("image", "nl")).toBe("Uit een foto");
    expect(sourceKindIn("something-new", "es")).toBe("De un archivo");
  });

  it("elides French before a vowel: d’Ann, de Bo", () => {
    expect(pageWords("fr").cookbookOf("Ann")).toBe("Le livre de cuisine d’Ann");
    expect(pageWords("fr").cookbookOf("Bo")).toBe("Le livre de cuisine de Bo");
    expect(pageWords("en").cookbookOf("Bo")).toBe("Bo's cookbook");
    expect(pageWords("sv").serves("4")).toBe("4 portioner");
  });

  it("writes times as each language does, the number kept with its unit", () => {
    // Either no-break space (French has its narrow one from CLDR).
    const nb = (s: string) => s.replace(/[\u00a0\u202f]/g, "~");
    expect(nb(durationIn(90, "en"))).toBe("1~hr, 30~min");
    expect(nb(durationIn(90, "de"))).toBe("1~Std., 30~Min.");
    expect(nb(durationIn(90, "fr"))).toBe("1~h et 30~min");
    expect(nb(durationIn(45, "it"))).toBe("45~min");
    expect(nb(durationIn(120, "nl"))).toBe("2~uur");
    expect(nb(durationIn(120, "sv"))).toBe("2~tim");
    expect(nb(durationIn(75, null))).toBe("1~hr, 15~min");
  });
});
