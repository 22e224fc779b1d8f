import { describe, expect, it } from "vitest";
import { cleanOcrLine, readOcrLines, type OcrLine } from "./ocrText.ts";

// Shapes of photographed recipes' lines (issue 50, sample 3's misses), each on the text as tesseract
// gives it back.

const ocr = (...texts: string[]): OcrLine[] =>
  texts.map((t) => ({ words: t.split(" ").map((w) => ({ text: w, confidence: 93 })), paragraphEnd: true }));
const lines = (...texts: string[]) =>
  readOcrLines(ocr(...texts))
    .text.split("\n")
    .filter(Boolean);

// A line as a card prints it: 20 px a character, from x = 100, each word's box.
const placed = (text: string, y: number): OcrLine => {
  let at = 100;
  const wordBoxes = text.split(" ").map((w) => {
    const b = { x0: at, x1: at + w.length * 20 };
    at = b.x1 + 20;
    return b;
  });
  return {
    words: text.split(" ").map((w) => ({ text: w, confidence: 95 })),
    paragraphEnd: false,
    box: { x0: 100, x1: wordBoxes[wordBoxes.length - 1]!.x1, y0: y, y1: y + 30 },
    wordBoxes,
  };
};

describe("photographed recipes: a note in parentheses wrapped to the next line", () => {
  it("joins '(see notes)' to the line that ran to the text's edge, not to one ended with room", () => {
    const read = readOcrLines([
      placed("Ingredients", 0),
      placed("2 1/2 cups coconut milk, preferably two boxes, not canned", 40),
      placed("(see notes)", 80),
      placed("1/2 cup sugar", 120),
      placed("1 cup rice (rinsed)", 160),
      placed("(optional) mint leaves", 200),
    ]);
    expect(read.text.split("\n").filter(Boolean)).toEqual([
      "Ingredients",
      "2 1/2 cups coconut milk, preferably two boxes, not canned (see notes)",
      "1/2 cup sugar",
      "1 cup rice (rinsed)",
      "(optional) mint leaves",
    ]);
  });
});

describe("photographed recipes: words the reading ran together or read as marks", () => {
  it("parts 'ina' into 'in a' in an English text ('Ina small bowl, combine')", () => {
    expect(
      lines(
        "Ina small bowl, combine the butter and the garlic.",
        "Pour the mixture over the fish and bake it in the oven.",
      ),
    ).toEqual([
      "In a small bowl, combine the butter and the garlic.",
      "Pour the mixture over the fish and bake it in the oven.",
    ]);
    // A name, or a text that is not English, keeps it.
    expect(lines("Ina Garten's roast chicken", "Roast the chicken in the oven.")[0]).toBe(
      "Ina Garten's roast chicken",
    );
    expect(lines("Ina piccola ciotola")[0]).toBe("Ina piccola ciotola");
  });

  it("reads a bar after an opening parenthesis as 'I' ('( | used 6 3/4)')", () => {
    expect(cleanOcrLine("you may not need all 8 cups. ( | used 6 3/4).").text).toBe(
      "you may not need all 8 cups. ( I used 6 3/4).",
    );
  });

  it("reads a gram's 'g' read twice as one ('20 gg butter')", () => {
    expect(cleanOcrLine("20 gg butter")).toEqual({ text: "20 g butter", corrected: false });
    expect(cleanOcrLine("125 gg hvedemel").text).toBe("125 g hvedemel");
    expect(cleanOcrLine("2 eggs").text).toBe("2 eggs");
  });

  it("gives a step's number read with a comma its dot, between numbered steps ('4, Put en klat')", () => {
    expect(
      lines(
        "3. Pisk mælk og æg sammen.",
        "4, Put en klat smør på en pande og lad den stege.",
        "5. Server med sukker.",
      ),
    ).toEqual([
      "3. Pisk mælk og æg sammen.",
      "4. Put en klat smør på en pande og lad den stege.",
      "5. Server med sukker.",
    ]);
    // A count and a comma in a list stays.
    expect(lines("1. Beat the eggs.", "2, 3 or 4 eggs")).toContain("2, 3 or 4 eggs");
  });
});

describe("photographed recipes: 'ina' read in more than one line", () => {
  it("parts each ('Ina small bowl', 'Ina large bowl')", () => {
    expect(
      lines("Ina small bowl, combine the oil.", "Ina large bowl place the chicken and the marinade."),
    ).toEqual(["In a small bowl, combine the oil.", "In a large bowl place the chicken and the marinade."]);
  });
});

describe("photographed recipes: a step's own '+' before a word a detail opens with", () => {
  it("keeps 'add almonds + bake' as written; a detail's dot is read only before its figure", () => {
    expect(lines("add almonds + bake")).toEqual(["add almonds + bake"]);
    expect(lines("Serves 8 - Prep 20 min - Ready in 1 hr")).toEqual([
      "Serves 8 · Prep 20 min · Ready in 1 hr",
    ]);
  });
});

describe("photographed recipes: a gram's space lost before a word that opens with g", () => {
  it("reads '50 ggær' as '50 g gær' (no word opens with 'gg')", () => {
    expect(cleanOcrLine("50 ggær").text).toBe("50 g gær");
    expect(cleanOcrLine("50ggær").text).toBe("50 g gær");
  });
});

describe("photographed recipes: a metric unit run on into two words", () => {
  it("parts '50 grdeaceite' where the text writes 'de' and 'aceite' elsewhere", () => {
    expect(lines("100 gr de cebolla", "50 grdeaceite de oliva", "Añade el aceite.")[1]).toBe(
      "50 gr de aceite de oliva",
    );
    // Words the text does not write: as read.
    expect(lines("100 gr de cebolla", "50 grdeaceite de oliva")[1]).toBe("50 grdeaceite de oliva");
  });
});

describe("photographed recipes: an English text without 'the', and 'I' read as a one (issue 50, sample 3)", () => {
  it("parts 'Ina' where the text's English is told by its 'and' and 'with'", () => {
    expect(
      lines("Ina small bowl, combine butter, garlic and paprika.", "Bake with lemon and parsley.")[0],
    ).toBe("In a small bowl, combine butter, garlic and paprika.");
  });

  it("reads a one after a sentence's end before a word that follows 'I' as the 'I', never an amount", () => {
    const read = lines(
      "Blend the nibs with the butter. 1 ground just a small amount and it was not enough.",
      "1 ground beef, or 1 used tea bag",
    );
    expect(read).toEqual([
      "Blend the nibs with the butter. I ground just a small amount and it was not enough.",
      "1 ground beef, or 1 used tea bag",
    ]);
  });

  it("drops a round bullet read as 'o' before a fraction read as 'y' run on into its unit, and flags it", () => {
    const read = readOcrLines(ocr("Ingredients", "o Yitspseasalt"));
    expect(read.text.split("\n").filter(Boolean)[1]).toBe("Yitspseasalt");
    expect(read.unsure.map((u) => u.reason)).toEqual(["amount_unsure"]);
  });
});
