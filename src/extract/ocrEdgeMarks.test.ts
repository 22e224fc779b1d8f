import { describe, expect, it } from "vitest";
import { dropEdgeMarks } from "./ocrEdgeMarks.ts";

// A photo's card edge or border, read by tesseract as marks standing at the picture's own edge
// ("|", ":", "i", "§") beside the text, far from its words.
const word = (text: string, x0: number, x1: number, y0: number) => ({
  text,
  confidence: 50,
  bbox: { x0, x1, y0, y1: y0 + 40 },
});
const line = (...words: ReturnType<typeof word>[]) => ({
  bbox: {
    x0: Math.min(...words.map((w) => w.bbox.x0)),
    x1: Math.max(...words.map((w) => w.bbox.x1)),
    y0: words[0]!.bbox.y0,
    y1: words[0]!.bbox.y0 + 40,
  },
  words,
});
const texts = (blocks: { paragraphs: { lines: { words: { text: string }[] }[] }[] }[]) =>
  blocks[0]!.paragraphs[0]!.lines.map((l) => l.words.map((w) => w.text).join(" "));

describe("a photo's edges read as marks", () => {
  it("drops marks at the picture's edge far from the line's words, and a line of them alone", () => {
    const blocks = [
      {
        paragraphs: [
          {
            lines: [
              line(
                word(":", 8, 14, 100),
                word("-", 108, 119, 100),
                word("1/2", 158, 204, 100),
                word("cup", 214, 270, 100),
                word("orzo", 279, 346, 100),
                word("i", 1820, 1825, 100),
              ),
              line(word("3", 0, 19, 160), word("Melt", 105, 177, 160), word("butter.", 185, 282, 160)),
              line(word("|", 0, 11, 220), word(":", 1811, 1825, 220)),
              line(word("A", 1337, 1359, 0), word("AR", 1372, 1400, 0), word("SE", 1410, 1440, 0)),
            ],
          },
        ],
      },
    ];
    dropEdgeMarks(blocks, 1825, 2400);
    expect(texts(blocks)).toEqual(["- 1/2 cup orzo", "Melt butter."]);
    // The line's box is its words' again (the text's right edge is measured from it).
    expect(blocks[0]!.paragraphs[0]!.lines[0]!.bbox).toMatchObject({ x0: 108, x1: 346 });
  });

  it("keeps a word at the edge of a tightly cropped photo that stands with its line", () => {
    const blocks = [
      {
        paragraphs: [
          { lines: [line(word("1", 0, 14, 100), word("cup", 28, 80, 100), word("flour", 92, 170, 100))] },
        ],
      },
    ];
    dropEdgeMarks(blocks, 600, 800);
    expect(texts(blocks)).toEqual(["1 cup flour"]);
  });
});
