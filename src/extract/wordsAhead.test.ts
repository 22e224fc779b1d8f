import { describe, expect, it } from "vitest";
import { wordsAhead } from "./wordsAhead.ts";

const LABELS = "prep(?:aration)?(?:[ -]time)?|cook(?:ing)?|total|préparation|zubereitungszeit|μερίδες";
const bare = new RegExp(String.raw`(?<![\p{L}])(${LABELS})(?![\p{L}])[ \t]*:?[ \t]*(\d+)`, "giu");
const guarded = new RegExp(wordsAhead(LABELS) + bare.source, "giu");

const matches = (re: RegExp, text: string) => [...text.matchAll(re)].map((m) => [m.index, ...m]);

describe("wordsAhead", () => {
  it.each([
    "Prep time: 10 mins\nCook 20 min\nTotal: 30",
    // Inside other words: no label ("overcooked", "Vorbereitungszeit" is not "zubereitungszeit").
    "overcooked 5 min, precook 3, Prepare 4",
    "Zubereitungszeit 30 Min. · PRÉPARATION : 15 · Préparation 20",
    "μερίδες 4 και ΜΕΡΙΔΕΣ 6",
    "",
  ])("finds what the pattern without it finds: %j", (text) => {
    expect(matches(guarded, text)).toEqual(matches(bare, text));
  });

  it("finds the labels a page writes, each with its value", () => {
    expect(
      matches(guarded, "Prep time: 10 mins\novercooked 5 min\nCooking 20").map((m) => m.slice(2)),
    ).toEqual([
      ["Prep time", "10"],
      ["Cooking", "20"],
    ]);
  });

  // A capturing group copied into the look-ahead would shift the numbers of the pattern's groups.
  it("refuses words that hold a capturing group", () => {
    expect(() => wordsAhead("serves|(makes)")).toThrow(/capturing/);
    expect(wordsAhead(String.raw`person\(en\)|(?:a|b)`)).toBe(String.raw`(?=(?:person\(en\)|(?:a|b)))`);
  });
});
