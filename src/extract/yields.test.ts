import { describe, expect, it } from "vitest";
import { parseYield } from "./yields.ts";

describe("parseYield: counts in words", () => {
  it.each([
    ["Serves eight to ten", 10],
    ["eight to ten servings", 10],
    ["six or eight people", 8],
    ["Serves: four", 4],
    ["Makes two loaves", 2],
    ["Makes one 9x13 pan", 1],
  ])("%s serves %i", (text, servings) => {
    expect(parseYield(text).servings).toBe(servings);
  });
});
