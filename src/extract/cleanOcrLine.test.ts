import { describe, expect, it } from "vitest";
import { cleanOcrLine } from "./ocrText.ts";

describe("a '½' read as 'y2' before a hyphened unit (issue 50)", () => {
  it("is '1/2', and said to be corrected", () => {
    expect(cleanOcrLine("85 grams cold salted butter, cut into y2-inch cubes")).toEqual({
      text: "85 grams cold salted butter, cut into 1/2-inch cubes",
      corrected: true,
    });
    expect(cleanOcrLine("y2 cup milk")).toEqual({ text: "1/2 cup milk", corrected: true });
  });
  it("leaves a 'y2' run on into a word, or before an upper-case one", () => {
    expect(cleanOcrLine("cut into y2inch cubes").corrected).toBe(false);
    expect(cleanOcrLine("model y2-K").corrected).toBe(false);
  });
});
