import { describe, expect, it } from "vitest";
import { parseIngredientLine } from "../ingredients.ts";
import { alignLabels } from "./align.ts";
import { decodeModel, encodeModel, IngredientTagger, ingredientTagger, NameIndex } from "./model.ts";
import { decode, exactSums, Featurizer, seededRandom, train } from "./perceptron.ts";
import { alternativesOf, readTagged, unitSpelling } from "./reading.ts";
import { amountRange, tokenize } from "./tokenize.ts";

const fields = { quantity: "", unit: "", size: "", name: "", preparation: "", comment: "", purpose: "" };

describe("tokenize", () => {
  it("keeps amounts whole: mixed numbers, vulgar fractions, ranges", () => {
    expect(tokenize("1 1/2 cups (2-3 dl) flour, sifted").map((t) => t.text)).toEqual([
      "1 1/2", "cups", "(", "2-3", "dl", ")", "flour", ",", "sifted",
    ]); // prettier-ignore
    expect(tokenize("1½-inch piece").map((t) => t.text)).toEqual(["1½", "-", "inch", "piece"]);
    // "6 ¼-inch-thick slices" is six slices, not six and a quarter.
    expect(tokenize("6 ¼-inch-thick slices")[0]!.text).toBe("6");
    expect(amountRange("1/2–1")).toEqual([0.5, 1]);
    expect(amountRange("1,000")).toEqual([1000, null]);
  });
});

describe("alignLabels", () => {
  it("gives each token the labelled field that holds it", () => {
    const { tokens, labels } = alignLabels("3 cloves garlic, finely chopped (about 1 tbsp)", {
      ...fields,
      quantity: "3 1",
      unit: "clove tbsp",
      name: "garlic",
      preparation: "finely chopped",
      comment: "about",
    });
    expect(tokens.map((t, i) => `${t.text}/${labels[i]}`).join(" ")).toBe(
      "3/QTY cloves/UNIT garlic/NAME ,/PUNC finely/PREP chopped/PREP (/PUNC about/COMMENT 1/QTY tbsp/UNIT )/PUNC",
    );
  });

  it("reads the corpus's fractions and ranges, and joins a range's words to the amount", () => {
    const { labels } = alignLabels("1¼ to 1½ cups stock, for the sauce", {
      ...fields,
      quantity: "1#1$4-1#1$2",
      unit: "cup",
      name: "stock",
      purpose: "for the sauce",
    });
    expect(labels).toEqual(["QTY", "QTY", "QTY", "UNIT", "NAME", "PUNC", "PURPOSE", "PURPOSE", "PURPOSE"]);
  });
});

describe("the averaged perceptron", () => {
  it("learns a toy labelling and survives a round trip through the model file", () => {
    const index = new Map<string, number>();
    const f = new Featurizer(index, true);
    const labels = ["QTY", "UNIT", "NAME"] as const;
    const lines = ["2 cups flour", "1 cup sugar", "3 tbsp butter", "4 tbsp milk", "1 cup rice"];
    const data = lines.map((l) => ({ feats: f.line(tokenize(l)), gold: [0, 1, 2] }));
    const w = train(labels, index, data, { epochs: 5, seed: 1 });
    const tagger = new IngredientTagger(decodeModel(encodeModel(w, { trainedOn: 5, epochs: 5, seed: 1 })));
    expect(tagger.weights.info).toMatchObject({ trainedOn: 5, epochs: 5 });
    expect(tagger.tag("5 cups oats").labels).toEqual(["QTY", "UNIT", "NAME"]);
  });
});

describe("the model file's name index", () => {
  it("finds each name at its row, as a Map of the split names does, and nothing else", () => {
    const joined = ["bias", "w=flour", "w=crème", "", "bi=2|cups", "w=flou"].join("\n");
    const index = new NameIndex(joined);
    const map = new Map(joined.split("\n").map((n, i) => [n, i]));
    expect(index.size).toBe(map.size);
    for (const [n, i] of map) expect(index.get(n)).toBe(i);
    for (const n of ["w=flourx", "w=flo", "w=creme", "bias\n", "W=flour", "bi=2|cup"]) {
      expect(index.get(n)).toBeUndefined();
      expect(index.has(n)).toBe(false);
    }
    expect([...index]).toEqual([...map]);
    expect([...new NameIndex("")]).toEqual([["", 0]]);
  });
});

