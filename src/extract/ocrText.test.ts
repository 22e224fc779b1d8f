import { describe, expect, it } from "vitest";
import { extractRecipe } from "./extractRecipe.ts";
import {
  checkWarning,
  cleanOcrLine,
  linesToCheck,
  ocrLinesOf,
  readOcrLines,
  type OcrLine,
} from "./ocrText.ts";
import { textToHtml } from "./textRecipe.ts";

// A recipe card as tesseract.js reads it: words with their confidences, paragraphs of lines.
const line = (text: string, confidence = 92, paragraphEnd = false): OcrLine => ({
  words: text.split(" ").map((w) => ({ text: w, confidence })),
  paragraphEnd,
});
const CARD: OcrLine[] = [
  line("Scones", 95, true),
  line("Ingredients", 96, true),
  line("« 11/2 cups plain flour", 88),
  line("« 2 tsp baking powder", 90),
  line("• 1/2 cup milk", 91),
  line("« 60 g butter", 52, true),
  line("Method", 95, true),
  line("1. Rub the butter into the flour and baking powder.", 93),
  line("2. Stir in the milk and bake for 12 minutes.", 94, true),
];

describe("text recognition that knows it may be wrong", () => {
  it("drops list marks read as characters, so no line starts with them", () => {
    expect(cleanOcrLine("« 2 tsp baking powder").text).toBe("2 tsp baking powder");
    expect(cleanOcrLine("• * 1/2 cup milk").text).toBe("1/2 cup milk");
    expect(cleanOcrLine("- 3 eggs").text).toBe("3 eggs");
    // A round bullet read as a letter before an amount.
    expect(cleanOcrLine("e 2 eggs").text).toBe("2 eggs");
    expect(cleanOcrLine("eo 3 eggs").text).toBe("3 eggs");
    // Words that start with such letters stay.
    expect(cleanOcrLine("eggs, beaten").text).toBe("eggs, beaten");
  });

  it("gives back the space lost between an amount and its next word, never a metric unit's", () => {
    expect(cleanOcrLine("1teaspoon baking powder").text).toBe("1 teaspoon baking powder");
    expect(cleanOcrLine("2large eggs").text).toBe("2 large eggs");
    expect(cleanOcrLine("1.5tsp grated ginger").text).toBe("1.5 tsp grated ginger");
    expect(cleanOcrLine("1c vegetable broth").text).toBe("1 c vegetable broth");
    expect(cleanOcrLine("3 0z chopped baby spinach").text).toBe("3 oz chopped baby spinach");
    for (const l of [
      "200g flour",
      "20ml white vinegar",
      "400g can diced tomatoes",
      "2x 400g cans",
      "200 gr cream",
    ])
      expect(cleanOcrLine(l)).toEqual({ text: l, corrected: false });
  });

  it("drops a dash or dot list mark read as a lone '.' or ',' before a word", () => {
    const read = readOcrLines([
      line("For the blueberry lemon:", 95, true),
      line(". zest from 1 lemon (add after cooking)"),
      line(", glacé cherries, about 40"),
      line("1-2 cups blueberries"),
    ]);
    expect(read.text.split("\n").filter(Boolean)).toEqual([
      "For the blueberry lemon:",
      "zest from 1 lemon (add after cooking)",
      "glacé cherries, about 40",
      "1-2 cups blueberries",
    ]);
  });

  it("drops a list mark read as marks of two kinds or as '<', before an amount", () => {
    expect(cleanOcrLine("°* 2 eetlepels limoensap").text).toBe("2 eetlepels limoensap");
    expect(cleanOcrLine("< 200 g sukker").text).toBe("200 g sukker");
  });

  it("gives back a unit's letters and spaces run into its neighbours ('1 ib', '4 ozred', '1(8-11 pounds)')", () => {
    expect(cleanOcrLine("1 ib elbow macaroni (dry)").text).toBe("1 lb elbow macaroni (dry)");
    expect(cleanOcrLine("1.1 ibs ground beef").text).toBe("1.1 lbs ground beef");
    expect(cleanOcrLine("1 Ib elbow macaroni").text).toBe("1 lb elbow macaroni");
    expect(cleanOcrLine("4 ozred grapes").text).toBe("4 oz red grapes");
    expect(cleanOcrLine("2 dlvand").text).toBe("2 dl vand");
    expect(cleanOcrLine("1(8-11 pounds) bone-in ham").text).toBe("1 (8-11 pounds) bone-in ham");
    // Words that open so stay: cloves, grapes, a 1-inch ring.
    for (const l of ["4 cloves garlic", "2 grapes", "1 (14 oz) can beans", "ribs of celery"])
      expect(cleanOcrLine(l).text, l).toBe(l);
  });

  it("reads a lone 0 between two numbers as the 'o' ('or') it stands for ('2 0 3 cm')", () => {
    expect(cleanOcrLine("100 gr de cebolla en trozos de 2 0 3cm").text).toBe(
      "100 gr de cebolla en trozos de 2 o 3cm",
    );
    expect(cleanOcrLine("bake 10 0 12 minutes").text).toBe("bake 10 o 12 minutes");
    expect(cleanOcrLine("2 0.5 cm slices").text).toBe("2 0.5 cm slices");
  });

  it("reads an amount's zero read as the letter o ('o.5 tl'), and says so", () => {
    expect(cleanOcrLine("o.5tl vanilleextrakt")).toEqual({ text: "0.5 tl vanilleextrakt", corrected: true });
    expect(cleanOcrLine("O.5TL Vanilleextrakt").text).toBe("0.5 TL Vanilleextrakt");
  });

  it("reads an improper fraction no recipe writes as the mixed number, and says so", () => {
    expect(cleanOcrLine("11/2 cups plain flour")).toEqual({
      text: "1 1/2 cups plain flour",
      corrected: true,
    });
    expect(cleanOcrLine("21/4 cups sugar")).toEqual({ text: "2 1/4 cups sugar", corrected: true });
    // Mixed numbers and plain fractions as written are left alone.
    expect(cleanOcrLine("1 1/2 cups plain flour")).toEqual({
      text: "1 1/2 cups plain flour",
      corrected: false,
    });
    expect(cleanOcrLine("3/4 cup milk")).toEqual({ text: "3/4 cup milk", corrected: false });
    expect(cleanOcrLine("l/2 tsp salt")).toEqual({ text: "1/2 tsp salt", corrected: true });
  });

  it("a card read from words: amounts right, no marks, unsure lines flagged with their confidence", () => {
    const read = readOcrLines(CARD);
    expect(read.text.split("\n").some((l) => /^[«•]/.test(l))).toBe(false);
    const r = extractRecipe({ html: textToHtml(read.text), url: "https://import.invalid/image/1" });
    if (!r.ok) throw new Error(r.message);
    const ingredients = r.recipe.ingredients;
    expect(ingredients.map((i) => i.text)).toEqual([
      "1 1/2 cups plain flour",
      "2 tsp baking powder",
      "1/2 cup milk",
      "60 g butter",
    ]);
    // Never 5 1/2 (11/2 read as eleven halves).
    expect(ingredients[0]!.quantity).toBe(1.5);
    expect(linesToCheck(r.recipe, read.unsure)).toEqual([
      {
        field: "ingredients",
        index: 0,
        text: "1 1/2 cups plain flour",
        read: "11/2 cups plain flour",
        confidence: 88,
        reason: "amount_corrected",
      },
      {
        field: "ingredients",
        index: 3,
        text: "60 g butter",
        read: "60 g butter",
        confidence: 52,
        // Its amount is among the words read unsurely: the amount is what to check.
        reason: "amount_unsure",
      },
    ]);
    expect(r.recipe.instructions.map((s) => s.text)).toEqual([
      "Rub the butter into the flour and baking powder.",
      "Stir in the milk and bake for 12 minutes.",
    ]);
  });

  it("a list mark read with little confidence does not make its line unsure", () => {
    const read = readOcrLines([
      {
        words: [
          { text: "+", confidence: 31 },
          { text: "2", confidence: 93 },
          { text: "eggs", confidence: 95 },
        ],
      },
    ]);
    expect(read).toEqual({ text: "2 eggs", unsure: [] });
  });

  it("reads tesseract.js's blocks, a paragraph's end a blank line", () => {
    const blocks = [
      {
        paragraphs: [
          { lines: [{ words: [{ text: "Scones", confidence: 90 }] }] },
          {
            lines: [
              { words: [{ text: "Ingredients", confidence: 91 }] },
              {
                words: [
                  { text: "2", confidence: 60 },
                  { text: "eggs", confidence: 95 },
                ],
              },
            ],
          },
        ],
      },
    ];
    const read = readOcrLines(ocrLinesOf(blocks)!);
    expect(read.text).toBe("Scones\n\nIngredients\n2 eggs");
    expect(read.unsure).toEqual([
      { text: "2 eggs", read: "2 eggs", confidence: 60, reason: "amount_unsure" },
    ]);
    expect(ocrLinesOf(null)).toBeNull();
  });

  it("drops the direction marks tesseract puts around a right-to-left word (an Urdu card's)", () => {
    const words = ["1", "\u200fکپ\u200e", "میدہ", "\u200e\u200f"].map((text) => ({ text, confidence: 80 }));
    const read = readOcrLines(ocrLinesOf([{ paragraphs: [{ lines: [{ words }] }] }])!);
    expect(read.text).toBe("1 کپ میدہ");
  });
});

