import { describe, expect, it } from "vitest";
import { itemAfterEdge } from "./itemAfterEdge.ts";
import { readOcrLines, type OcrLine } from "./ocrText.ts";
import { pdfPageText, type PdfTextItem } from "./pdfText.ts";

// A printed page's lines with widths: 6 units a character at size 11, the column from x 72 to 528
// on a page 600 wide (76 characters a line).
function printed(lines: string[]): PdfTextItem[] {
  let y = 750;
  return lines.map((text) => {
    y -= 11 * 1.35;
    return { str: text, hasEOL: true, transform: [11, 0, 0, 11, 72, y], height: 11, width: text.length * 6 };
  });
}

// A recognised line with its words' boxes: from x 100, 20 pixels a character and a space.
const placed = (text: string, y: number): OcrLine => {
  let at = 100;
  const wordBoxes = text.split(" ").map((w) => {
    const b = { x0: at, x1: at + w.length * 20 };
    at = b.x1 + 20;
    return b;
  });
  return {
    words: text.split(" ").map((w) => ({ text: w, confidence: 95 })),
    paragraphEnd: true,
    box: { x0: 100, x1: wordBoxes.at(-1)!.x1, y0: y, y1: y + 30 },
    wordBoxes,
  };
};

// Each of these ingredient lines fills the 76-character column: the next line's first word would
// not have fitted after it.
const EDGE = "2 ripe but firm medium bananas, peeled and sliced into rounds a quarter thick";

describe("an ingredient line that ran to the edge, and the item after it", () => {
  it("keeps an unmarked item opening with a capital apart from the line before", () => {
    expect(pdfPageText(printed(["Ingredients", EDGE, "Powdered sugar, to serve", "1 cup cream"]), 600)).toBe(
      ["Ingredients", EDGE, "Powdered sugar, to serve", "1 cup cream"].join("\n"),
    );
    const read = readOcrLines(
      ["Ingredients", EDGE, "Salt and pepper to taste", "1 cup cream"].map((t, i) => placed(t, i * 40)),
    );
    expect(read.text.split("\n").filter(Boolean)).toEqual([
      "Ingredients",
      EDGE,
      "Salt and pepper to taste",
      "1 cup cream",
    ]);
  });

  it("still joins a rest in lower case, after an open phrase, or where the writer capitalises names", () => {
    const open = "1 1/2 cups arborio rice, rinsed twice in cold water and drained well, or";
    const names = "8 ounces thick sliced Bacon, cut into pieces, or Smoked Pancetta from the Deli";
    expect(
      pdfPageText(
        printed(["Ingredients", EDGE, "and dusted", open, "Spanish short-grain rice", names, "Counter"]),
        600,
      ).split("\n"),
    ).toEqual(["Ingredients", `${EDGE} and dusted`, `${open} Spanish short-grain rice`, `${names} Counter`]);
  });

  it("reads the shape from the words", () => {
    expect(itemAfterEdge("¼ cup sliced almonds (plus more as desired)", "Powdered sugar for dusting")).toBe(
      true,
    );
    expect(itemAfterEdge("- 4 ounces cream cheese with chives and onions", "Angel hair pasta")).toBe(true);
    // A unit written with its capital after a number, a joining word, an open bracket, a step.
    expect(itemAfterEdge("1/2 cup unsalted butter, diced into 1", "Tbsp pieces")).toBe(false);
    expect(itemAfterEdge("2 pinches of pepper, black, fresh from the", "Mill")).toBe(false);
    expect(itemAfterEdge("1 pound sausage meat (I like", "Jimmy Dean)")).toBe(false);
    expect(itemAfterEdge("1. Heat the oven and grease the tin well", "Then add")).toBe(false);
    expect(itemAfterEdge("Salt and black pepper, to taste and more", "Olive oil")).toBe(false);
  });
});
