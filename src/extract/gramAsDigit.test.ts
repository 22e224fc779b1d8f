import { describe, expect, it } from "vitest";
import { readOcrLines, type OcrLine } from "./ocrText.ts";

const ocr = (...texts: string[]): OcrLine[] =>
  texts.map((t) => ({ words: t.split(" ").map((w) => ({ text: w, confidence: 93 })), paragraphEnd: true }));
const read = (...lines: string[]) => readOcrLines(ocr(...lines));

describe("photographed recipes: a gram's 'g' read as a 4", () => {
  it("reads '754 smør' as '75 g smør' in a text in grams, and always flags it", () => {
    const r = read("Boller", "500 g hvedemel", "50 g gær", "754 smør", "3 dl mælk");
    expect(r.text.split("\n").filter(Boolean)).toContain("75 g smør");
    expect(r.unsure).toEqual([
      { text: "75 g smør", read: "754 smør", confidence: 93, reason: "amount_corrected" },
    ]);
  });

  it("keeps the number where the text writes no grams, or a unit follows it", () => {
    expect(read("Cookies", "2 cups flour", "754 smør").text).toContain("754 smør");
    const r = read("500 g mel", "50 g gær", "124 cups water", "Bag ved 2004 grader");
    expect(r.text).toContain("124 cups water");
    expect(r.unsure.map((u) => u.reason)).not.toContain("amount_corrected");
  });
});