// A line with its place in the image: from x, `px` a character and a space (a title's are wider).
const placed = (text: string, y: number, px = 20, height = 30): OcrLine => {
  const x = 100;
  let at = x;
  const ws = text.split(" ");
  const wordBoxes = ws.map((w) => {
    const b = { x0: at, x1: at + w.length * px };
    at = b.x1 + px;
    return b;
  });
  return {
    words: ws.map((w) => ({ text: w, confidence: 95 })),
    paragraphEnd: true,
    box: { x0: x, x1: wordBoxes[wordBoxes.length - 1]!.x1, y0: y, y1: y + height },
    wordBoxes,
  };
};

describe("text recognition's lines as the card printed them", () => {
  it("joins a line wrapped at the text's edge, and keeps apart lines ended with room to spare", () => {
    const read = readOcrLines([
      placed("SKILLET-ROASTED BRUSSELS SPROUTS", 0, 28, 45),
      placed("WITH MAPLE SYRUP", 60, 28, 45),
      placed("Ingredients", 120),
      placed("1 pound small brussels sprouts, trimmed and", 160),
      placed("halved", 200),
      placed("5 tablespoons olive oil", 240),
      placed("Salt", 280),
    ]);
    expect(read.text.split("\n").filter(Boolean)).toEqual([
      "SKILLET-ROASTED BRUSSELS SPROUTS WITH MAPLE SYRUP",
      "Ingredients",
      "1 pound small brussels sprouts, trimmed and halved",
      "5 tablespoons olive oil",
      "Salt",
    ]);
  });

  it("joins an item's rest set under its text (a hanging indent), not a line at the list's mark", () => {
    // The rest starts where the item's text did, past its mark: "to your taste".
    const under = (l: OcrLine, dx: number): OcrLine => ({
      ...l,
      box: { ...l.box!, x0: l.box!.x0 + dx, x1: l.box!.x1 + dx },
      wordBoxes: l.wordBoxes!.map((b) => ({ x0: b.x0 + dx, x1: b.x1 + dx })),
    });
    const read = readOcrLines([
      placed("Ingredients", 0),
      placed("« 1/2 vanilla bean or 1 teaspoon vanilla extract, more or less", 40),
      under(placed("to your taste", 90), 40),
      placed("« 2 cups cocoa nibs", 130),
      placed("sugar to dust", 170),
      placed("Method", 230),
      placed("Preheat the oven to 180 C and line a baking tray with paper, then melt the chocolate.", 270),
    ]);
    expect(read.text.split("\n").filter(Boolean)).toEqual([
      "Ingredients",
      "1/2 vanilla bean or 1 teaspoon vanilla extract, more or less to your taste",
      "2 cups cocoa nibs",
      "sugar to dust",
      "Method",
      "Preheat the oven to 180 C and line a baking tray with paper, then melt the chocolate.",
    ]);
  });

  it("joins a short last line whose box is lower (no descender), never a line of smaller print", () => {
    const read = readOcrLines([
      { ...placed("500 g pasta, fried eggs, garlic rubbed", 0, 20, 37), paragraphEnd: false },
      placed("toast", 45, 20, 23),
      placed("2 eggs", 90, 20, 30),
      // A long line, then a heading of its own paragraph in the same print, lower: kept apart.
      { ...placed("Make sure the butter is cool", 110, 20, 45) },
      placed("Directions", 160, 20, 30),
      placed("SKILLET ROASTED", 240, 40, 60),
      placed("Serves 4", 310, 20, 30),
    ]);
    expect(read.text.split("\n").filter(Boolean)).toEqual([
      "500 g pasta, fried eggs, garlic rubbed toast",
      "2 eggs",
      "Make sure the butter is cool",
      "Directions",
      "SKILLET ROASTED",
      "Serves 4",
    ]);
  });

  it("flags an amount read with middling confidence or not read as one (a printed ½ read as %, Y)", () => {
    const read = readOcrLines([
      { words: [{ text: "1", confidence: 80 }, ...line("tbsp dried oregano").words] },
      line("% cup milk", 95),
      line("Y tablespoon ground ginger", 95),
      line("2 % cups oats", 95),
      line("» cup brown sugar", 95),
      line("2 eggs", 95),
    ]);
    expect(read.unsure.map((u) => u.text)).toEqual([
      "1 tbsp dried oregano",
      "% cup milk",
      "Y tablespoon ground ginger",
      "2 % cups oats",
      "cup brown sugar",
    ]);
  });

  it("reads a card's details apart where their dot was read as a dash, and a bullet glued to a word", () => {
    const read = readOcrLines([
      line("Scones", 95, true),
      line("Serves 8 - Prep 20 min - Cook 45 min", 95, true),
      line("Ingredients", 96, true),
      line("«sea salt, to season"),
      line("2 cups flour", 96, true),
      line("Method", 95, true),
      line("Bake the scones until golden.", 95, true),
    ]);
    expect(read.text.split("\n")[2]).toBe("Serves 8 · Prep 20 min · Cook 45 min");
    const r = extractRecipe({ html: textToHtml(read.text), url: "https://import.invalid/image/1" });
    if (!r.ok) throw new Error(r.message);
    expect([r.recipe.prepTimeMinutes, r.recipe.cookTimeMinutes, r.recipe.servings]).toEqual([20, 45, 8]);
    expect(r.recipe.ingredients.map((i) => i.text)).toEqual(["sea salt, to season", "2 cups flour"]);
  });
});

