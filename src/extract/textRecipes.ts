import type { WordPattern } from "./caselessWords.ts";
import { INGREDIENT_WORDS, INSTRUCTION_WORDS } from "./sectionWords.ts";
import { classify, isSectionWord, type Line } from "./textRecipe.ts";

/** Lines above an ingredient heading read as the next recipe's title block ("Waffles", "Serves 4"). */
const MAX_TITLE_LINES = 3;

const isHeading = (l: Line, words: WordPattern) => l.kind === "heading" && words.test(l.text);

/**
 * Text that holds several recipes (a cookbook page, a pasted menu) as one text per recipe; the
 * whole text when it holds one. A recipe starts at the short title lines above each ingredient
 * heading after the first; it splits only when every part then has its own ingredient heading
 * and a steps heading after it, so one recipe with two ingredient lists ("Ingredients (dough)",
 * "Ingredients (filling)", then "Method") stays whole.
 */
export function splitRecipeTexts(text: string): string[] {
  const raw = text.replace(/\r\n?/g, "\n").replace(/\f/g, "\n\n").split("\n");
  const lines = raw.map(classify);
  const heads = lines.flatMap((l, i) => (isHeading(l, INGREDIENT_WORDS) ? [i] : []));
  if (heads.length < 2) return [text];
  const starts = [0];
  for (const h of heads.slice(1)) {
    let start = h;
    let i = h - 1;
    while (i >= 0 && lines[i]!.kind === "blank") i--;
    for (const top = i - MAX_TITLE_LINES; i >= 0 && i > top; i--) {
      const l = lines[i]!;
      if (l.kind === "blank" || l.kind === "item") break;
      if (l.kind === "heading" && isSectionWord(l.text)) break;
      start = i;
    }
    // No title above it: a second ingredient list of the same recipe.
    if (start === h || start <= starts.at(-1)!) return [text];
    starts.push(start);
  }
  const parts = starts.map((s, k) => ({ from: s, to: starts[k + 1] ?? lines.length }));
  const whole = parts.every(({ from, to }) => {
    const part = lines.slice(from, to);
    const ing = part.findIndex((l) => isHeading(l, INGREDIENT_WORDS));
    return ing >= 0 && part.slice(ing + 1).some((l) => isHeading(l, INSTRUCTION_WORDS));
  });
  if (!whole) return [text];
  return parts.map(({ from, to }) => raw.slice(from, to).join("\n").trim());
}
