import { describe, expect, it } from "vitest";
import { readOcrLines, type OcrLine } from "./ocrText.ts";

// A line from x 100, 14 px a letter, its box `boxHeight` tall (a tilted line's box spans the tilt)
// and its letters 22 px; tesseract ended a paragraph after each.
const line = (text: string, y: number, boxHeight: number): OcrLine => {
  let at = 100;
  const wordBoxes = text.split(" ").map((w) => {
    const b = { x0: at, x1: at + 14 * w.length };
    at = b.x1 + 14;
    return b;
  });
  return {
    words: text.split(" ").map((w) => ({ text: w, confidence: 95 })),
    paragraphEnd: true,
    box: { x0: 100, x1: wordBoxes[wordBoxes.length - 1]!.x1, y0: y, y1: y + boxHeight },
    wordBoxes,
    textHeight: 22,
  };
};

describe("a wrapped line's rest on a tilted photo (issue 50)", () => {
  it("joins the rest though the long line's box is far taller than the rest's: the letters are alike", () => {
    const read = readOcrLines([
      line("9. Place them in the oven and bake for 18-20 minutes or until the", 0, 40),
      line("10. Cool for 5 minutes in the pan then remove muffins and cool on a", 40, 42),
      line("wire rack.", 80, 24),
    ]);
    expect(read.text.split("\n").filter(Boolean).slice(-1)).toEqual([
      "10. Cool for 5 minutes in the pan then remove muffins and cool on a wire rack.",
    ]);
  });
});

describe("a title's rest that opens with an ampersand (issue 50)", () => {
  it("joins '& LENTILS' to the line it was wrapped from, not a line ended with room to spare", () => {
    const read = readOcrLines([
      line("ONE PAN PASTA - SAUSAGE TOMATO", 0, 22),
      line("& LENTILS", 40, 22),
      line("Serves 6", 80, 22),
      line("2 Tablespoons olive oil", 120, 22),
      line("Salt", 160, 22),
      line("& pepper", 200, 22),
    ]);
    expect(read.text.split("\n").filter(Boolean)).toEqual([
      "ONE PAN PASTA - SAUSAGE TOMATO & LENTILS",
      "Serves 6",
      "2 Tablespoons olive oil",
      "Salt",
      "& pepper",
    ]);
  });
});
