import { createCanvas } from "@napi-rs/canvas";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { photographed } from "../../../test/helpers/photographed.ts";
import { greyOf, wordPicture } from "./fractionGlyphs.ts";
import { rangeSpacesOf, spaceRanges } from "./rangeSpaces.ts";

// Ranges are drawn with test/helpers/photographed.ts: a little blur, no grain.
async function whole(png: Buffer) {
  const img = await greyOf(png);
  return wordPicture(img, { x0: 0, x1: img.width, y0: 0, y1: img.height })!;
}

describe("a range's spaces measured on the picture", () => {
  it("tells '8 - 10' printed with spaces from '8-10' printed tight, and '2 -3'", async () => {
    for (const font of ["DejaVu Sans", "Liberation Serif"])
      for (const [printed, read] of [
        ["8 - 10", "8-10"],
        ["8-10", "8-10"],
        ["2 -3", "2-3"],
        ["1.5 - 2", "1.5-2"],
      ] as const)
        expect(
          rangeSpacesOf(await whole(await photographed(printed, font, 30)), read)?.spaced,
          `${printed} ${font}`,
        ).toBe(printed);
  });

  it("parts the word where a line's amount stands into the words the picture shows", async () => {
    const png = await photographed("4 - 5 cups", "DejaVu Serif", 30);
    const { width } = await sharp(png).metadata();
    const c = createCanvas(10, 10).getContext("2d");
    c.font = '30px "DejaVu Serif"';
    const x = (s: string) => 12 + c.measureText(s).width;
    const words = [
      { text: "4-5", confidence: 90, bbox: { x0: 10, x1: Math.round(x("4 - 5")) + 1, y0: 10, y1: 48 } },
      { text: "cups", confidence: 96, bbox: { x0: Math.round(x("4 - 5 ")), x1: width! - 4, y0: 10, y1: 48 } },
    ];
    const blocks = [{ paragraphs: [{ lines: [{ words }] }] }];
    expect(await spaceRanges(png, blocks)).toBe(1);
    expect(words.map((w) => w.text)).toEqual(["4", "-", "5", "cups"]);
  });
});

// A card's "2 -3" as the photo gave it (17 px serif, ×1.5): the dash ends in the column where the
// 3's lower curl begins, lower down, so the columns of ink run on from the dash into the 3.
const TIGHT_DASH_CURL = [
  "..########...................................########.....",
  ".###########...............................############...",
  "#############..............................#############..",
  "####....######.............................####....#####..",
  "###......#####.............................###......####..",
  ".##.......####..............................#.......#####.",
  "..........####......................................#####.",
  "..........####......................................#####.",
  "..........####......................................####..",
  ".........#####.....................................#####..",
  ".........####..................................########...",
  "........#####..................................########...",
  "........####...................................#########..",
  ".......####........................................######.",
  "......####..............##################..........#####.",
  ".....####...............##################...........#####",
  "....####.................################............#####",
  "...####..............................................#####",
  "..####.....................................##........#####",
  ".####.....................................###........####.",
  "##############............................####......#####.",
  "###############...........................##############..",
  "###############............................############...",
  ".############...............................#########.....",
];

describe("a range's dash set tight to a digit whose curl shares its column", () => {
  it("reads '2 -3' where the dash's columns run on into the 3's", () => {
    const [height, width] = [TIGHT_DASH_CURL.length, TIGHT_DASH_CURL[0]!.length];
    const data = new Uint8Array(width * height);
    TIGHT_DASH_CURL.forEach((row, y) =>
      [...row].forEach((c, x) => (data[y * width + x] = c === "#" ? 20 : 235)),
    );
    expect(rangeSpacesOf({ data, width, height }, "2-3")?.spaced).toBe("2 -3");
  });
});
