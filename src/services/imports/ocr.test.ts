import { describe, expect, it } from "vitest";
import { zImports } from "./imports.config.ts";
import { MIN_OCR_CONFIDENCE, ocrTooUnsure } from "./ocr.ts";

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
