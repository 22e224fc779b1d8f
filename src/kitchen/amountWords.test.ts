import { describe, expect, it } from "vitest";
import { parseIngredientList } from "../extract/ingredients.ts";
import { formatDecimal, formatNumber, measuredAmount } from "./amounts.ts";
import { amountLanguage, type AmountLanguage } from "./amountWords.ts";
import { scaleIngredient } from "./scaleIngredient.ts";
import { buildShoppingList } from "./shoppingList.ts";

// Amounts the way a cook of each language reads them: the numbers (decimal comma, "1 ½"), metric
// in decimals, the unit words Ladle writes after a conversion, and the recipe's own words kept.
type Row = {
  mixed: string;
  decimal: string;
  kilos: string;
  spoons: string;
  smallSpoons: string;
  cups: string;
  pinch: string;
  cupAndSpoons: string;
  /** "2 tbsp sugar" × 1.5 in metric. */
  scaledSpoons: string;
  /** "250 ml milk" in US cups. */
  toCups: string;
};

const EXPECTED: Record<AmountLanguage, Row> = {
  en: {
    mixed: "1½",
    decimal: "1.2",
    kilos: "1.5 kg",
    spoons: "3 tbsp",
    smallSpoons: "1½ tsp",
    cups: "1½ cups",
    pinch: "1 pinch",
    cupAndSpoons: "1 cup + 2 tbsp",
    scaledSpoons: "3 tbsp sugar",
    toCups: "1 cup milk",
  },
  de: {
    mixed: "1 ½",
    decimal: "1,2",
    kilos: "1,5 kg",
    spoons: "3 EL",
    smallSpoons: "1 ½ TL",
    cups: "1 ½ Tassen",
    pinch: "1 Prise",
    cupAndSpoons: "1 Tasse + 2 EL",
    scaledSpoons: "3 EL sugar",
    toCups: "1 Tasse milk",
  },
  fr: {
    mixed: "1 ½",
    decimal: "1,2",
    kilos: "1,5 kg",
    spoons: "3 c. à soupe",
    smallSpoons: "1 ½ c. à café",
    cups: "1 ½ tasse",
    pinch: "1 pincée",
    cupAndSpoons: "1 tasse + 2 c. à soupe",
    scaledSpoons: "3 c. à soupe sugar",
    toCups: "1 tasse milk",
  },
  es: {
    mixed: "1 ½",
    decimal: "1,2",
    kilos: "1,5 kg",
    spoons: "3 cdas",
    smallSpoons: "1 ½ cdtas",
    cups: "1 ½ tazas",
    pinch: "1 pizca",
    cupAndSpoons: "1 taza + 2 cdas",
    scaledSpoons: "3 cdas sugar",
    toCups: "1 taza milk",
  },
  it: {
    mixed: "1 ½",
    decimal: "1,2",
    kilos: "1,5 kg",
    spoons: "3 cucchiai",
    smallSpoons: "1 ½ cucchiaini",
    cups: "1 ½ tazze",
    pinch: "1 pizzico",
    cupAndSpoons: "1 tazza + 2 cucchiai",
    scaledSpoons: "3 cucchiai sugar",
    toCups: "1 tazza milk",
  },
  nl: {
    mixed: "1 ½",
    decimal: "1,2",
    kilos: "1,5 kg",
    spoons: "3 el",
    smallSpoons: "1 ½ tl",
    cups: "1 ½ kopjes",
    pinch: "1 snufje",
    cupAndSpoons: "1 kopje + 2 el",
    scaledSpoons: "3 el sugar",
    toCups: "1 kopje milk",
  },
  pt: {
    mixed: "1 ½",
    decimal: "1,2",
    kilos: "1,5 kg",
    spoons: "3 colheres de sopa",
    smallSpoons: "1 ½ colheres de chá",
    cups: "1 ½ xícaras",
    pinch: "1 pitada",
    cupAndSpoons: "1 xícara + 2 colheres de sopa",
    scaledSpoons: "3 colheres de sopa sugar",
    toCups: "1 xícara milk",
  },
  sv: {
    mixed: "1 ½",
    decimal: "1,2",
    kilos: "1,5 kg",
    spoons: "3 msk",
    smallSpoons: "1 ½ tsk",
    cups: "1 ½ koppar",
    pinch: "1 nypa",
    cupAndSpoons: "1 kopp + 2 msk",
    scaledSpoons: "3 msk sugar",
    toCups: "1 kopp milk",
  },
};

