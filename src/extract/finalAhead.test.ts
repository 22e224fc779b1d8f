import { describe, expect, it } from "vitest";
import { finalAhead } from "./finalAhead.ts";

// A value then its label, the label ending the pattern: the value's alternatives can end in several
// places ("10 min" inside "10 minutes"), so the label after them needs the engine to go back into the
// value, which the look-ahead must leave as it was.
const VALUE = String.raw`((?:about )?\d+(?:[.,]\d+)?(?: min| minutes| hours?)?)`;
const LABEL = String.raw`[ \t]*\n?[ \t]*(?:prep(?:aration)?|cook|préparation|ſtep)(?![\p{L}])`;
const plain = new RegExp(String.raw`(?:^|\n)[ \t]*${VALUE}${LABEL}`, "giu");
const ahead = new RegExp(String.raw`(?:^|\n)[ \t]*${VALUE}${finalAhead(LABEL, 2)}`, "giu");

const matches = (re: RegExp, text: string) => [...text.matchAll(re)].map((m) => [m.index, m[0], m[1]]);

describe("finalAhead", () => {
  it.each([
    "10 minutes prep\n20 min cook\n1 hour\nPreparation",
    // The value's first way to end (" min") leaves "utes Cook", so the engine goes back into it.
    "about 10 minutes Cook\n5 minutes cooked\n3 hours PRÉPARATION",
    // Under `i` and `u` the label's letters match their case forms, the long s and the Kelvin sign too.
    "2 min STEP\n4 min \u017Ftep\n7 min \u212Aook",
    "no times here",
    "",
  ])("finds what the pattern without it finds: %j", (text) => {
    expect(matches(ahead, text)).toEqual(matches(plain, text));
  });

  it("reads a value whose first ending leaves no label after it", () => {
    expect(matches(ahead, "about 10 minutes Cook")).toEqual([
      [0, "about 10 minutes Cook", "about 10 minutes"],
    ]);
  });

  it("keeps the numbers of the groups before it", () => {
    expect(finalAhead("a|b", 3)).toBe(String.raw`(?=(a|b))\3`);
  });
});
