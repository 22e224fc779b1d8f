import { describe, expect, it } from "vitest";
import { zImports } from "./imports.config.ts";
import { MIN_OCR_CONFIDENCE, ocrTooUnsure, recognize, stopOcr } from "./ocr.ts";

describe("the OCR's refusal threshold", () => {
  it("is the default of Imports:MinOcrConfidence, in one place", () => {
    expect(zImports.parse({}).MinOcrConfidence).toBe(MIN_OCR_CONFIDENCE);
  });

  it("refuses a reading below it, never a text layer (no confidence)", () => {
    expect(ocrTooUnsure(59, 60)).toBe(true);
    expect(ocrTooUnsure(60, 60)).toBe(false);
    expect(ocrTooUnsure(null, 60)).toBe(false);
    expect(ocrTooUnsure(undefined, 60)).toBe(false);
  });
});

describe("a photo in another recipe language", () => {
  it("is read again with its language's model, which knows its accents", async () => {
    const { createCanvas } = await import("@napi-rs/canvas");
    const lines = [
      "Ingrédients",
      "200 g de crème fraîche épaisse",
      "1 cuillère à soupe de sel",
      "Préparation",
      "Mélanger la crème avec le sel et la farine dans un bol.",
      "Cuire au four pendant 20 minutes et servir avec du pain.",
    ];
    const c = createCanvas(1100, 60 + lines.length * 48);
    const g = c.getContext("2d");
    g.fillStyle = "#fff";
    g.fillRect(0, 0, c.width, c.height);
    g.fillStyle = "#111";
    g.font = '28px "DejaVu Serif"';
    lines.forEach((l, i) => g.fillText(l, 40, 60 + i * 48));
    try {
      const r = await recognize(Buffer.from(c.toBuffer("image/png")));
      expect(r.text).toContain("crème fraîche");
      expect(r.text).toContain("cuillère à soupe");
    } finally {
      await stopOcr();
    }
  }, 120_000);
});
