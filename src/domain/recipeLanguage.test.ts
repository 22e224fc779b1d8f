import { describe, expect, it } from "vitest";
import { detectLanguage, languageOfTag, recipeLanguage } from "./recipeLanguage.ts";

describe("recipeLanguage", () => {
  it("believes the page's own tag", () => {
    expect(languageOfTag("de-AT")).toBe("de");
    expect(languageOfTag("pt_BR")).toBe("pt");
    expect(languageOfTag("ja")).toBeNull();
    expect(recipeLanguage({ name: "Chili", inLanguage: "sv-SE" })).toBe("sv");
    expect(recipeLanguage({ name: "Chili" }, "it")).toBe("it");
  });

  it.each([
    ["en", "Chop the onions and fry them in the butter until soft, then add the stock."],
    ["de", "Die Zwiebeln schneiden und in der Butter andünsten, dann mit der Brühe aufgießen."],
    ["fr", "Couper les oignons et les faire revenir dans le beurre, puis ajouter le bouillon."],
    ["es", "Picar las cebollas y sofreírlas en la mantequilla, luego añadir el caldo con la sal."],
    ["it", "Tritare le cipolle e farle appassire nel burro, poi aggiungere il brodo con il sale."],
    ["nl", "Snijd de uien en fruit ze in de boter, voeg dan de bouillon toe en laat het koken."],
    ["pt", "Picar as cebolas e refogar na manteiga, depois juntar o caldo com o sal até ferver."],
    ["sv", "Skär löken och fräs den i smöret, tillsätt sedan buljongen och låt det koka med locket på."],
  ])("tells %s by its words", (lang, text) => {
    expect(detectLanguage(text)).toBe(lang);
  });

  it("says nothing when the words do not tell", () => {
    expect(detectLanguage("Hummus")).toBeNull();
    expect(recipeLanguage({ name: "500 g", ingredients: [{ text: "Tahini" }] })).toBeNull();
  });
});
