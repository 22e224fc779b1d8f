import { describe, expect, it } from "vitest";
import { extractRecipe } from "./extractRecipe.ts";
import { amountDoubt, amountWordsInDoubt } from "./amountDoubt.ts";
import { cleanOcrLine, readOcrLines, type OcrLine } from "./ocrText.ts";
import { textToHtml } from "./textRecipe.ts";

// The classes of photographed recipes left after the OCR fixes (issue 50), each on a minimal text as
// the OCR gives it back: what a cook reads on the card must come out of the import the same.

const read = (text: string) => {
  const r = extractRecipe({ html: textToHtml(text), url: "https://import.invalid/photo/1" });
  if (!r.ok) throw new Error(r.message);
  return {
    ingredients: r.recipe.ingredients.map((i) => i.text),
    steps: r.recipe.instructions.map((s) => s.text),
  };
};

describe("photographed recipes", () => {
  it("keeps a list group whose first item is a long line (a wrapped line joined back)", () => {
    const long =
      "1 cup homemade chicken stock, or use a good quality store-bought low sodium stock, warmed through gently in a small saucepan first";
    const card = (item: string) =>
      `Lemon Chicken\n\nIngredients\nFor the chicken:\n- 2 chicken breasts\n- 1 tsp salt\nFor the sauce:\n- ${item}\n- 2 tbsp lemon juice\n- 1 tbsp butter\n\nMethod\n1. Season the chicken with the salt and leave it for ten minutes.\n2. Fry the chicken until golden, then add the sauce and simmer.\n`;
    const r = read(card(long));
    // Read as the same card with a short line there is: the sauce's group stays whole.
    const short = read(card("1 cup stock")).ingredients;
    expect(r.ingredients).toEqual(short.map((l) => (l === "1 cup stock" ? long : l)));
    expect(r.ingredients).toContain("1 tbsp butter");
    expect(r.steps).toHaveLength(2);
  });
});

// Lines as tesseract gives them: words with their confidences, a paragraph's last line ending it.
const ocr = (...texts: string[]): OcrLine[] =>
  texts.map((t) => ({ words: t.split(" ").map((w) => ({ text: w, confidence: 93 })), paragraphEnd: true }));

describe("photographed recipes: spaces and marks the reading lost", () => {
  it("gives a step's number its space back where the reading lost it ('11.Ajouter')", () => {
    expect(cleanOcrLine("11.Ajouter 1 jaune d'oeuf.").text).toBe("11. Ajouter 1 jaune d'oeuf.");
    // An amount with decimals is no step's number.
    expect(cleanOcrLine("1.5 cm du bord").text).toBe("1.5 cm du bord");
  });

  it("gives a numbered step its dot back between the steps around it ('22 Recouvrir')", () => {
    const text = readOcrLines(
      ocr("21. Humidifier le bord.", "22 Recouvrir avec le cercle.", "23. Mettre au four."),
    ).text;
    expect(text.split("\n").filter(Boolean)).toEqual([
      "21. Humidifier le bord.",
      "22. Recouvrir avec le cercle.",
      "23. Mettre au four.",
    ]);
    // An ingredient list's amounts are no step numbers.
    expect(readOcrLines(ocr("1. Beat the eggs.", "2 Eggs, beaten")).text).toContain("2 Eggs, beaten");
  });

  it("parts a metric unit run on into a name the text writes elsewhere ('50 cllait', '50ggær')", () => {
    const fr = readOcrLines(ocr("50 cllait", "3 jaunes", "Faire chauffer le lait.")).text;
    expect(fr.split("\n").filter(Boolean)[0]).toBe("50 cl lait");
    const da = readOcrLines(ocr("50ggær", "Opløs gær i vand.")).text;
    expect(da.split("\n").filter(Boolean)[0]).toBe("50 g gær");
    const es = readOcrLines(ocr("250 grde harina", "Mezcla la harina de trigo.")).text;
    expect(es.split("\n").filter(Boolean)[0]).toBe("250 gr de harina");
    // A name that opens with a unit's letters stays whole ("2 garlic", "2 large").
    const en = readOcrLines(ocr("2 garlic cloves", "2 large eggs", "Add the garlic and the eggs.")).text;
    expect(en.split("\n").filter(Boolean).slice(0, 2)).toEqual(["2 garlic cloves", "2 large eggs"]);
  });

  it("reads the article l' read as a capital I as l' ('Rapez I'emmental'), English's I'm and I'll kept", () => {
    expect(cleanOcrLine("Rapez I'emmental et disposez-le.").text).toBe("Rapez l'emmental et disposez-le.");
    expect(cleanOcrLine("Gratinée a I’emmental").text).toBe("Gratinée a l’emmental");
    expect(cleanOcrLine("I'm sure I'll make it again, as I've said.").text).toBe(
      "I'm sure I'll make it again, as I've said.",
    );
  });

  it("gives a fraction's amount its space back before its unit ('1/4tsp black pepper')", () => {
    expect(cleanOcrLine("1/4tsp black pepper").text).toBe("1/4 tsp black pepper");
  });
});

