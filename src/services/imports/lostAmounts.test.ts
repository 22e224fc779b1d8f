import { createCanvas } from "@napi-rs/canvas";
import { describe, expect, it } from "vitest";
import { baselineOf, photographed } from "../../../test/helpers/photographed.ts";
import { readLostAmounts } from "./lostAmounts.ts";

// A list drawn as a phone sees it (test/helpers/photographed.ts) and tesseract's boxes for it as
// found by the drawing's measures, with the printed "½" of one line given no word of its own.
const FONT = "DejaVu Serif";
const PX = 32;

function line(printed: string, k: number, lostFrom: number) {
  const c = createCanvas(10, 10).getContext("2d");
  c.font = `${PX}px "${FONT}"`;
  const x = (s: string) => PX * 0.4 + c.measureText(s).width;
  const [y0, y1] = [Math.round(baselineOf(PX, k) - PX * 0.75), Math.round(baselineOf(PX, k) + PX * 0.25)];
  const words: {
    text: string;
    confidence: number;
    bbox: { x0: number; x1: number; y0: number; y1: number };
    read?: string;
  }[] = [];
  let at = 0;
  for (const w of printed.split(" ")) {
    const from = printed.indexOf(w, at);
    at = from + w.length;
    words.push({
      text: w,
      confidence: 95,
      bbox: { x0: Math.round(x(printed.slice(0, from))), x1: Math.round(x(printed.slice(0, at))), y0, y1 },
    });
  }
  // The lost word: gone (its blank kept), or inside the next word's box (`lostFrom` < 0).
  const i = words.findIndex((w) => w.text === "½");
  if (i >= 0 && lostFrom >= 0) words.splice(i, 1);
  else if (i >= 0)
    words.splice(i, 2, { ...words[i + 1]!, bbox: { ...words[i + 1]!.bbox, x0: words[i]!.bbox.x0 } });
  return { bbox: { x0: words[0]!.bbox.x0, x1: words[words.length - 1]!.bbox.x1, y0, y1 }, words };
}

async function list(printed: string[], inside: boolean) {
  const png = await photographed(printed.join("\n"), FONT, PX);
  const lines = printed.map((p, k) => line(p, k, inside ? -1 : 0));
  return { png, lines, blocks: [{ paragraphs: [{ lines }] }] };
}

describe("an amount text recognition lost whole (issue 50, 2026-12-02, h-sources)", () => {
  const printed = [
    "- 2 spsk sukker (både rørsukker)",
    "- ½ stang vanilje (eller 1 spsk sukker)",
    "- 25 gram smør (smeltet)",
  ];

  it("reads a fraction from the blank before a line's first word, where the lines beside open further left", async () => {
    const { png, lines, blocks } = await list(printed, false);
    expect(lines[1]!.words.map((w) => w.text)[1]).toBe("stang");
    expect(await readLostAmounts(png, blocks)).toBe(1);
    expect(lines[1]!.words[1]).toMatchObject({ text: "½", read: "" });
  });

  it("reads a fraction inside the first word's box, wider than its letters", async () => {
    const { png, lines, blocks } = await list(printed, true);
    expect(await readLostAmounts(png, blocks)).toBe(1);
    expect(lines[1]!.words[1]).toMatchObject({ text: "½ stang", read: "stang" });
  });

  it("leaves a line whose words open where the others do, and a wrapped rest's indent", async () => {
    const { png, blocks } = await list(
      [
        "- 2 spsk sukker (både rørsukker)",
        "- stang vanilje (eller 1 spsk sukker)",
        "- 25 gram smør (smeltet)",
      ],
      false,
    );
    expect(await readLostAmounts(png, blocks)).toBe(0);
    const steps = [
      "1. Pisk mel, salt og sukker sammen til en",
      "   ensformet masse uden klumper i skålen.",
      "2. Smelt smør i en kasserolle og rør.",
    ];
    const s = await list(steps, false);
    expect(await readLostAmounts(s.png, s.blocks)).toBe(0);
  });

  it("reads a fraction lost in the blank between a whole number and its unit, inside a step", async () => {
    const { png, lines, blocks } = await list(
      ["Cream the soft butter, 1 ½ cups brown sugar and the salt."],
      false,
    );
    expect(lines[0]!.words.map((w) => w.text).slice(3, 6)).toEqual(["butter,", "1", "cups"]);
    expect(await readLostAmounts(png, blocks)).toBe(1);
    expect(lines[0]!.words[4]).toMatchObject({ text: "1½", read: "1" });
    // A blank no wider than the line's others holds no amount.
    const plain = await list(["Cream the soft butter, 1 cup brown sugar and the salt."], false);
    expect(await readLostAmounts(plain.png, plain.blocks)).toBe(0);
  });
});
