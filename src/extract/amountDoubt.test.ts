import { describe, expect, it } from "vitest";
import { amountDoubt, amountWordsInDoubt, Y_UNIT } from "./amountDoubt.ts";

// A line as text recognition gives it: its words, each as sure as given (or 95).
const words = (text: string, confidence = 95) => text.split(" ").map((t) => ({ text: t, confidence }));

describe("an amount text recognition may have changed", () => {
  it("doubts a letter or a mark where a line's amount stands (a printed ½ read as y, %, ¥)", () => {
    for (const l of [
      "y teaspoon table salt",
      "Y tablespoon ground ginger",
      "y4 teaspoon kosher salt",
      "Y» cup milk",
      "Ya tsp salt",
      "% cup whole milk",
      "l cup flour",
      "I tsp salt",
      "2 % cups oats",
      "2 ¥ teaspoons baking powder",
      "1, teaspoon crushed red pepper flakes",
    ])
      expect(amountDoubt(words(l)), l).toBe(true);
  });

  it("doubts an amount in parentheses or hyphened to its unit that is no amount", () => {
    expect(amountDoubt(words("98 grams (% cup) all-purpose flour"))).toBe(true);
    expect(amountDoubt(words("195 grams (1%: cups) all-purpose flour"))).toBe(true);
    expect(amountDoubt(words("butter, cut into %-inch cubes"))).toBe(true);
    expect(amountDoubt(words("bananas, sliced % inch thick"))).toBe(true);
  });

  it("doubts digits mixed with marks, a unit run on into the name, numbers a fraction was read as", () => {
    for (const l of [
      "ce 2&9",
      "2%dl meelk",
      "759gsmer",
      "1dlvand",
      "ytsk. salt",
      "yitspsalt",
      "1 2 cups brown sugar",
      "2 4 cups old-fashioned oats",
      "4 teaspoon salt",
      "15 cup blue cheese, crumbled",
    ])
      expect(amountDoubt(words(l)), l).toBe(true);
  });

  it("doubts a 1 read unsurely as a letter run on into its word, never a word read surely", () => {
    expect(amountDoubt([{ text: "legg", confidence: 82 }])).toBe(true);
    expect(amountDoubt([{ text: "lui", confidence: 51 }])).toBe(true);
    expect(amountDoubt([{ text: "lemon", confidence: 96 }, ...words("juice")])).toBe(false);
    expect(amountDoubt([{ text: "In", confidence: 96 }, ...words("a bowl, whisk the eggs")])).toBe(false);
  });

  it("doubts a line that opens with its unit or with a garbled fraction", () => {
    expect(amountDoubt(words("cup brown sugar"))).toBe(true);
    expect(amountDoubt(words("% salt"))).toBe(true);
    expect(amountDoubt(words("Y2 lemon, juiced"))).toBe(true);
  });

  it("doubts an amount read with little confidence, and only the amount", () => {
    expect(amountDoubt([{ text: "1", confidence: 80 }, ...words("tbsp dried oregano")])).toBe(true);
    expect(amountDoubt([{ text: "3", confidence: 60 }, ...words("eggs")])).toBe(true);
    expect(amountDoubt([...words("2 cups"), { text: "flour", confidence: 50 }])).toBe(false);
  });

  it("takes amounts as cooks write them, and words that are no amount, on trust", () => {
    for (const l of [
      "1 1/2 cups plain flour",
      "1½ cups plain flour",
      "½ tsp salt",
      "2-3 tablespoons olive oil",
      "1.5 kg potatoes",
      "98 grams (3/4 cup) all-purpose flour",
      "butter, cut into 1/2-inch cubes",
      "a 7-by-14-inch piece of kitchen parchment",
      "1 cup 2% milk",
      "2% milk",
      "125 g yoghurt naturel 3,5 %",
      "200g flour",
      "200grams flour",
      "20ml white vinegar",
      "1 teaspoon vanilla",
      "2 teaspoons vanilla",
      "yoghurt, to serve",
      "Bake at 350°F for 10 minutes, until 10:30.",
      "a pinch of salt",
      "Salt and pepper",
      "2 large eggs",
      "Pour in the milk and stir for 2 minutes.",
    ])
      expect(amountDoubt(words(l)), l).toBe(false);
  });

  it("points at the words where a printed fraction may stand, past a list mark", () => {
    expect(amountWordsInDoubt(words("% cup milk"))).toEqual([0]);
    expect(amountWordsInDoubt(words("* Y teaspoon salt"))).toEqual([1]);
    expect(amountWordsInDoubt(words("2 ¥ teaspoons baking powder"))).toEqual([1]);
    expect(amountWordsInDoubt(words("98 grams (% cup) flour"))).toEqual([2]);
    expect(amountWordsInDoubt(words("4 teaspoon salt"))).toEqual([0]);
    // A unit read unsurely where the line opens: its box may hold the fraction.
    expect(
      amountWordsInDoubt([{ text: "«", confidence: 50 }, { text: "tsp", confidence: 15 }, ...words("salt")]),
    ).toEqual([1]);
    // A fraction read as "y" run on into its unit: the word is read again for its amount.
    expect(amountWordsInDoubt(words("* yitspsalt"))).toEqual([1]);
    expect(amountWordsInDoubt(words("ytsk. salt"))).toEqual([0]);
    // A fraction read as the word "a", unsurely (a real "a" is read surely), and a unit that opens
    // the line after its list mark (the fraction before it was lost: "+ cup dried cranberries").
    const sure = (t: string, c: number) => ({ text: t, confidence: c });
    expect(amountWordsInDoubt([sure("a", 64), ...words("teaspoon pepper")])).toEqual([0]);
    expect(amountWordsInDoubt([sure("a", 95), ...words("cup of tea")])).toEqual([]);
    expect(amountWordsInDoubt([sure("+", 46), ...words("cup dried cranberries")])).toEqual([1]);
    expect(amountDoubt([sure("a", 67), ...words("cup potato starch")])).toBe(true);
    expect(amountDoubt([sure("a", 96), ...words("cup potato starch")])).toBe(false);
    // A fraction inside a step, before a time or a measure: read again as the line's opening one is.
    expect(amountWordsInDoubt(words("and let it rise for 1%: hours"))).toEqual([5]);
    expect(amountWordsInDoubt(words("Bake for % hour, then cool"))).toEqual([2]);
    expect(amountWordsInDoubt(words("cut into Y cm cubes and fry for 2 minutes"))).toEqual([2]);
    expect(amountWordsInDoubt(words("Let it rest for 10 minutes."))).toEqual([]);
    // Amounts as written, and words, are not read again.
    for (const l of ["2 cups flour", "1 1/2 cups flour", "½ cup milk", "Salt and pepper", "200g flour"])
      expect(amountWordsInDoubt(words(l)), l).toEqual([]);
  });
});

