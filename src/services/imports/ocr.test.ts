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
  });
});

describe("a photo in another script", () => {
  // A stand-in for tesseract: which models were asked for, and what each reads.
  const engine = (readings: Record<string, { text: string; confidence: number }>, script: string) => {
    const asked: string[] = [];
    return {
      asked,
      read: async (model: string) => {
        asked.push(model);
        return readings[model] ?? { text: "", confidence: 0 };
      },
      script: async () => {
        asked.push("osd");
        return script;
      },
    };
  };
  const png = Buffer.alloc(0);

  it("is read with its script's model when the English reading is too unsure to be of Latin letters", async () => {
    const e = engine(
      {
        eng: { text: "GOL GAPPAY\nDiz sl JT ose owl OS Ss5", confidence: 43 },
        "eng+urd": { text: "GOL GAPPAY\nاملی کو پانی میں بھگو دیں", confidence: 74 },
      },
      "Arabic",
    );
    const r = await recognize(png, e);
    expect(e.asked).toEqual(["eng", "osd", "eng+urd"]);
    expect(r.text).toContain("پانی میں");
    expect(r.confidence).toBe(74);
  });

  it("keeps the English reading when the script's model reads no surer", async () => {
    const e = engine(
      { eng: { text: "a faint photo", confidence: 50 }, "eng+urd": { text: "؟", confidence: 20 } },
      "Arabic",
    );
    expect((await recognize(png, e)).text).toBe("a faint photo");
  });

  it("never looks for the script (nor loads a model) when English reads the page surely", async () => {
    const e = engine(
      { eng: { text: "Mix the flour with the sugar and bake it.", confidence: 88 } },
      "Arabic",
    );
    await recognize(png, e);
    expect(e.asked).toEqual(["eng"]);
  });
});
