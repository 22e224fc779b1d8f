// What the server writes for a person beside its codes (a draft's check, the copy check) said in
// the person's language (src/web/app/ui/serverWords.ts): every code the server gives has a
// sentence, the English sentence is the server's own, and another language says the same figures.
import { afterEach, describe, expect, it } from "vitest";
import { zRecipe, type RecipeInput } from "../../src/domain/recipe.ts";
import { parseIngredientLine } from "../../src/extract/ingredients.ts";
import { checkParaphrase, guardrailFindings } from "../../src/guardrail/paraphraseGuardrail.ts";
import { checkRecipe, type RecipeIssue } from "../../src/pipeline/validateRecipe.ts";
import { CATALOGUES } from "../../src/web/app/i18n/catalogues.gen.ts";
import { LANGUAGES, setLanguage } from "../../src/web/app/i18n/i18n.ts";
import { CHECK_WORDS, findingWords, stepNumbers } from "../../src/web/app/ui/serverWords.ts";

const recipe = (r: Partial<RecipeInput> = {}) =>
  zRecipe.parse({
    name: "Soup",
    ingredients: [parseIngredientLine("1 l stock")],
    instructions: [{ text: "Heat the stock." }],
    prepTimeMinutes: 5,
    cookTimeMinutes: 10,
    servings: 2,
    ...r,
  });

const OPTS = {
  TokenOverlapWarningThreshold: 40,
  TokenOverlapErrorThreshold: 80,
  NgramSimilarityWarningThreshold: 0.2,
  NgramSimilarityErrorThreshold: 0.35,
  NgramSize: 5,
};
const words = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
const SOURCE = [...words(300, "src"), "."].join(" ");
const copy = (start: number, n: number) =>
  words(300, "src")
    .slice(start, start + n)
    .join(" ");

/** Findings of every kind the check gives. */
function checkFindings(): RecipeIssue[] {
  const empty = checkRecipe(
    recipe({
      name: " ",
      ingredients: [],
      instructions: [],
      prepTimeMinutes: 0,
      cookTimeMinutes: 0,
      servings: 0,
    }),
  );
  const odd = checkRecipe(
    recipe({
      name: "x".repeat(301),
      imageUrl: "ftp://pictures/soup.jpg",
      prepTimeMinutes: 1500,
      cookTimeMinutes: 10_100,
      servings: 150,
      ingredients: [
        parseIngredientLine("200000 g flour"),
        { ...parseIngredientLine("3 eggs"), quantityMax: 2 },
        { ...parseIngredientLine("some butter"), confidence: 0.2 },
      ],
      instructions: [{ text: "Bake the bread." }, { text: "Bake the bread." }, { text: "." }],
    }),
  );
  const many = checkRecipe(recipe({ servings: 5000 }));
  return [...empty.errors, ...empty.warnings, ...odd.errors, ...odd.warnings, ...many.errors];
}

function copyFindings() {
  const copied = checkParaphrase(
    SOURCE,
    {
      description: copy(0, 90),
      instructions: [{ text: copy(120, 12) }, { text: "Stir well." }, { text: copy(160, 12) }],
    },
    OPTS,
  );
  const near = checkParaphrase(SOURCE, { description: null, instructions: [{ text: copy(0, 50) }] }, OPTS);
  const blank = checkParaphrase("", { description: "Mine.", instructions: [{ text: "Stir." }] }, OPTS);
  return [copied, near, blank].flatMap((r) => guardrailFindings(r, OPTS));
}

/** The figures as English writes them: no thousands mark, a hyphen in a run of steps. */
const plain = (s: string) => s.replace(/(\d),(\d{3})/g, "$1$2").replace(/–/g, "-");

describe("the server's findings in the person's language", () => {
  afterEach(() => setLanguage("en"));

  it("gives every finding of the check and the copy check a code with a sentence in every language", () => {
    const all = [...checkFindings(), ...copyFindings()];
    const codes = new Set(all.map((f) => f.code));
    expect(codes.size).toBeGreaterThanOrEqual(20);
    for (const f of all) expect(Object.hasOwn(CHECK_WORDS, f.code ?? ""), f.message).toBe(true);
    for (const lang of LANGUAGES)
      for (const key of Object.values(CHECK_WORDS))
        expect(CATALOGUES[lang]?.[key]?.trim(), `${lang} ${key}`).toBeTruthy();
  });

  it("says in English what the server wrote, word for word", () => {
    setLanguage("en");
    for (const f of [...checkFindings(), ...copyFindings()])
      expect(plain(findingWords(f)), f.code).toBe(f.message);
  });

  it.each(LANGUAGES.filter((l) => l !== "en"))(
    "says each in %s with the same figures, not in English",
    (lang) => {
      const all = [...checkFindings(), ...copyFindings()];
      setLanguage("en");
      const english = all.map((f) => findingWords(f));
      setLanguage(lang);
      all.forEach((f, i) => {
        const said = findingWords(f);
        expect(said, `${lang} ${f.code}`).not.toBe(english[i]);
        const figures = (english[i]!.match(/\d[\d,.]*/g) ?? []).map((n) => n.replace(/\D/g, ""));
        const saidFigures = said.replace(/\D+/g, " ");
        for (const n of figures) expect(saidFigures.replace(/ /g, ""), `${lang} ${f.code}`).toContain(n);
      });
    },
  );

  it("says whose words were copied: the author's for a book, the site's for a page", () => {
    setLanguage("de");
    const f = {
      message: "Step 2 is the site's own words.",
      code: "stepsCopied",
      params: { count: 1 },
      steps: [1],
    };
    expect(findingWords(f)).toBe("Schritt 2 ist der eigene Wortlaut der Website.");
    expect(findingWords(f, "author")).toBe("Schritt 2 ist der eigene Wortlaut des Autors.");
  });

  it("names runs of steps in the language's own list", () => {
    setLanguage("de");
    expect(stepNumbers([4, 0, 2, 5])).toBe("1, 3 und 5-6");
    setLanguage("fr");
    expect(stepNumbers([0, 1])).toBe("1-2");
  });

  it("shows the server's words for a code it does not know, or none", () => {
    setLanguage("sv");
    expect(findingWords({ message: "Something new.", code: "somethingNew" })).toBe("Something new.");
    expect(findingWords({ message: "No code." })).toBe("No code.");
  });
});