// Lines set on a page 1000 px wide: each line's words spread from x 100 to its end, 40 px apart
// down the page, so a line that ends near 1000 met the edge.
const page = (...lines: [string, number][]): OcrLine[] =>
  lines.map(([t, x1], i) => {
    const ws = t.split(" ");
    const step = (x1 - 100) / ws.length;
    const wordBoxes = ws.map((_, k) => ({
      x0: 100 + k * step,
      x1: 100 + (k + 1) * step - 8,
      y0: 40 * i,
      y1: 40 * i + 24,
    }));
    return {
      words: ws.map((w) => ({ text: w, confidence: 93 })),
      box: { x0: 100, x1, y0: 40 * i, y1: 40 * i + 24 },
      wordBoxes,
      textHeight: 24,
    };
  });

describe("photographed recipes: a line wrapped at the edge that opens with a number or a parenthesis", () => {
  it("joins the rest of a parenthesis the line before left open, or one closed it never opened", () => {
    const lines = readOcrLines(
      page(
        ["1 large red, yellow, or orange bell pepper (cut into 1/4-inch dice", 1000],
        ["(about 1 1/4 cups))", 300],
        ["400 g pork belly rashers, skin cut off, cut into pieces (about 2 cm/", 995],
        ["3/4 inch)", 220],
        ["2 eggs", 180],
        ["1 cup heavy cream, whipped to soft peaks with a little of the sugar", 998],
        ["2 tbsp sugar", 300],
      ),
    ).text.split("\n");
    expect(lines.filter(Boolean)).toEqual([
      "1 large red, yellow, or orange bell pepper (cut into 1/4-inch dice (about 1 1/4 cups))",
      "400 g pork belly rashers, skin cut off, cut into pieces (about 2 cm/ 3/4 inch)",
      "2 eggs",
      "1 cup heavy cream, whipped to soft peaks with a little of the sugar",
      "2 tbsp sugar",
    ]);
  });

  it("joins a step's sentence that goes on with an amount ('…rice in' then '1 2/3 cups water')", () => {
    const lines = readOcrLines(
      page(
        ["Please note that you can also cook 1 1/2 cups of uncooked short-grain rice in", 990],
        ["1 2/3 cups water to yield 4 cups of cooked rice.", 700],
        ["2. Cook the rice in a rice cooker or in a pot over the stove until it is tender and", 1000],
        ["3. Season the rice.", 400],
      ),
    ).text.split("\n");
    expect(lines.filter(Boolean)).toEqual([
      "Please note that you can also cook 1 1/2 cups of uncooked short-grain rice in 1 2/3 cups water to yield 4 cups of cooked rice.",
      "2. Cook the rice in a rice cooker or in a pot over the stove until it is tender and",
      "3. Season the rice.",
    ]);
  });
});