const line = (text: string) => parseIngredientList([text])[0]!;

describe.each(Object.keys(EXPECTED) as AmountLanguage[])("amounts in %s", (lang) => {
  const want = EXPECTED[lang];

  it("writes numbers as the language does: fractions for measures, decimals with its own mark", () => {
    expect(formatNumber(1.5, lang)).toBe(want.mixed);
    expect(formatNumber(0.5, lang)).toBe("½");
    expect(formatNumber(3, lang)).toBe("3");
    expect(formatNumber(1.2, lang)).toBe(want.decimal);
    expect(formatDecimal(1.2, lang)).toBe(want.decimal);
    expect(formatDecimal(1000, lang)).toBe("1000");
  });

  it("says metric weights and volumes in decimals", () => {
    expect(measuredAmount(1500, null, "g", "metric", lang).text).toBe(want.kilos);
    expect(measuredAmount(1500, null, "ml", "metric", lang).text).toBe(want.kilos.replace("kg", "l"));
    expect(measuredAmount(500, null, "ml", "metric", lang).text).toBe("500 ml");
  });

  it("writes the unit words Ladle chooses in the language", () => {
    expect(measuredAmount(45, null, "tbsp", "metric", lang).text).toBe(want.spoons);
    expect(measuredAmount(7.5, null, "tsp", "us", lang).text).toBe(want.smallSpoons);
    expect(measuredAmount(360, null, "cup", "us", lang).text).toBe(want.cups);
    expect(measuredAmount(0.3, null, "tsp", "us", lang).text).toBe(want.pinch);
    expect(measuredAmount(270, null, "ml", "us", lang).text).toBe(want.cupAndSpoons);
  });

  it("scales and converts a line, keeping the recipe's own words", () => {
    expect(scaleIngredient(line("2 tbsp sugar"), 1.5, "metric", lang).display).toBe(want.scaledSpoons);
    expect(scaleIngredient(line("250 ml milk"), 1, "us", lang).display).toBe(want.toCups);
    // Metric in decimals outside English (English keeps the fraction it always wrote).
    expect(scaleIngredient(line("1.5 kg potatoes"), 1.5, "metric", lang).display).toBe(
      lang === "en" ? "2¼ kg potatoes" : "2,25 kg potatoes",
    );
    // Nothing asked: the line as the recipe wrote it, whatever the reader's language.
    expect(scaleIngredient(line("1.5 kg potatoes"), 1, "original", lang).display).toBe("1.5 kg potatoes");
  });

  it("writes the shopping list's amounts in the language", () => {
    const ingredients = parseIngredientList(["1.5 kg potatoes", "2 tbsp sugar", "1 tbsp sugar"]);
    const lines = buildShoppingList([{ recipeId: "a", recipeName: "A", factor: 1, ingredients }], {
      units: "metric",
      lang,
    }).map((l) => l.text);
    expect(lines).toContain(`${want.kilos} potatoes`);
    expect(lines).toContain(`${want.spoons} sugar`);
  });
});

describe("amountLanguage", () => {
  it("takes the language of a tag, English for any other", () => {
    expect(amountLanguage("de-CH")).toBe("de");
    expect(amountLanguage("pt_BR")).toBe("pt");
    expect(amountLanguage("ja")).toBe("en");
    expect(amountLanguage(undefined)).toBe("en");
  });
});
