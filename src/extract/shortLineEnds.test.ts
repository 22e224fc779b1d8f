import { describe, expect, it } from "vitest";
import { readOcrLines, type OcrLine } from "./ocrText.ts";

// A line at a height in one tesseract paragraph, 20 px a letter, its words' boxes spread to x1.
const at = (text: string, y: number, x1: number): OcrLine => ({
  words: text.split(" ").map((w) => ({ text: w, confidence: 95 })),
  paragraphEnd: false,
  box: { x0: 100, x1, y0: y, y1: y + 24 },
  wordBoxes: text.split(" ").map((w, i, all) => {
    const step = (x1 - 100) / all.length;
    return { x0: 100 + i * step, x1: 100 + i * step + step * 0.8 };
  }),
  textHeight: 20,
});

describe("a photographed paragraph's end where a line ends short before one that runs to the edge", () => {
  it("opens a paragraph there, though the lines stand as far apart as a paragraph's", () => {
    const read = readOcrLines([
      at("cesto nám postálo 20 minút skontrolujeme či ma správnu hustotu", 0, 1260),
      at("a môžeme piecť lebo sa mi ani jedna palacinka nepotrhala....", 36, 1200),
      at("ani ta prvá....", 72, 420),
      at("upečené palacinky si ochutíme podľa vlastného gusta, ja dávam", 108, 1255),
      at("do palacinky nutelu a čerstvé ovocie.", 144, 800),
    ]);
    expect(read.text.split("\n")).toEqual([
      "cesto nám postálo 20 minút skontrolujeme či ma správnu hustotu a môžeme piecť lebo sa mi ani jedna palacinka nepotrhala.... ani ta prvá....",
      "",
      "upečené palacinky si ochutíme podľa vlastného gusta, ja dávam do palacinky nutelu a čerstvé ovocie.",
    ]);
  });

  it("keeps a short line before a short one, and a list's items, as they were", () => {
    const read = readOcrLines([
      at("Walnut halves", 0, 400),
      at("Salt and pepper", 36, 420),
      at("2 tablespoons milk (plus 2 teaspoons or more if needed for the icing)", 72, 1260),
    ]);
    expect(read.text.split("\n")).toEqual([
      "Walnut halves",
      "Salt and pepper",
      "2 tablespoons milk (plus 2 teaspoons or more if needed for the icing)",
    ]);
  });
});