describe("photographed recipes: a mixed number read as one whole number", () => {
  const words = (t: string) => t.split(" ").map((text) => ({ text, confidence: 93 }));
  it("reads again from the picture, and flags, '124 cups water' inside a step (a printed 1⅔)", () => {
    const step = words("of uncooked rice in 124 cups water (400 ml).");
    expect(amountWordsInDoubt(step)).toEqual([4]);
    expect(amountDoubt(step)).toBe(true);
    // Hundreds of grams or degrees are as written.
    expect(amountDoubt(words("Bake at 180 degrees with 250 g flour for 1 hour."))).toBe(false);
    expect(amountWordsInDoubt(words("120 ml milk, warmed"))).toEqual([]);
  });

  it("reads again a fraction before a time that closes a parenthesis and the sentence, or before an 'in' set on", () => {
    // "(check the beef after 2½ hours)." and "(2in x 2¾in)." as tesseract read them.
    expect(amountWordsInDoubt(words("tender (check the beef after 2% hours)."))).toEqual([5]);
    expect(amountWordsInDoubt(words("roughly 5cm x 7cm (2in x 2%in). Season well."))).toEqual([6]);
    // A percentage stays: "2% milk", "in 2% in all" is no inch.
    expect(amountWordsInDoubt(words("Add 2% milk and stir."))).toEqual([]);
    expect(amountWordsInDoubt(words("the fat is 20% in all."))).toEqual([]);
  });

  it("reads again a fraction read as a mark and a digit wherever it stands ('about %5 of each cup' for '⅔')", () => {
    expect(amountWordsInDoubt(words("Spoon batter into tins, filling about %5 of each cup."))).toEqual([6]);
    // A percentage written on to its number stays ("5%", "5%.").
    expect(amountWordsInDoubt(words("Use yogurt with about 5%. Stir well."))).toEqual([]);
  });
});

describe("photographed recipes: letters read as others", () => {
  const text = (...lines: string[]) =>
    readOcrLines(ocr(...lines))
      .text.split("\n")
      .filter(Boolean);
  it("gives back 'rn' read as 'm' where the text writes the word with 'rn' elsewhere", () => {
    expect(text("Garnish:", "Basil leaves", "9. Gamish with basil leaves.").at(-1)).toBe(
      "9. Garnish with basil leaves.",
    );
    // A word the text writes with its "m" stays ("corn" and "com" apart).
    expect(text("2 cups corn", "Warm the milk.", "Warm the corn.")).toContain("Warm the milk.");
  });

  it("reads 'thsp' as tbsp, an 'l' read as '!' inside a sentence, and a bar after a colon as 'I'", () => {
    expect(cleanOcrLine("combine 3 thsp soy sauce").text).toBe("combine 3 tbsp soy sauce");
    expect(cleanOcrLine("in a bow! or large cup").text).toBe("in a bowl or large cup");
    expect(cleanOcrLine("Serve hot! Enjoy.").text).toBe("Serve hot! Enjoy.");
    expect(cleanOcrLine("tip: | pour the water").text).toBe("tip: I pour the water");
  });

  it("sets a metric unit apart from its amount where the text sets it apart everywhere else", () => {
    expect(text("200 g farine", "100 g beurre", "80g sucre", "50 g lait", "1 pincée sel")).toEqual([
      "200 g farine",
      "100 g beurre",
      "80 g sucre",
      "50 g lait",
      "1 pincée sel",
    ]);
    // A cook who writes "200g" keeps it.
    expect(text("200g flour", "100g butter", "80g sugar")).toEqual([
      "200g flour",
      "100g butter",
      "80g sugar",
    ]);
  });

  it("joins the rest of an open parenthesis it closes, wherever the line before ended", () => {
    const lines = readOcrLines(
      page(
        ["1 cup frozen edamame (thawed (optional, but great for", 700],
        ["extra protein))", 300],
        ["2 eggs", 180],
      ),
    ).text.split("\n");
    expect(lines.filter(Boolean)).toEqual([
      "1 cup frozen edamame (thawed (optional, but great for extra protein))",
      "2 eggs",
    ]);
  });
});

describe("photographed recipes: a line set apart stays a line to check", () => {
  it("names a line to check as the text writes it once its unit is set apart ('209g mehl')", () => {
    const lines = ocr("200 g milch", "500 g brokkoli", "200 g gorgonzola", "209g mehl");
    lines[3]!.words[0]!.confidence = 40;
    const r = readOcrLines(lines);
    expect(r.text).toContain("209 g mehl");
    expect(r.unsure.map((u) => u.text)).toEqual(["209 g mehl"]);
  });
});

