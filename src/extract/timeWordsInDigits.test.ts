// Times a page prints in words, and seconds labelled in other languages (issue 50: "times not read
// where the page prints them"): each shape with the minimal text that failed before its rule.
import { describe, expect, it } from "vitest";
import { parseDuration } from "./durations.ts";
import { extractRecipe } from "./extractRecipe.ts";
import { scanTimes } from "./timesAndYields.ts";
import { timeWordsInDigits } from "./timeWordsInDigits.ts";
import type { PartialRecipe } from "./schemaRecipe.ts";

const times = (text: string) => {
  const r: PartialRecipe = {};
  scanTimes(text, r);
  return [r.prepTimeMinutes, r.cookTimeMinutes, r.totalTimeMinutes];
};

describe("durations written in words", () => {
  it.each([
    ["forty minutes", 40],
    ["Forty-five minutes", 45],
    ["twenty five mins", 25],
    ["an hour", 60],
    ["half an hour", 30],
    ["a half hour", 30],
    ["an hour and a half", 90],
    ["one and a half hours", 90],
    ["a quarter of an hour", 15],
    ["three quarters of an hour", 45],
    ["one to two hours", 120],
    ["ninety minutes", 90],
  ])("reads %s as %i minutes", (text, minutes) => {
    expect(parseDuration(text)).toBe(minutes);
  });

  it("reads a card's labelled times in words", () => {
    expect(
      times("Prep Time: forty minutes\nCook Time: an hour\nTotal Time: one hour and forty minutes"),
    ).toEqual([40, 60, 100]);
    expect(times("Cook time: half an hour")).toEqual([undefined, 30, undefined]);
    expect(times("Ready in forty-five minutes")).toEqual([undefined, undefined, 45]);
  });

  it("leaves a sentence's duration in words unread (an introduction's 'ready in thirty minutes')", () => {
    expect(times("This vegan curry is a weeknight staple, and it's ready in thirty minutes")).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  it("changes no count that is not before a time unit", () => {
    expect(timeWordsInDigits("two eggs, a few minutes, several hours, someone")).toBe(
      "two eggs, a few minutes, several hours, someone",
    );
    // An article is no range's end: "a minute or two" is one minute.
    expect(timeWordsInDigits("a minute or two")).toBe("1 minute or two");
  });

  it("reads the times a page without structured data prints in words", () => {
    const r = extractRecipe({
      html: `<html><body><article><h1>Lentil soup</h1>
        <p>Prep time: ten minutes</p><p>Cook time: forty-five minutes</p>
        <h2>Ingredients</h2><ul><li>200 g red lentils</li><li>1 onion, chopped</li><li>1 l stock</li></ul>
        <h2>Instructions</h2><ol><li>Soften the onion in a little oil.</li><li>Add the lentils and stock and simmer until soft.</li></ol>
        </article></body></html>`,
      url: "https://cook.test/soup",
    });
    expect(r.ok && [r.recipe.prepTimeMinutes, r.recipe.cookTimeMinutes]).toEqual([10, 45]);
  });
});

describe("seconds labelled in other languages", () => {
  it.each([
    "Kochzeit: 40 Sekunden",
    "Cuisson : 40 secondes",
    "Kooktijd: 40 seconden",
    "Tillagningstid: 40 sek",
  ])("reads %s as under a minute", (text) => {
    expect(times(text)[1]).toBe(1);
  });

  it("reads the Scandinavian 'sek' as seconds", () => {
    expect(parseDuration("40 sek")).toBe(1);
  });
});
