import { describe, expect, it } from "vitest";
import { joinPdfPages } from "./pdfText.ts";

// A PDF printed from a browser carries the date and the page's title over each page and the
// address and the page's number under it; a cookbook's pages, a running head and a folio.
describe("PDF pages' running heads, feet and numbers", () => {
  it("takes off a head and a foot that every page repeats, its numbers aside, and carries the step on", () => {
    const head = (n: number) => `11/30/26, 4:0${n} PM Lemon Cake | My Kitchen`;
    const foot = (n: number) => `https://kitchen.example/lemon-cake ${n}/2`;
    const text = joinPdfPages([
      `${head(5)}\nLemon Cake\nIngredients\n225 g butter\n4 eggs\nMethod\n1. Heat the oven to 180C. Beat the butter and sugar until pale, add the eggs one at a time and fold in the\n${foot(1)}`,
      `${head(6)}\nflour.\n2. Bake for 40 minutes.\n${foot(2)}`,
    ]);
    expect(text.split("\n").filter(Boolean)).toEqual([
      "Lemon Cake",
      "Ingredients",
      "225 g butter",
      "4 eggs",
      "Method",
      "1. Heat the oven to 180C. Beat the butter and sugar until pale, add the eggs one at a time and fold in the flour.",
      "2. Bake for 40 minutes.",
    ]);
  });

  it("takes off page numbers that count the pages, alone or as 'Page 2 of 3'", () => {
    const text = joinPdfPages([
      "Lemon Cake\nIngredients\n225 g butter\n4 eggs\n1",
      "Method\n1. Heat the oven.\n2",
      "2. Bake for 40 minutes.\nPage 3 of 3",
    ]);
    expect(text.split("\n").filter(Boolean)).toEqual([
      "Lemon Cake",
      "Ingredients",
      "225 g butter",
      "4 eggs",
      "Method",
      "1. Heat the oven.",
      "2. Bake for 40 minutes.",
    ]);
  });

  it("keeps a page's own first and last lines that no other page repeats, and a number that counts no pages", () => {
    const text = joinPdfPages(["Lemon Cake\nIngredients\n4 eggs\n2", "Method\n1. Bake.\n2"]);
    expect(text.split("\n").filter(Boolean)).toEqual([
      "Lemon Cake",
      "Ingredients",
      "4 eggs",
      "2",
      "Method",
      "1. Bake.",
      "2",
    ]);
  });
  it("takes off a browser's date line and address line on a one-page print, set after the page's text", () => {
    const text = joinPdfPages([
      "Lemon Cake\nIngredients\n225 g butter\n4 eggs\nMethod\n1. Heat the oven.\n2. Bake.\n\n12/2/26, 4:32 PM Lemon Cake – Good Food\n\nhttps://kitchen.example/lemon-cake 1/1",
    ]);
    expect(text.split("\n").filter(Boolean)).toEqual([
      "Lemon Cake",
      "Ingredients",
      "225 g butter",
      "4 eggs",
      "Method",
      "1. Heat the oven.",
      "2. Bake.",
    ]);
    // A step that opens with a date but no time, and an address the cook wrote, stay.
    const own = joinPdfPages(["Method\n1. Bake.\n12/2/26 cake day\nhttps://kitchen.example/cake"]);
    expect(own.split("\n")).toEqual([
      "Method",
      "1. Bake.",
      "12/2/26 cake day",
      "https://kitchen.example/cake",
    ]);
  });
});