describe("letters the English model has not", () => {
  it("reads an 'ñ' read as 'ii' between vowels, never a word's own 'ii'", () => {
    expect(cleanOcrLine("Keto Jalapeiio Popper Casserole").text).toBe("Keto Jalapeño Popper Casserole");
    expect(cleanOcrLine("4 ounces diced jalapeiios (drained)").text).toBe(
      "4 ounces diced jalapeños (drained)",
    );
    expect(cleanOcrLine("Hawaiian rolls, skiing snacks").text).toBe("Hawaiian rolls, skiing snacks");
  });
});

describe("a card's details read apart", () => {
  it("reads a detail's dot read as two marks ('+:', '-.') as the dot it was", () => {
    const read = readOcrLines([
      line("Meatloaf", 95, true),
      line("Serves 4 · Prep 40 min +: Cook 45 min", 95, true),
      line("Serves 6 -. Bake 30 min", 95, true),
    ]);
    expect(read.text.split("\n").filter(Boolean).slice(1)).toEqual([
      "Serves 4 · Prep 40 min · Cook 45 min",
      "Serves 6 · Bake 30 min",
    ]);
  });
});

describe("a photo's lines, paragraphs and letters as printed", () => {
  // A line at a height, its letters 20 px tall, reaching the text's edge (x1 900) or not.
  const at = (text: string, y: number, x1: number): OcrLine => ({
    words: text.split(" ").map((w) => ({ text: w, confidence: 95 })),
    paragraphEnd: false,
    box: { x0: 100, x1, y0: y, y1: y + 24 },
    wordBoxes: text.split(" ").map((w, i, all) => {
      const step = (x1 - 100) / all.length;
      return { x0: 100 + i * step, x1: 100 + i * step + step * 0.8 };
    }),
    textHeight: 20,
  });

  it("parts paragraphs where the lines stand wider apart than usual, and keeps a step's label apart", () => {
    const read = readOcrLines([
      at("Heat the oven and grease a loaf tin, then line", 0, 900),
      at("it with paper and set it aside for later on.", 30, 600),
      at("Rub the butter into the flour with your fingertips", 60, 900),
      // A wider space: the next step, set as a paragraph.
      at("Stir in the milk and bake for twelve minutes.", 120, 860),
      at("Step 3", 150, 200),
      at("Leave to cool on a rack before serving it.", 180, 840),
    ]);
    expect(read.text.split("\n")).toEqual([
      "Heat the oven and grease a loaf tin, then line it with paper and set it aside for later on.",
      // Ended short before a line that runs to the edge (shortLineEnds.ts).
      "",
      "Rub the butter into the flour with your fingertips",
      "",
      "Stir in the milk and bake for twelve minutes.",
      "Step 3",
      "Leave to cool on a rack before serving it.",
    ]);
  });

  it("joins a wrapped last word on a tilted photo, whose lines lower down end farther right", () => {
    // Tilted by about 2°: each line's words climb 0.036 px a pixel to the right, and the text's
    // right edge moves right 0.036 px a pixel down the page (3,000 px lower, 108 px farther).
    // Letters 16 px wide, a line starting farther right the lower it stands.
    const tilted = (text: string, y: number): OcrLine => {
      const ws = text.split(" ");
      const start = 100 + 0.036 * y;
      let x = start;
      const boxes = ws.map((w) => {
        const dy = -0.036 * (x - start);
        const box = { x0: x, x1: x + 16 * w.length, y0: y + dy, y1: y + dy + 20 };
        x = box.x1 + 16;
        return box;
      });
      const x1 = boxes[boxes.length - 1]!.x1;
      return {
        words: ws.map((w) => ({ text: w, confidence: 95 })),
        paragraphEnd: false,
        box: { x0: start, x1, y0: y - 0.036 * (x1 - start), y1: y + 20 },
        wordBoxes: boxes,
        textHeight: 20,
      };
    };
    const read = readOcrLines([
      tilted("Cook the rice in a pot over the stove, or in a rice", 0),
      tilted("cooker. Once it is cooked, gather all the", 30),
      tilted("ingredients.", 60),
      tilted("To Season the Rice", 100),
      tilted("Combine the soy sauce and the sugar in a small bowl", 3000),
      tilted("and microwave until the mixture is hot, then whisk.", 3030),
    ]);
    expect(read.text.split("\n").slice(0, 2)).toEqual([
      "Cook the rice in a pot over the stove, or in a rice cooker. Once it is cooked, gather all the ingredients.",
      "To Season the Rice",
    ]);
  });

  it("reads a unit's letters misread as digits or marks, and says so where the amount may differ", () => {
    expect(cleanOcrLine("1 1b ground beef")).toEqual({ text: "1 lb ground beef", corrected: false });
    expect(cleanOcrLine("1 cup (8 fl. 0z./250 ml) boiling water").text).toBe(
      "1 cup (8 fl. oz./250 ml) boiling water",
    );
    expect(cleanOcrLine("2 cups (11b./500 g) sugar")).toEqual({
      text: "2 cups (1 lb./500 g) sugar",
      corrected: true,
    });
    expect(cleanOcrLine("cheese, | like to use a mild one").text).toBe("cheese, I like to use a mild one");
  });

  it("flags a line whose amount was read again from the picture, with what tesseract read", () => {
    const read = readOcrLines([
      { words: [{ text: "½", confidence: 40, read: "%" }, ...line("cup milk").words] },
    ]);
    expect(read.text).toBe("½ cup milk");
    expect(read.unsure).toEqual([
      { text: "½ cup milk", read: "% cup milk", confidence: 40, reason: "amount_corrected" },
    ]);
  });
});

