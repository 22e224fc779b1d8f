import type * as ParseIngredient from "parse-ingredient";
import { expect, it, vi } from "vitest";

// The lines parse-ingredient is asked to read, in order.
const read: string[] = [];
vi.mock("parse-ingredient", async (original) => {
  const lib = await original<typeof ParseIngredient>();
  return {
    ...lib,
    parseIngredient: (text: string | string[], options: Parameters<typeof lib.parseIngredient>[1]) => {
      read.push(...(Array.isArray(text) ? text : [text]));
      return lib.parseIngredient(text, options);
    },
  };
});
const { parseIngredientLine, parseIngredientList } = await import("./ingredients.ts");

it("reads a line the library read before (on this page or another) without asking it again", () => {
  const first = parseIngredientList(["2 cups flour", "1 teaspoon fine salt"]);
  read.length = 0;
  const second = parseIngredientList(["1 teaspoon fine salt", "3 large eggs", "3 large eggs"]);
  // Only the new line, once: the same reading as the first list's.
  expect(read).toEqual(["3 large eggs"]);
  expect(second[0]).toEqual(first[1]);
  expect(second[1]).toEqual(second[2]);
  read.length = 0;
  expect(parseIngredientLine("2 cups flour")).toEqual(first[0]);
  expect(read).toEqual([]);
});