describe("photographed recipes: letters read as digits, and a range's spaces", () => {
  it("reads a can's '(1402)' as '(14oz)' and flags the line", () => {
    expect(cleanOcrLine("1 can (1402) crushed tomatoes")).toEqual({
      text: "1 can (14oz) crushed tomatoes",
      corrected: true,
    });
    // A year or a number in a parenthesis that is no can's size stays.
    expect(cleanOcrLine("2 cups flour (about 250 g)").text).toBe("2 cups flour (about 250 g)");
  });

  it("gives 'oeuf' its 'o' back where it was read as a zero ('20 eufs', 'co0euf')", () => {
    expect(cleanOcrLine("20 eufs")).toEqual({ text: "2 oeufs", corrected: true });
    expect(cleanOcrLine("1 co0euf").text).toBe("1 oeuf");
    expect(cleanOcrLine("20 oeufs").text).toBe("20 oeufs");
  });

  it("reads '1b' opening a line as '1 lb', and '11 sp' as '1 tsp', and flags them", () => {
    expect(cleanOcrLine("1b cherry tomatoes")).toEqual({ text: "1 lb cherry tomatoes", corrected: true });
    expect(cleanOcrLine("11 sp italian seasoning")).toEqual({
      text: "1 tsp italian seasoning",
      corrected: true,
    });
    // A real unit stays.
    expect(cleanOcrLine("1 lb cherry tomatoes")).toEqual({ text: "1 lb cherry tomatoes", corrected: false });
  });

  it("sets a range's dash apart where the text writes another range so ('1-2 bay leaves')", () => {
    const text = readOcrLines(ocr("1-2 bay leaves", "3 1/2 - 4 cups broth", "3-4 sausages")).text;
    expect(text.split("\n").filter(Boolean)).toEqual([
      "1 - 2 bay leaves",
      "3 1/2 - 4 cups broth",
      "3 - 4 sausages",
    ]);
    // A text that writes its ranges tight keeps them so.
    expect(readOcrLines(ocr("1-2 bay leaves", "2 cups rice")).text).toContain("1-2 bay leaves");
  });

  it("doubts a printed '½' read as 'ji', 'zy' or run on as 'yteaspoon'", () => {
    const words = (t: string) => t.split(" ").map((text) => ({ text, confidence: 90 }));
    expect(amountDoubt(words("ji tsp salt"))).toBe(true);
    expect(amountDoubt(words("Ji tsp salt"))).toBe(true);
    expect(amountDoubt(words("zy teaspoon salt"))).toBe(true);
    expect(amountDoubt(words("yteaspoon almond extract"))).toBe(true);
    expect(amountWordsInDoubt(words("zy teaspoon salt"))).toEqual([0]);
    expect(amountDoubt(words("2 teaspoons salt"))).toBe(false);
    // A fraction read as a percentage before its unit, or lost before a unit in Portuguese.
    expect(amountDoubt(words("1% colher (sopa) de azeite"))).toBe(true);
    expect(amountDoubt(words("colher (chá) de pimenta"))).toBe(true);
    expect(amountDoubt(words("2% milk"))).toBe(false);
    // A dash glued to the amount is a list mark, not a minus.
    expect(cleanOcrLine("-2 colheres de açúcar").text).toBe("2 colheres de açúcar");
  });
});

// Lines as ocr() gives them, one word of which the model read unsurely (a space or a dot lost).
const ocrUnsure = (word: string, ...texts: string[]): OcrLine[] =>
  ocr(...texts).map((l) => ({
    ...l,
    words: l.words.map((w) => (w.text === word ? { ...w, confidence: 40 } : w)),
  }));

describe("photographed recipes: words the text writes elsewhere", () => {
  it("parts two words run together where the text writes them side by side ('seasalt')", () => {
    const lines = ["½ tsp seasalt", "½ tsp black pepper", "Mix the sea salt and pepper."];
    expect(readOcrLines(ocrUnsure("seasalt", ...lines)).text.split("\n")[0]).toBe("½ tsp sea salt");
    // A word the text writes so elsewhere stays ("seasalt" twice), and one read surely: the writer
    // wrote both ("cornmeal" and "corn meal").
    const twice = ocrUnsure("seasalt", "½ tsp seasalt", "Add the seasalt.", "Mix the sea salt in.");
    expect(readOcrLines(twice).text.split("\n")[0]).toBe("½ tsp seasalt");
    expect(readOcrLines(ocr(...lines)).text.split("\n")[0]).toBe("½ tsp seasalt");
  });

  it("gives an abbreviation its dots where the text writes it with them ('qb.' among 'q.b.')", () => {
    const lines = ocrUnsure("qb.", "qb. parmigiano grattugiato", "q.b. sale", "q.b. noce moscata");
    expect(readOcrLines(lines).text.split("\n")[0]).toBe("q.b. parmigiano grattugiato");
    // Written with its dots once only elsewhere: no evidence enough.
    expect(readOcrLines(ocrUnsure("qb.", "qb. sale", "q.b. pepe")).text.split("\n")[0]).toBe("qb. sale");
  });

  it("reads a litre's 'l' run on into the amount before a partitive, and says so ('11 di latte')", () => {
    expect(cleanOcrLine("11 di latte")).toEqual({ text: "1 l di latte", corrected: true });
    expect(cleanOcrLine("21 de leche entera")).toEqual({ text: "2 l de leche entera", corrected: true });
    // A count before a name, and a measure's own amount, stay.
    expect(cleanOcrLine("11 uova").text).toBe("11 uova");
    expect(cleanOcrLine("1 l di latte")).toEqual({ text: "1 l di latte", corrected: false });
    const r = readOcrLines(ocr("80 g di farina", "11 di latte"));
    expect(r.unsure.map((u) => [u.text, u.reason])).toEqual([["1 l di latte", "amount_corrected"]]);
  });
});