describe("an amount the reading may have changed is the cook's to check", () => {
  it("flags it as an amount to check, whatever the line's confidence", () => {
    const read = readOcrLines([line("y teaspoon table salt", 95), line("2 cups flour", 95)]);
    expect(read.unsure).toEqual([
      {
        text: "y teaspoon table salt",
        read: "y teaspoon table salt",
        confidence: 95,
        reason: "amount_unsure",
      },
    ]);
  });

  it("names each of two lines read alike, in order", () => {
    const read = readOcrLines([
      line("Y teaspoon table salt", 95),
      line("2 cups flour", 95),
      line("Y teaspoon table salt", 95),
    ]);
    const recipe = {
      ingredients: ["Y teaspoon table salt", "2 cups flour", "Y teaspoon table salt"].map((text) => ({
        text,
      })),
      instructions: [],
    } as never;
    expect(linesToCheck(recipe, read.unsure).map((c) => [c.index, c.reason])).toEqual([
      [0, "amount_unsure"],
      [2, "amount_unsure"],
    ]);
  });

  it("gives one note a line, the amount's over a hard reading", () => {
    const recipe = {
      ingredients: [],
      instructions: [
        { text: "Cut the butter into %-inch cubes and rub it into the flour until it looks like crumbs." },
      ],
    } as never;
    const checks = linesToCheck(recipe, [
      { text: "Cut the butter into", read: "Cut the butter into", confidence: 50, reason: "low_confidence" },
      {
        text: "%-inch cubes and rub it",
        read: "%-inch cubes and rub it",
        confidence: 90,
        reason: "amount_unsure",
      },
      {
        text: "until it looks like crumbs.",
        read: "until it looks like crumbs.",
        confidence: 60,
        reason: "low_confidence",
      },
    ]);
    expect(checks.map((c) => [c.index, c.reason])).toEqual([[0, "amount_unsure"]]);
  });
});

