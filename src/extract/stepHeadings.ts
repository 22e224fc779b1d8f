import { isOtherSectionWord, isStepsWord } from "./sectionWords.ts";

// Headings a method's text carries among its steps ("Pizza dough" over "Step 1:", "For the sauce",
// "To make the dough"): a cook reads them as the title of the steps under them, never as steps of
// their own. A step's label ("Step 1", "Étape 2:") is the list's order, no word of the step.

// A step's number label in the languages read: "Step 1", "Étape 2:", "Schritt 3 -", "Step 1/4".
const WORD_LABEL =
  /^(?:step|schritt|étape|etape|paso|passo|stap|steg|krok|etapa|lépés|adım|trin)\s*\d{1,2}(?:\s*\/\s*\d{1,2})?\s*[:.)\-–—|]?(?=\s|$|\p{Lu})\s*/iu;
// The first number of a count ("1.", "1)"): a line over it heads the steps it numbers.
const FIRST_COUNT = /^1\s*[.)]\s+\p{L}/u;

/** A line without the step label that opens it ("Step 1 Toast the bread:" → "Toast the bread:"). */
export function withoutWordLabel(line: string): string {
  return line.replace(WORD_LABEL, "");
}

// A title's shape: a few words that make no sentence (no stop, no comma, no clause), opening on a letter.
function titleShaped(t: string): boolean {
  const s = t.trim().replace(/[:：]$/u, "");
  return (
    s.length >= 3 &&
    s.length <= 60 &&
    /^\p{L}/u.test(s) &&
    !/[.!?…,;]/u.test(s) &&
    s.split(/\s+/u).length <= 6 &&
    !WORD_LABEL.test(s)
  );
}

// What a part of the method makes or does, as its heading says it: "For the sauce", "Pour la pâte",
// "Für den Teig", "To make the dough", "To serve".
const PURPOSE =
  /^(?:for|für|zum|zur|pour|para|per|voor|till|til|to (?:make|prepare|cook|serve|assemble|finish|garnish|decorate|bake|fry|grill|roast|top|fill|glaze|ice|frost|plate|shape|store))(?:\s|$)/iu;

/**
 * Whether a line of a structured method is the heading of the steps after it, not a step: a title's
 * shape over a step label or the first of a count ("Pizza dough" / "Step 1:" / "Mix…"), or a
 * purpose ("For the sauce", "To make the dough") with a step after it. A short last line ("Serve
 * warm") and a short first step ("Preheat the oven") stay steps: nothing labelled follows them.
 */
export function headsSteps(text: string, next: string | undefined): boolean {
  if (next === undefined || !titleShaped(text)) return false;
  const n = next.trim();
  if (WORD_LABEL.test(n) || FIRST_COUNT.test(n)) return true;
  return PURPOSE.test(text.trim()) && !titleShaped(n);
}

/**
 * Whether a structured method is parted by its sections: two at least at its top, one named other
 * than by the steps' word or a note's ("For the dough", then "Method"). Then "Method" names the part it heads,
 * as the page shows it; alone, or beside unnamed ones, it names the whole method.
 */
export function partedBySections(v: unknown): boolean {
  if (!Array.isArray(v)) return false;
  const names = v
    .filter((x): x is { name?: unknown } => !!x && typeof x === "object" && "itemListElement" in x)
    .map((x) => (typeof x.name === "string" ? x.name.trim() : ""));
  return (
    names.length >= 2 && names.some((n) => n && !isStepsWord(n) && !isOtherSectionWord(n) && !/\d/.test(n))
  );
}
