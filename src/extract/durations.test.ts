import { describe, expect, it } from "vitest";
import { parseDuration } from "./durations.ts";
import { parseYield } from "./yields.ts";

describe("parseDuration", () => {
  it.each([
    ["PT30M", 30],
    ["PT1H30M", 90],
    ["PT1H60M", 120],
    ["PT90M", 90],
    ["P0DT0H30M", 30],
    ["P1DT2H", 1560],
    ["pt20m", 20],
    ["PT0.5H", 30],
    ["30 minutes", 30],
    ["1 hour 15 mins", 75],
    ["1h30", 90],
    ["2 Stunden", 120],
    // Danish and Norwegian hours: "1 t", "2 timer", "1 time".
    ["1 t", 60],
    ["1 t 15 min", 75],
    ["2 timer", 120],
    ["1 time", 60],
    ["45", 45],
    ["P0Y0M0DT0H45M0.000S", 45],
    ["1 1/2 hours", 90],
    ["1½ hours", 90],
    ["¾ hour", 45],
    ["1:30", 90],
    ["1 hour and 30 minutes", 90],
    // No time part: the page meant minutes, not months.
    ["P30M", 30],
    ["P2D", 2880],
  ])("%s → %s", (s, m) => expect(parseDuration(s)).toBe(m));

  it.each([[""], ["PT"], ["soon"], [null], [{}]])("%s → null", (s) => expect(parseDuration(s)).toBeNull());
});

describe("parseYield", () => {
  it.each([
    [4, 4, null],
    ["4-6 servings", 6, 6],
    ["4 - 6 serving(s)", 4, 6],
    ["Makes 12 cookies", 12, null],
    ["2 dozen", 24, null],
    ["About 3 dozen", 36, null],
    [["6", "6 portions"], 6, null],
    ["Serves 4 to 6", 6, 6],
    ["Makes one 9x13 pan", 1, null],
    ["2 1/2 dozen", 30, null],
    ["Yield: 1 cake (serves 10)", 10, null],
    ["5 cups, serves 4-6", 6, 6],
    ["1 loaf", 1, null],
    ["8 slices", 8, null],
    [["4", "4 people"], 4, null],
  ])("%j → %s", (v, servings, max) => {
    const y = parseYield(v);
    expect(y.servings).toBe(servings);
    expect(y.max).toBe(max);
  });

  it("does not read a measured yield as servings", () => {
    expect(parseYield("1 litre").servings).toBe(0);
    expect(parseYield("Makes 2 cups").servings).toBe(0);
    expect(parseYield(null)).toMatchObject({ servings: 0, text: null });
  });
});

describe("parseDuration: seconds", () => {
  it.each([
    ["40 seconds", 1],
    ["40 s", 1],
    ["1 min 40 s", 2],
    ["90 sec", 2],
    ["2 Stunden", 120],
    ["PT-476070H19M32S", null],
  ])("%s → %s", (text, minutes) => {
    expect(parseDuration(text)).toBe(minutes);
  });
});