describe("photographed recipes: a fraction read as two capitals", () => {
  it("reads the picture again where a '½' was read 'ZY' before its unit", () => {
    const words = [
      { text: "ZY", confidence: 9 },
      { text: "teaspoon", confidence: 55 },
      { text: "salt", confidence: 96 },
    ];
    expect(amountWordsInDoubt(words)).toEqual([0]);
    expect(amountDoubt(words)).toBe(true);
    // The fraction read as printed is no doubt.
    const sure = ["½", "teaspoon", "salt"].map((text) => ({ text, confidence: 96 }));
    expect(amountWordsInDoubt(sure)).toEqual([]);
  });
});

describe("a list's mark read as a zero before the amount (issue 50, 2026-12-02, h-sources)", () => {
  it("drops a zero no cook writes before a whole amount, and says the amount changed", () => {
    expect(cleanOcrLine("03æg (mellemstore)")).toEqual({ text: "3 æg (mellemstore)", corrected: true });
    // Decimals and a lone zero are as written.
    expect(cleanOcrLine("0,5 dl mælk")).toEqual({ text: "0,5 dl mælk", corrected: false });
    expect(cleanOcrLine("0 ízlés szerint só").corrected).toBe(false);
  });
});

describe("a printed fraction read as a capital run on into a spoon's unit (issue 50, 2026-12-02, h-sources)", () => {
  it("doubts 'Ktsksalt' (for '½ tsk salt') and reads the picture there, as it does 'ytsk.'", () => {
    expect(amountDoubt([{ text: "Ktsksalt", confidence: 0 }])).toBe(true);
    expect(
      amountWordsInDoubt([
        { text: "-", confidence: 90 },
        { text: "Ktsksalt", confidence: 0 },
      ]),
    ).toEqual([1]);
    // A word that is no spoon after its capital stays the line's own.
    expect(amountDoubt([{ text: "Tsatsiki", confidence: 60 }])).toBe(false);
    expect(amountWordsInDoubt([{ text: "Tomatoes", confidence: 60 }])).toEqual([]);
  });
});

describe("an oven's degree sign read as an asterisk (issue 50, 2026-12-02, h-sources)", () => {
  it("gives back the degree after a three-digit heat, and leaves inch marks as typed", () => {
    // Writers type an inch mark for a degree themselves ('350"F'): it stays as read.
    expect(cleanOcrLine('Preheat your oven to 350"F.').text).toBe('Preheat your oven to 350"F.');
    expect(cleanOcrLine("temperaturen er på 120* (brug et termometer).").text).toBe(
      "temperaturen er på 120° (brug et termometer).",
    );
    expect(cleanOcrLine("Preheat the oven to 350*F.").text).toBe("Preheat the oven to 350°F.");
    // A kitchen machine's program: time, heat and speed parted by slashes.
    expect(cleanOcrLine("programe 3 min/120*/ vel. 2").text).toBe("programe 3 min/120°/ vel. 2");
    expect(cleanOcrLine('Roll it out into a 12" circle.').text).toBe('Roll it out into a 12" circle.');
    expect(cleanOcrLine("Preheat the oven to 350°F.")).toEqual({
      text: "Preheat the oven to 350°F.",
      corrected: false,
    });
  });
});
