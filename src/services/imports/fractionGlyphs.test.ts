import { createCanvas } from "@napi-rs/canvas";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { baselineOf, photographed } from "../../../test/helpers/photographed.ts";
import { greyOf, readFractionWord, rereadFractions, wordPicture } from "./fractionGlyphs.ts";

// Words drawn as a phone would see them printed (test/helpers/photographed.ts), with grain.
const photo = (text: string, font: string, px: number, seed = 7) =>
  photographed(text, font, px, { grain: seed });

async function grey(png: Buffer) {
  const img = await greyOf(png);
  return wordPicture(img, { x0: 0, x1: img.width, y0: 0, y1: img.height })!;
}

/** Where `photo` drew each word of a line: tesseract's word boxes, from the drawing's measures. */
function wordBoxes(font: string, px: number) {
  const c = createCanvas(10, 10).getContext("2d");
  c.font = `${px}px "${font}"`;
  const x = (s: string) => px * 0.4 + c.measureText(s).width;
  const [y0, y1] = [Math.round(px * 0.55), Math.round(px * 1.55)];
  const box = (from: string, word: string) => ({
    x0: Math.round(x(from)),
    x1: Math.round(x(from + word)),
    y0,
    y1,
  });
  return { box, y0, y1 };
}

const FONTS = ["DejaVu Serif", "Liberation Sans"];

describe("printed fractions read from the picture", () => {
  it("reads a vulgar fraction, alone or after its whole number, in the fonts at hand", async () => {
    for (const font of FONTS)
      for (const [word, px] of [
        ["½", 30],
        ["¼", 30],
        ["¾", 36],
        ["1½", 30],
        ["(¾", 36],
      ] as const)
        expect(await readFractionWord(await grey(await photo(word, font, px))), `${word} ${font}`).toBe(word);
  });

  it("reads a small fraction of a phone's photo, told from its like by numerator and denominator", async () => {
    // As tesseract read it: marks only ("%"), so the match may be farther. (Thirds drawn in the
    // Liberation faces and a small serif "½" are not told apart yet.)
    for (const font of [...FONTS, "DejaVu Sans"])
      for (const word of ["¾", "¼", "(¾", ...(font.startsWith("DejaVu") ? ["⅔", "⅓", "½"] : [])])
        for (const seed of [3, 11])
          expect(
            await readFractionWord(await grey(await photo(word, font, 22, seed)), false, true),
            `${word} ${font} ${seed}`,
          ).toBe(word);
  });

  it("reads a fraction whose widened box holds the foot of the line above ('(20 ounces)' over '1½ pounds')", async () => {
    const px = 30;
    const png = await photo("(20 ounces)\n1½ pounds", "DejaVu Serif", px);
    const c = createCanvas(10, 10).getContext("2d");
    c.font = `${px}px "DejaVu Serif"`;
    // The word's columns, from a little above the upper line's baseline to below its own.
    const box = {
      x0: px * 0.4 - 2,
      x1: px * 0.4 + c.measureText("1½").width + 2,
      y0: baselineOf(px, 0) - px * 0.3,
      y1: baselineOf(px, 1) + px * 0.2,
    };
    expect(await readFractionWord(wordPicture(await greyOf(png), box)!)).toBe("1½");
  });

  it("reads nothing where no fraction is printed: digits and words stay tesseract's", async () => {
    for (const word of ["2", "15", "salt", "In"])
      expect(await readFractionWord(await grey(await photo(word, "DejaVu Serif", 30))), word).toBeNull();
  });

  it("reads the amount inside a unit's box only before the unit's letters", async () => {
    const pic = await grey(await photo("½ tsp", "Liberation Sans", 30));
    expect(await readFractionWord(pic, true)).toBe("½");
    // Without the unit there is no rest: a whole word is not read as a prefix.
    expect(await readFractionWord(await grey(await photo("½", "Liberation Sans", 30)), true)).toBeNull();
  });

  it("reads again the word where the amount stands, keeping what tesseract read", async () => {
    const png = await photo("½ cup milk", "DejaVu Serif", 32);
    const { width } = await sharp(png).metadata();
    // Tesseract's boxes for "% cup milk" (the word boxes as found by the drawing's measures).
    const px = 32;
    const { box, y0, y1 } = wordBoxes("DejaVu Serif", px);
    const words = [
      { text: "%", confidence: 40, bbox: box("", "½") },
      { text: "cup", confidence: 96, bbox: box("½ ", "cup") },
      { text: "milk", confidence: 96, bbox: box("½ cup ", "milk") },
    ];
    const blocks = [{ paragraphs: [{ lines: [{ bbox: { x0: 0, x1: width!, y0, y1 }, words }] }] }];
    expect(await rereadFractions(png, blocks)).toBe(1);
    expect(words[0]).toMatchObject({ text: "½", read: "%" });
    expect(words[1]).not.toHaveProperty("read");
  });

  it("reads a fraction tesseract lost between a list mark and the unit, and one it read as 'a'", async () => {
    const px = 32;
    const { box, y0, y1 } = wordBoxes("Liberation Sans", px);
    const lost = await photo("+ ½ cup dried cranberries", "Liberation Sans", px);
    const words = [
      { text: "+", confidence: 46, bbox: box("", "+") },
      { text: "cup", confidence: 96, bbox: box("+ ½ ", "cup") },
      { text: "dried", confidence: 96, bbox: box("+ ½ cup ", "dried") },
    ];
    const { width } = await sharp(lost).metadata();
    const line = (ws: typeof words) => [
      { paragraphs: [{ lines: [{ bbox: { x0: 0, x1: width!, y0, y1 }, words: ws }] }] },
    ];
    expect(await rereadFractions(lost, line(words))).toBe(1);
    expect(words[1]).toMatchObject({ text: "½ cup", read: "cup" });

    const asA = await photo("¼ teaspoon pepper", "Liberation Sans", px);
    const read = [
      { text: "a", confidence: 64, bbox: box("", "¼") },
      { text: "teaspoon", confidence: 95, bbox: box("¼ ", "teaspoon") },
    ];
    expect(await rereadFractions(asA, line(read))).toBe(1);
    expect(read[0]).toMatchObject({ text: "¼", read: "a" });
  });

  it("reads a fraction before an inch mark, the mark kept as printed ('1%-inch-thick', '%\" coins')", async () => {
    const px = 32;
    const { box, y0, y1 } = wordBoxes("Liberation Sans", px);
    const check = async (printed: string, first: string, read: string) => {
      const png = await photo(printed, "Liberation Sans", px);
      const { width } = await sharp(png).metadata();
      const rest = printed.slice(first.length + 1);
      const words = [
        { text: "2", confidence: 95, bbox: box("", "2") },
        { text: read, confidence: 60, bbox: box("2 ", first) },
        { text: rest, confidence: 95, bbox: box(`2 ${first} `, rest) },
      ];
      const line = [{ paragraphs: [{ lines: [{ bbox: { x0: 0, x1: width!, y0, y1 }, words }] }] }];
      expect(await rereadFractions(png, line)).toBe(1);
      return words[1];
    };
    expect(await check("2 1½-inch-thick chops", "1½-inch-thick", "1%-inch-thick")).toMatchObject({
      text: "1½-inch-thick",
      read: "1%-inch-thick",
    });
    expect(await check('2 ½" coins', '½"', '%"')).toMatchObject({ text: '½"', read: '%"' });
    // A whole number and a fraction with a dash between ("1-½ inches"): the dash kept as printed.
    expect(await check("2 1-½ inches apart", "1-½", "1-%")).toMatchObject({ text: "1-½", read: "1-%" });
    // An "in" set on to the fraction, closing a parenthesis and the sentence ("(2in x 2¾in).").
    expect(await check("2 2¾in). Season", "2¾in).", "2%in).")).toMatchObject({
      text: "2¾in).",
      read: "2%in).",
    });
  });
});