describe("the committed model", () => {
  it("reads the long tail the rules got wrong", () => {
    const t = ingredientTagger();
    expect(t.weights.info.features).toBeGreaterThan(1000);
    const read = (l: string) => readTagged(l, t.tag(l));
    expect(read("1 onion finely chopped")).toMatchObject({
      quantity: 1,
      name: "onion",
      preparation: "finely chopped",
    });
    expect(read("1 potato ((Aus: Sebago or Dutch Cream))").name).toBe("potato");
  });

  it("gives several amounts, ranges, sizes, purposes and alternatives", () => {
    expect(parseIngredientLine("10 tbsp (140 g) butter, softened")).toMatchObject({
      quantity: 10,
      unit: "tbsp",
      name: "butter",
      preparation: "softened",
      amounts: [
        { text: "10 tbsp", quantity: 10, unit: "tbsp" },
        { text: "140 g", quantity: 140, unit: "g" },
      ],
    });
    expect(parseIngredientLine("2 to 3 large eggs")).toMatchObject({
      quantity: 2,
      quantityMax: 3,
      size: "large",
      name: "eggs",
    });
    expect(parseIngredientLine("2 tablespoons olive oil, for the sauce")).toMatchObject({
      name: "olive oil",
      purpose: "for the sauce",
    });
    expect(parseIngredientLine("1/2 cup butter or margarine, melted")).toMatchObject({
      name: "butter or margarine",
      alternatives: ["butter", "margarine"],
      preparation: "melted",
    });
    // The count goes with the can, the pack size apart.
    expect(parseIngredientLine("One 14.5-ounce can diced tomatoes")).toMatchObject({
      quantity: 1,
      unit: "can",
    });
  });

  it("drops the bullets a photo leaves before a line", () => {
    expect(parseIngredientLine("= 3 ripe bananas")).toMatchObject({ quantity: 3, name: "ripe bananas" });
    expect(parseIngredientLine("« 150 g sugar")).toMatchObject({ quantity: 150, unit: "g", name: "sugar" });
  });

  it("reads from any model file weights whose sums are exact, as it says without scanning them", () => {
    // Weights over many orders of magnitude, a few tiny ones among them: each file's int16 rows.
    const w = train(["A", "B", "C"], new Map(), [], { epochs: 0, seed: 1 });
    for (const seed of [1, 2, 3]) {
      const rand = seededRandom(seed);
      const index = new Map<string, number>();
      const emit = new Float32Array(3 * 2000);
      for (let i = 0; i < 2000; i++) index.set(`f${i}`, i);
      for (let i = 0; i < emit.length; i++) emit[i] = (rand() - 0.5) * 10 ** (rand() * 12 - 6);
      const m = decodeModel(encodeModel({ ...w, index, emit }, { trainedOn: 1, epochs: 1, seed }));
      expect(m.exact).toBe(true);
      expect(exactSums(m.emit)).toBe(true);
    }
  });

  it("scores a line to the last bit as summing its features one by one does", () => {
    // The tagger sums each word's weights once and keeps them: the same scores only because the
    // model file's weights sum exactly in any order. A model written another way must fail here.
    const t = ingredientTagger();
    expect(exactSums(t.weights.emit)).toBe(true);
    const plain = new Featurizer(t.weights.index);
    const lines = [
      "1 1/2 cups (350 ml) whole milk, warmed",
      "2 x 400g tins chopped tomatoes",
      "Salt and freshly ground black pepper, to taste",
      "½ tsp Zimt",
      "3 large eggs, room temperature, lightly beaten (see note)",
    ];
    for (const l of lines) {
      const tokens = tokenize(l);
      const { path, margins } = decode(t.weights, plain.line(tokens));
      const tagged = t.tagTokens(tokens);
      expect(tagged.labels).toEqual(path.map((y) => t.weights.labels[y]));
      expect(tagged.margins).toEqual(margins);
    }
  });

  it("says how sure it is: a parsed line is 0.5..1, a muddled one lower than a plain one", () => {
    const plain = parseIngredientLine("2 cups flour").confidence;
    const muddled = parseIngredientLine("Stalks from a bunch fresh mint with the leaves saved").confidence;
    expect(plain).toBeGreaterThan(0.9);
    expect(muddled).toBeGreaterThanOrEqual(0.5);
    expect(muddled).toBeLessThan(plain);
  });
});

describe("unit spelling and alternatives", () => {
  it("writes units one way", () => {
    expect(["Tablespoons", "T.", "tbs", "fl. oz", "lbs", "Cups", "md clove"].map(unitSpelling)).toEqual([
      "tbsp", "tbsp", "tbsp", "fl oz", "lb", "cup", "medium clove",
    ]); // prettier-ignore
  });

  it("splits a choice of foods, sharing the words after the last one", () => {
    expect(alternativesOf("red or green bell pepper")).toEqual(["red bell pepper", "green bell pepper"]);
    expect(alternativesOf("salt and pepper")).toEqual([]);
  });
});
