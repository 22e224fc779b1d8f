import type { AnyNode, Element } from "domhandler";
import { isElement } from "./dom.ts";
import { text } from "./pageBlocks.ts";
import { lettersOf as letters } from "./siteName.ts";

// "recipe" written in lower case inside a headline: a story about a recipe ("Meera Sodha's vegan
// recipe for ram-don noodles…", "a twice-cooked broccoli recipe direct from Rome"), not a dish's
// name, which names it in title case or puts the word at its end.
const RECIPE_WORD = /\b(?:recipes?|recettes?|recetas?|ricett[ae]|receitas?|recept|przepis)\b/u;
// How much of the page's text after a heading is searched for the first ingredient line.
const SECTION_CHARS = 4000;

/**
 * A headline written as a sentence: most of its words after the first start in lower case, and a
 * recipe word among them. Newspapers title a story so and the recipe under it by its dish; blogs
 * write their headings in title case.
 */
export function isStoryHeadline(t: string): boolean {
  if (!RECIPE_WORD.test(t)) return false;
  // Past the first word and any word after a colon (a kicker: "Double take: a …").
  const words = t.split(/\s+/).filter((w, i, all) => i > 0 && !/:$/.test(all[i - 1]!) && /^\p{L}/u.test(w));
  const upper = words.filter((w) => /^\p{Lu}/u.test(w)).length;
  return words.length >= 5 && upper * 3 <= words.length;
}

/**
 * The dish's name under a story's headline: the first later heading, ranked below the h1, whose
 * section holds the recipe's first ingredient line (no "Ingredients" label between, so no card
 * heading is found over one) and that shares a word with the headline. The headline names the
 * story; the heading over the list names what the cook makes.
 */
export function headlineDish(
  h1: Element,
  heads: Element[],
  firstLine: string,
  fits: (h: Element) => boolean,
  shares: (h: Element) => boolean,
): Element | undefined {
  const h1Text = text(h1);
  if (!isStoryHeadline(h1Text)) return undefined;
  const want = letters(firstLine).slice(0, 24);
  if (want.length < 6) return undefined;
  const start = heads.indexOf(h1);
  for (let i = start + 1; i < heads.length; i++) {
    const h = heads[i]!;
    const rank = Number(h.name[1]);
    if (rank < 2 || rank > 4) continue;
    if (!letters(textUntil(h, heads[i + 1])).includes(want)) continue;
    return fits(h) && shares(h) ? h : undefined;
  }
  return undefined;
}

/** The text after an element up to another (or a bound), in document order. */
function textUntil(from: Element, stop: Element | undefined): string {
  let out = "";
  let n: AnyNode | null = from;
  // Walk on through next siblings, climbing to the parent's when a level is done.
  while (n && out.length < SECTION_CHARS) {
    let next: AnyNode | null = n.next;
    while (!next && n.parent) {
      n = n.parent;
      next = n.next;
    }
    if (!next) break;
    if (stop && (next === stop || (isElement(next) && holds(next, stop)))) break;
    out += ` ${isElement(next) ? text(next) : "data" in next ? String(next.data) : ""}`;
    n = next;
  }
  return out;
}

function holds(el: Element, inner: Element): boolean {
  for (let p = inner.parent; p; p = p.parent) if (p === el) return true;
  return false;
}
