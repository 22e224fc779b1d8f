// Yields on unseen sites (issue 50: "number words, ranges read otherwise than the top of the
// range, or not read"): each shape with the minimal text that failed before its rule.
import { describe, expect, it } from "vitest";
import { findYield } from "./timesAndYields.ts";
import { parseYield } from "./yields.ts";

describe("yields: ranges and counts in words a card prints", () => {
  it("reads a range written with 'or' as its top, as with 'to' ('Serves 4 or 5')", () => {
    expect(findYield("Serves 4 or 5\nIngredients")?.servings).toBe(5);
    expect(parseYield("Serves 4 or 5").servings).toBe(5);
    expect(findYield("Makes 12 or 16 muffins")?.servings).toBe(16);
  });

  it("reads a count from thirteen to nineteen in words ('Makes sixteen cookies', 'Yield: eighteen bars')", () => {
    expect(findYield("Makes sixteen cookies\nIngredients")?.servings).toBe(16);
    expect(findYield("Yield: eighteen bars")?.servings).toBe(18);
    expect(findYield("Serves fourteen")?.servings).toBe(14);
    expect(parseYield("Makes fifteen scones").servings).toBe(15);
  });

  it("reads 'Makes' with a count in words only where it opens its line ('it makes two batches vanish' is prose)", () => {
    expect(findYield("Makes twelve cookies")?.servings).toBe(12);
    expect(findYield("Everyone says it makes two batches vanish by noon.")).toBeNull();
  });
});

describe("yields: a range's top or bottom as the item read writes it", () => {
  it("reads the top of a tight range whose longer copy spaces it out (['2-4', '2 - 4 servings'])", () => {
    expect(parseYield(["2-4", "2 - 4 servings"]).servings).toBe(4);
    expect(parseYield(["4", "4 - 6 servings"]).servings).toBe(4);
  });
});