describe("fractions read as marks inside a sentence, and a round bullet read as 'o' (issue 50, sample 3)", () => {
  it("points at a lone '%' wherever it stands, not at a percentage written on to its number", () => {
    expect(amountWordsInDoubt(words("cook for about 2 % to 3 hours or until tender"))).toEqual([4]);
    expect(amountWordsInDoubt(words("Slice rolls % way down the middle"))).toEqual([2]);
    expect(amountWordsInDoubt(words("Use 2% milk or whole milk"))).toEqual([]);
  });

  it("points past a round bullet read as 'o' at a fraction read as 'y' run on into its unit", () => {
    expect(amountWordsInDoubt(words("o Yitspseasalt"))).toEqual([1]);
  });
});

describe("a fraction read as 'y' run on into a range's 'to' (issue 50)", () => {
  const w = (t: string) => t.split(" ").map((text) => ({ text, confidence: 95 }));
  it("doubts 'Yto 1 cup water', and reads its fraction again, keeping the 'to'", () => {
    expect(amountDoubt(w("Yto 1 cup water (See note!)"))).toBe(true);
    expect(amountWordsInDoubt(w("Yto 1 cup water"))).toContain(0);
    expect("Yto".replace(Y_UNIT, "")).toBe("to");
  });
  it("leaves words that only open with a 'y' or a 'to'", () => {
    expect(amountWordsInDoubt(w("Ytop 1 cup water"))).not.toContain(0);
    expect(amountDoubt(w("Yogurt to taste"))).toBe(false);
  });
});
