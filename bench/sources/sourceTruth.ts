import { isStepsWord } from "../../src/extract/sectionWords.ts";

// The steps a cook would write from a corpus page's reviewed steps: the truth every house style
// writes out and every kind of source (typed, PDF, photo) is scored against. The corpus lists
// steps as its pages' markup held them, and some pages' markup holds more than the steps: a
// "Step 1" label as an item of its own, the list's numbers or bullets inside the items ("1. Dice",
// "– Play"), the dish's name or the method's heading as the first item, a "Serves 6 – 8" line.
// Written out as they are, they are no recipe a cook types ("1. Step 1" / "2. Slice the bread"),
// and what a reader should make of them is no one's truth; so they are taken off first, here, the
// same for every source. Section names inside the method ("For the glaze") stay: a cook writes
// those, and a reader keeps them as the method's groups.

// A step's label before its text or alone ("Step 1", "Étape 1 :", "instruction 0", a bare "2").
const LABEL =
  /^(?:(?:step|étape|etape|schritt|paso|passo|stap|steg|etapa|instruction)\s*\d{1,2}\s*(?:[:.)–—-]\s*|$)|\d{1,2}$)/iu;
// A list's own number opening an item ("1. Dice", "2.-Añada", "3) Stir", "4 Portionenweise").
const NUMBER = /^(\d{1,2})(?:[.)]-?|\.\s*-|\s(?=\p{Lu}))\s*(?=\S)/u;
// A bullet opening an item ("– Play with…", "• Stir").
const BULLET = /^[-–—•*·▪◦]\s+/u;
// A yield alone ("Serves 6 – 8", "Makes 12"): the recipe's yield, written where the page put it.
const YIELD_ONLY = /^(?:serves|makes|yields?)\b[^.!?]{0,24}$/iu;

const fold = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/**
 * The list's own numbers taken off when the items count up with them (1, 2, 3…; a group may
 * start again at 1): a lone "6) jusqu'à…" is the rest of a sentence, not a number of the list.
 */
function withoutNumbers(steps: string[]): string[] {
  const numbers = steps.map((s) => NUMBER.exec(s)?.[1]);
  const numbered = numbers.filter((n) => n !== undefined).map(Number);
  const counts =
    numbered.length >= 2 && numbered.every((n, i) => i === 0 || n === numbered[i - 1]! + 1 || n === 1);
  return counts ? steps.map((s) => s.replace(NUMBER, "")) : steps;
}

/** The steps of a corpus page as a cook writes them (see the file's comment). */
export function cookSteps(steps: string[], title: string): string[] {
  const out = withoutNumbers(steps)
    .map((s) => s.replace(BULLET, "").replace(LABEL, "").trim())
    .filter((s) => s && !YIELD_ONLY.test(s));
  const first = out[0];
  if (first !== undefined && (fold(first) === fold(title) || isStepsWord(first))) out.shift();
  return out;
}