describe("printed fractions in bold, and a list's dot inside the word's box (issue 50, sample 3)", () => {
  it("reads a fraction set in bold, whose strokes join, as tesseract's marks read it ('%', 'Y')", async () => {
    for (const word of ["¼", "½"])
      for (const seed of [3, 11])
        expect(
          await readFractionWord(
            await grey(await photographed(word, "Liberation Serif", 34, { grain: seed, bold: true })),
            false,
            true,
          ),
          `${word} ${seed}`,
        ).toBe(word);
  });

  it("reads the fraction after a list's dot that tesseract read with it as '1' ('• ¼' read '1')", async () => {
    for (const font of FONTS)
      expect(await readFractionWord(await grey(await photo("• ¼", font, 30))), font).toBe("¼");
  });
});

describe("a range's first fraction read as a letter before its dash (issue 50, 2026-12-02, h-sources)", () => {
  it("reads '¼-' where tesseract read 'Y-' ('¼- ½ cup powdered sugar'), the dash kept", async () => {
    const px = 32;
    const { box, y0, y1 } = wordBoxes("Liberation Sans", px);
    const png = await photo("- ¼- ½ cup sugar", "Liberation Sans", px);
    const { width } = await sharp(png).metadata();
    const words = [
      { text: "-", confidence: 90, bbox: box("", "-") },
      { text: "Y-", confidence: 6, bbox: box("- ", "¼-") },
      { text: "½", confidence: 80, bbox: box("- ¼- ", "½") },
      { text: "cup", confidence: 95, bbox: box("- ¼- ½ ", "cup") },
    ];
    const line = [{ paragraphs: [{ lines: [{ bbox: { x0: 0, x1: width!, y0, y1 }, words }] }] }];
    await rereadFractions(png, line);
    expect(words[1]).toMatchObject({ text: "¼-", read: "Y-" });
  });
});
