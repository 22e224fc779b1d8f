import { describe, expect, it } from "vitest";
import { groundingWarnings } from "./grounding.ts";

describe("grounding check", () => {
  it("passes numbers the source states and flags those it does not", () => {
    const source = "Bake at 180 degrees for 25 minutes. Serves 4.";
    expect(groundingWarnings(source, [{ path: "servings", value: 4 }])).toEqual([]);
    expect(groundingWarnings(source, [{ path: "servings", value: 6 }])).toHaveLength(1);
  });

  it("says it did not check when the source has no text, instead of passing or flagging each number", () => {
    const w = groundingWarnings("  \n ", [
      { path: "servings", value: 4 },
      { path: "cookTimeMinutes", value: 25, kind: "minutes" },
    ]);
    expect(w).toEqual([expect.stringMatching(/^Grounding not checked/)]);
    expect(groundingWarnings("", [{ path: "servings", value: null }])).toEqual([]);
  });
});