describe("checkWarning", () => {
  it("says which line to check, in words", () => {
    expect(
      checkWarning({
        field: "ingredients",
        index: 0,
        text: "1 1/2 cups plain flour",
        read: "11/2 cups plain flour",
        confidence: 88,
        reason: "amount_corrected",
      }),
    ).toBe("Check the amount of ingredient 1 against the original: it was read as “11/2 cups plain flour”.");
    expect(
      checkWarning({
        field: "ingredients",
        index: 2,
        text: "y teaspoon salt",
        read: "y teaspoon salt",
        confidence: 91,
        reason: "amount_unsure",
      }),
    ).toBe("Check the amount of ingredient 3 against the original: it was read as “y teaspoon salt”.");
  });
  it("gives back a space lost before a capitalised word, never an ordinal's", () => {
    expect(cleanOcrLine("3Eggs").text).toBe("3 Eggs");
    expect(cleanOcrLine("1Tbsp Ghee")).toEqual({ text: "1 Tbsp Ghee", corrected: false });
    for (const l of ["200G flour", "1st layer of pasta", "2nd batch", "20ML milk"])
      expect(cleanOcrLine(l)).toEqual({ text: l, corrected: false });
  });

  it("reads a bar as 'I' at a line's end after a word and after a sentence's end", () => {
    expect(cleanOcrLine("the mild sauce that |").text).toBe("the mild sauce that I");
    expect(cleanOcrLine("in recipes. | recommend feeding it").text).toBe(
      "in recipes. I recommend feeding it",
    );
    // A bar that opens a line may be a list mark: not a word.
    expect(cleanOcrLine("| recommend").text).toBe("| recommend");
  });

  it("reads a '1' read as 'l' or 'I' before a unit as the one it was, and says so", () => {
    expect(cleanOcrLine("l cup milk")).toEqual({ text: "1 cup milk", corrected: true });
    expect(cleanOcrLine("lcup milk")).toEqual({ text: "1 cup milk", corrected: true });
    expect(cleanOcrLine("Itsp salt")).toEqual({ text: "1 tsp salt", corrected: true });
    expect(cleanOcrLine("I tablespoon oil")).toEqual({ text: "1 tablespoon oil", corrected: true });
    // Words that begin so stay.
    for (const l of ["lemon juice", "I like it", "lcing sugar", "leeks, sliced"])
      expect(cleanOcrLine(l).corrected).toBe(false);
  });

  it("a '1' read as 'l' glued to the next word, read unsurely, is flagged; a sure word stays", () => {
    const read = readOcrLines([
      { words: [{ text: "legg", confidence: 60 }] },
      { words: [{ text: "lemons", confidence: 93 }] },
    ]);
    expect(read.unsure.map((u) => u.reason)).toEqual(["amount_unsure"]);
  });

  it("keeps a list's 'name - amount' style where the spaces around the dash were lost", () => {
    const read = readOcrLines([
      line("échalote -1"),
      line("beurre - 20 grammes"),
      line("courgette-1"),
      line("sel-1 cuillère à café"),
      line("riz - 250 grammes"),
    ]);
    expect(read.text.split("\n")).toEqual([
      "échalote - 1",
      "beurre - 20 grammes",
      "courgette - 1",
      "sel - 1 cuillère à café",
      "riz - 250 grammes",
    ]);
    // A name with a number of its own, in a list without that style, stays.
    expect(readOcrLines([line("2 omega-3 eggs"), line("1 cup milk")]).text).toBe(
      "2 omega-3 eggs\n1 cup milk",
    );
  });
  it("parts a unit run on into the name ('½ tspsalt'), spacing only", () => {
    expect(cleanOcrLine("½ tspsalt")).toEqual({ text: "½ tsp salt", corrected: false });
    expect(cleanOcrLine("1 tbspsugar").text).toBe("1 tbsp sugar");
    expect(cleanOcrLine("1 tsp salt").text).toBe("1 tsp salt");
  });
  it("reads a '1' read as 'l' run on into a word the recipe writes elsewhere ('legg', 'the egg') as one, and says so", () => {
    const read = readOcrLines([line("legg", 82), line("1 cup milk"), line("Beat the egg with the milk.")]);
    expect(read.text.split("\n")[0]).toBe("1 egg");
    expect(read.unsure[0]).toMatchObject({ text: "1 egg", read: "legg", reason: "amount_corrected" });
    // A word the recipe writes as read stays ("lemons" twice; "emons" nowhere).
    const kept = readOcrLines([line("lemons", 80), line("Squeeze the lemons.")]);
    expect(kept.text.split("\n")[0]).toBe("lemons");
  });
});
