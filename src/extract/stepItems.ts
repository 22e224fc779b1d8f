import type { AnyNode, Element } from "domhandler";
import { findAll, findFirst, isElement, textOf } from "./dom.ts";
import { SENTENCE_END, STEP_LABEL, stepLike } from "./genericLines.ts";
import { type Block, linesOf } from "./pageBlocks.ts";

// What the page-text reader keeps of a method's lines beyond its sentences: the lists, tags and
// headings a page sets around and inside its steps that are no steps of the cook's.

/** A line of a method as sectionLines gathers it; `head`: read from a heading or a bold label. */
export interface StepLine {
  text: string;
  item: boolean;
  head?: boolean;
  /** The step's number the page set alone on the line before it ("3" over the step's paragraphs). */
  num?: number;
}

// A step's number alone on its line, as a page draws it in a box or a circle beside the text.
export const NUMBER_ALONE = /^(\d{1,2})[.)]?$/;

/**
 * The method's paragraphs joined under the numbers the page sets alone before its steps ("3" /
 * "Infine, incorporate… riposare." / "Sbollentate le patatine…"): a step is what its number heads,
 * however many paragraphs (or `<br>` lines) the page writes it in. Only when the numbers count on
 * from 1, two at least, and only sentences: a heading, a list item, a line before the first number
 * and a line that ends no sentence (a section's tag further down the page, "new!", a link's "View
 * on the creator's site") stay their own.
 */
export function joinedUnderNumbers(lines: StepLine[]): StepLine[] {
  const nums = lines.flatMap((l) => (l.num ? [l.num] : []));
  if (nums.length < 2 || nums.some((n, i) => n !== i + 1)) return lines;
  const out: StepLine[] = [];
  let step: StepLine | null = null;
  for (const l of lines) {
    if (step && !l.num && !l.head && !l.item && stepLike(l.text) && SENTENCE_END.test(l.text)) {
      step.text += ` ${l.text}`;
      continue;
    }
    step = l.num && !l.head ? { ...l } : null;
    out.push(step ?? l);
  }
  return out;
}

/**
 * The method's lines less a lone heading at their end: a heading with no step under it (the
 * next part of the page's, "Serving suggestions" or a video's title, set in the method's box) is
 * no step. A heading that reads as a step (a method written in bold sentences) stays.
 */
export function stepItems(lines: StepLine[]): StepLine[] {
  let end = lines.length;
  while (end > 1 && lines[end - 1]!.head && !stepLike(lines[end - 1]!.text)) end--;
  return end < lines.length ? lines.slice(0, end) : lines;
}

// "Step 2 of 5", "Paso 2 de 5": a step's number with the count of steps, words between.
const STEP_OF =
  /^(?:step|schritt|étape|etape|paso|passo|stap|steg|etapa)\s*\d{1,2}\s*(?:of|von|de|sur|di|van|av|z)\s*\d{1,2}\s*[:.)]?$/iu;

/** A step's number alone on its line ("Step 2", "Étape 3/8", "Step 2 of 5"). */
export const isStepLabel = (t: string): boolean => STEP_LABEL.test(t) || STEP_OF.test(t);

// The count after a step's number, printed before its text ("Step 1/4 Preheat…", "Step 1 of 4:
// Preheat…", "Step 1/4Preheat…"): the page's count, no word of the step.
const COUNTED_LABEL =
  /^(?:step|schritt|étape|etape|paso|passo|stap|steg|etapa)\s*\d{1,2}\s*(?:\/|of\s|von\s|de\s|sur\s|di\s|van\s|av\s)\s*\d{1,2}(?!\d)\s*[:.)–—-]?\s*(?=\S)/iu;

/** The step's text without a counted label before it ("Step 1/4 Preheat…" → "Preheat…"). */
export const withoutStepCount = (t: string): string => t.replace(COUNTED_LABEL, "");

// A short line that ends no sentence: a tag, a time, a diet ("Vegetarian", "15 min", "Easy").
const CHIP = /^[^.!?:;]{1,30}$/u;

/**
 * Whether a line after a step's text, in a method labelled "Step 1", "Step 2", is one of the
 * chips a page sets under the step (its time, its tags): no sentence, a few words.
 */
export const isChip = (t: string): boolean => CHIP.test(t) && t.split(/\s+/).length <= 4 && !stepLike(t);

const sideLists = new WeakMap<Block[], Map<number, boolean>>();

/**
 * Whether the block at `j` is an item of a list nested in a step of a box named as the method
 * (pageBlocks' `nest`) whose items none reads as a step: the step's own ingredients or tools,
 * shown beside its text, not steps of the method.
 */
export function inSideList(blocks: Block[], j: number): boolean {
  const n = blocks[j]!.nest;
  if (!n) return false;
  let known = sideLists.get(blocks);
  if (!known) sideLists.set(blocks, (known = new Map()));
  let side = known.get(n);
  if (side === undefined) {
    // A list's items stand together, lists nested deeper among them.
    let from = j;
    while (from > 0 && blocks[from - 1]!.nest) from--;
    let to = j;
    while (to + 1 < blocks.length && blocks[to + 1]!.nest) to++;
    side = !blocks.slice(from, to + 1).some((b) => b.nest === n && stepLike(b.text));
    known.set(n, side);
  }
  return side;
}

const LIST = new Set(["ul", "ol"]);
const HEADING = /^h[1-6]$/;

/**
 * The lines of an element whose class or id names the method, as linesOf reads them, less the
 * lists nested in its steps that hold no step (the step's own ingredients and tools, each item
 * once more as a line and all of them again in the step's text) and less a last item that is a
 * heading alone ("Enjoy your meal!" over the dish's picture): no step of the cook's.
 */
export function methodLines(el: Element): string[] {
  const lis = findAll(el, (e) => e !== el && e.name === "li");
  if (!lis.length) return withoutChips(linesOf(el));
  const side = new Set<AnyNode>();
  for (const li of lis)
    for (const k of li.children)
      if (
        isElement(k) &&
        LIST.has(k.name) &&
        !findAll(k, (e) => e.name === "li").some((i) => stepLike(textOf(i)))
      )
        side.add(k);
  const last = lis.at(-1)!;
  const heading = findFirst(last, (e) => HEADING.test(e.name));
  // (However it reads: "Enjoy your meal!" is a sentence, but set as a heading over no text.)
  const lone = !!heading && textOf(heading) === textOf(last) && textOf(last).length <= 60;
  if (!side.size && !lone) return withoutChips(linesOf(el));
  const inSide = (n: AnyNode): boolean => {
    for (let p = n.parent; p && p !== el; p = p.parent) if (side.has(p)) return true;
    return false;
  };
  return withoutChips(
    lis
      .filter((li) => !inSide(li) && !(lone && li === last))
      .map((li) => textOf(li, side))
      .filter(Boolean),
  );
}

/**
 * Fed a method's lines in order, says whether each is a chip after its step's text (isChip): a
 * step's text read since the last "Step N" label, then a short line. The one rule for both shapes
 * of input, the lines of a method-named box (withoutChips) and the page's blocks (genericSections).
 */
export function chipTeller(): (text: string) => boolean {
  let told = false;
  return (text) => {
    if (isStepLabel(text)) told = false;
    else if (told && isChip(text)) return true;
    else if (stepLike(text)) told = true;
    return false;
  };
}

/** The lines less the chips after each step's text, in a method labelled "Step 1", "Step 2" (isChip). */
function withoutChips(lines: string[]): string[] {
  if (!lines.some(isStepLabel)) return lines;
  const chip = chipTeller();
  return lines.filter((l) => !chip(l));
}
