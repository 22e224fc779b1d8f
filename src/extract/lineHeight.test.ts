import { describe, expect, it } from "vitest";
import { lineHeight } from "./lineHeight.ts";
import { ocrLinesOf, readOcrLines } from "./ocrText.ts";

// Tesseract's blocks for one paragraph of lines: each line's words 23 px tall and 20 px a letter,
// but for a last word `tall` px tall where the line asks (its box taking in more than its letters).
const block = (rows: { text: string; y: number; tall?: number }[]) => [
  {
    paragraphs: [
      {
        lines: rows.map(({ text, y, tall }) => {
          let x = 100;
          const ws = text.split(" ");
          const words = ws.map((w, i) => {
            const h = tall && i === ws.length - 1 ? tall : 23;
            const bbox = { x0: x, x1: x + 20 * w.length, y0: y + 23 - h, y1: y + 23 };
            x = bbox.x1 + 20;
            return { text: w, confidence: 95, bbox };
          });
          const bbox = { x0: 100, x1: x - 20, y0: Math.min(...words.map((w) => w.bbox.y0)), y1: y + 23 };
          return { words, bbox };
        }),
      },
    ],
  },
];

describe("a photographed line's letter height", () => {
  it("is its second tallest word's where it has three words or more", () => {
    expect(lineHeight([23, 38, 24, 20])).toBe(24);
    expect(lineHeight([23, 38])).toBe(38);
    expect(lineHeight([])).toBe(0);
  });

  it("parts a magazine's one-line steps whose last words' boxes stand taller than their letters", () => {
    // One tesseract paragraph: a list 40-48 px apart, two headings a little farther, then steps 64-79
    // px apart whose sentences' last words were read 38 px tall.
    const read = readOcrLines(
      ocrLinesOf(
        block([
          { text: "FOR THE ICING", y: 0 },
          { text: "1 cup butter", y: 44 },
          { text: "2 cups sugar", y: 84 },
          { text: "1 cup cocoa", y: 126 },
          { text: "2 tbsp milk", y: 167 },
          { text: "1 tsp vanilla", y: 208 },
          { text: "1 pinch salt", y: 250 },
          { text: "12 walnut halves", y: 290 },
          { text: "METHOD", y: 343 },
          { text: "Bake the cookies", y: 399 },
          { text: "Bake until the cookies look set and dry on the surface, about", y: 439 },
          { text: "15 minutes.", y: 479 },
          { text: "Cool completely before icing so it sets.", y: 555, tall: 38 },
          { text: "Make the icing", y: 619 },
          { text: "Add the melted butter to a bowl and stir in the cocoa.", y: 698, tall: 38 },
          { text: "Spread the icing over the cookies.", y: 770, tall: 38 },
        ]),
      )!,
    );
    expect(read.text.split("\n").slice(-7)).toEqual([
      "Cool completely before icing so it sets.",
      "",
      "Make the icing",
      "",
      "Add the melted butter to a bowl and stir in the cocoa.",
      "",
      "Spread the icing over the cookies.",
    ]);
  });
});
