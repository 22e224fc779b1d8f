import { describe, expect, it } from "vitest";
import { cleanOcrLine, readOcrLines, type OcrLine } from "./ocrText.ts";

// Lines as tesseract gives them: words with their confidences, a paragraph's last line ending it.
const ocr = (...texts: string[]): OcrLine[] =>
  texts.map((t) => ({ words: t.split(" ").map((w) => ({ text: w, confidence: 93 })), paragraphEnd: true }));
const text = (...lines: string[]) =>
  readOcrLines(ocr(...lines))
    .text.split("\n")
    .filter(Boolean);

describe("photographed recipes: a cup's 'c' run on into the name", () => {
  it("parts '1.5 cred lentils' where the text writes 'c' as a unit and the name elsewhere", () => {
    expect(text("Red Lentil Curry", "1 c vegetable broth", "1.5 cred lentils")).toEqual([
      "Red Lentil Curry",
      "1 c vegetable broth",
      "1.5 c red lentils",
    ]);
    // No "c" written as a unit, or a word the text writes: as read.
    expect(text("Red Lentil Curry", "1 cup broth", "1.5 cred lentils").at(-1)).toBe("1.5 cred lentils");
    expect(text("1 c broth", "2 cloves garlic", "Crush the cloves.")).toContain("2 cloves garlic");
  });
});

describe("photographed recipes: a metric unit's space lost, in capitals or after a range", () => {
  it("sets 'EL' and 'dl' apart where the text sets its units apart, after a range too", () => {
    expect(
      text("150 g Reis", "3 EL Püree", "1dl Wein", "3,5 - 4 dl Bouillon", "2 EL Oregano", "2-3EL Sbrinz"),
    ).toEqual([
      "150 g Reis",
      "3 EL Püree",
      "1 dl Wein",
      "3,5 - 4 dl Bouillon",
      "2 EL Oregano",
      "2 - 3 EL Sbrinz",
    ]);
    // A cook who writes half of them run on keeps them as written.
    expect(text("150 g Reis", "3 EL Püree", "1dl Wein", "2dl Milch").at(-1)).toBe("2dl Milch");
  });
});

// Lines set on a page 1000 px wide, 40 px apart, each line's words spread from x 100 to its end.
const page = (...lines: [string, number][]): OcrLine[] =>
  lines.map(([t, x1], i) => {
    const ws = t.split(" ");
    const step = (x1 - 100) / ws.length;
    return {
      words: ws.map((w) => ({ text: w, confidence: 93 })),
      box: { x0: 100, x1, y0: 40 * i, y1: 40 * i + 24 },
      wordBoxes: ws.map((_, k) => ({
        x0: 100 + k * step,
        x1: 100 + (k + 1) * step - 8,
        y0: 40 * i,
        y1: 40 * i + 24,
      })),
      textHeight: 24,
    };
  });

describe("photographed recipes: a group's heading after a line that met the edge", () => {
  it("keeps 'Topping:' a line of its own, not the rest of the line before", () => {
    const lines = readOcrLines(
      page(
        ["1 1/2 teaspoons pure vanilla extract", 600],
        ["generous 1/2 cup semisweet or bittersweet chocolate chips", 1000],
        ["Topping:", 260],
        ["1/4 cup unsweetened cocoa powder", 640],
      ),
    ).text.split("\n");
    expect(lines.filter(Boolean)).toEqual([
      "1 1/2 teaspoons pure vanilla extract",
      "generous 1/2 cup semisweet or bittersweet chocolate chips",
      "Topping:",
      "1/4 cup unsweetened cocoa powder",
    ]);
    // A wrapped rest in lower case that ends with a colon is still the line's rest.
    const rest = readOcrLines(
      page(["In a large bowl, whisk together the flour, sugar, cocoa and", 1000], ["the following:", 300]),
    );
    expect(rest.text).toBe("In a large bowl, whisk together the flour, sugar, cocoa and the following:");
  });
});

describe("photographed recipes: letters of a spoon read as others", () => {
  it("reads 'Thsp' and 'tbhsp' as tbsp", () => {
    expect(text("4 Thsp unsalted butter", "3 tbhsp mayo")).toEqual(["4 Tbsp unsalted butter", "3 tbsp mayo"]);
  });
});

describe("photographed recipes: a longer group heading after a line that met the edge", () => {
  it("keeps 'For the yoghurt and ouzo dressing:' a line of its own", () => {
    const lines = readOcrLines(
      page(
        ["pita bread, pickled peppers and baby Greek basil, to serve and more", 1000],
        ["For the yoghurt and ouzo dressing:", 560],
      ),
    ).text.split("\n");
    expect(lines.filter(Boolean)).toHaveLength(2);
  });
});

describe("photographed recipes: millilitres read as 'mi'", () => {
  it("reads '20 mi verjus' and '20 mI Wasser' with ml; a word 'mi' elsewhere stays", () => {
    expect(text("20 mi Verjus sauer", "20 mI Wasser")).toEqual(["20 ml Verjus sauer", "20 ml Wasser"]);
    expect(text("Mi piace la pasta.")).toEqual(["Mi piace la pasta."]);
  });
});

describe("photographed recipes: a mixed number's spaces lost", () => {
  it("parts a fraction run on into its unit after the whole number ('1 1/2cups flour')", () => {
    expect(cleanOcrLine("1 1/2cups plain flour")).toEqual({
      text: "1 1/2 cups plain flour",
      corrected: false,
    });
    expect(cleanOcrLine("2 1/4tsp salt").text).toBe("2 1/4 tsp salt");
    // A metric unit written on to its amount is as the cook wrote it.
    expect(cleanOcrLine("1 1/2kg potatoes").text).toBe("1 1/2kg potatoes");
  });

  it("gives back the space between a count and its can's ounces ('115 oz. can' for '1 15 oz. can'), and says so", () => {
    expect(cleanOcrLine("115 oz. can black beans, drained")).toEqual({
      text: "1 15 oz. can black beans, drained",
      corrected: true,
    });
    expect(cleanOcrLine("214.5 oz cans diced tomatoes").text).toBe("2 14.5 oz cans diced tomatoes");
    // A can's ounces as written, and ounces with no container, stay.
    expect(cleanOcrLine("1 15 oz. can black beans").text).toBe("1 15 oz. can black beans");
    expect(cleanOcrLine("15 oz. can black beans").text).toBe("15 oz. can black beans");
    expect(cleanOcrLine("112 oz. flour")).toEqual({ text: "112 oz. flour", corrected: false });
    const read = readOcrLines(ocr("115 oz. can chickpeas", "1 tsp cumin"));
    expect(read.unsure[0]).toMatchObject({ text: "1 15 oz. can chickpeas", reason: "amount_corrected" });
  });
});

describe("photographed recipes: a '1' read as a letter", () => {
  it("reads 'l Tbsp' and 'lTbsp' as one tablespoon, and says so", () => {
    expect(cleanOcrLine("l Tbsp butter")).toEqual({ text: "1 Tbsp butter", corrected: true });
    expect(cleanOcrLine("ITsp salt")).toEqual({ text: "1 Tsp salt", corrected: true });
  });

  it("reads a '1' run on into a word followed by a comma ('lonion, diced') where the text writes the word", () => {
    const read = readOcrLines(ocr("lonion, diced", "2 carrots", "Fry the onion."));
    expect(read.text.split("\n").filter(Boolean)[0]).toBe("1 onion, diced");
    expect(read.unsure[0]).toMatchObject({ text: "1 onion, diced", reason: "amount_corrected" });
  });
});

describe("photographed recipes: a metric unit's space lost in nearly half the lines", () => {
  it("sets '28g' apart where the text sets more lines apart than run on ('100 g', '24 g', '300 g', '100 g')", () => {
    expect(
      text(
        "28g (2 tbsp) butter",
        "1 large egg",
        "100 g (1/2 cup) starter",
        "24 g sugar",
        "300 g flour",
        "5g salt",
        "28g butter",
        "100 g sugar",
      ),
    ).toEqual([
      "28 g (2 tbsp) butter",
      "1 large egg",
      "100 g (1/2 cup) starter",
      "24 g sugar",
      "300 g flour",
      "5 g salt",
      "28 g butter",
      "100 g sugar",
    ]);
    // As many run on as apart: the cook's own way, as read.
    expect(text("28g butter", "5g salt", "10g yeast", "100 g sugar", "24 g oil", "300 g flour")[0]).toBe(
      "28g butter",
    );
  });
});

describe("photographed recipes: an oven's degree sign read as a quote", () => {
  it("reads '350\"' before a word, a bracket, a slash or a sentence's end as degrees", () => {
    expect(cleanOcrLine('Preheat the oven to 350" and grease a pan.').text).toBe(
      "Preheat the oven to 350° and grease a pan.",
    );
    expect(cleanOcrLine('Heat the oven to 350" (180°C).').text).toBe("Heat the oven to 350° (180°C).");
    expect(cleanOcrLine('Oven at 350"/180°C').text).toBe("Oven at 350°/180°C");
    // Read as a curly quote too ("på 120” (brug et termometer)").
    expect(cleanOcrLine("temperaturen er på 120” (brug et termometer)").text).toBe(
      "temperaturen er på 120° (brug et termometer)",
    );
    expect(cleanOcrLine('Preheat the oven to 350". Grease a pan.').text).toBe(
      "Preheat the oven to 350°. Grease a pan.",
    );
    // Not an amount: the line is not said.
    expect(cleanOcrLine('Preheat the oven to 350".').corrected).toBe(false);
  });

  it("keeps inch marks and a writer's own '350\"F'", () => {
    expect(cleanOcrLine('Preheat the oven to 350"F.').text).toBe('Preheat the oven to 350"F.');
    expect(cleanOcrLine('Cut into 12" rounds.').text).toBe('Cut into 12" rounds.');
    expect(cleanOcrLine('Use a 9" x 13" pan.').text).toBe('Use a 9" x 13" pan.');
  });
});

describe("photographed recipes: fluid ounces' 'oz' read as '02'", () => {
  it("reads 'fl. 02' as 'fl. oz', the amount as read and the line not said", () => {
    expect(cleanOcrLine("1 1/2 cups (12 fl. 02/375 ml) buttermilk")).toEqual({
      text: "1 1/2 cups (12 fl. oz/375 ml) buttermilk",
      corrected: false,
    });
    expect(cleanOcrLine("2 cups (16 fl 02) water").text).toBe("2 cups (16 fl oz) water");
  });
});
