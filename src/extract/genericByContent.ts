import {
  STEP_LABEL,
  NOISE_LINE,
  isWidgetLine,
  NOTE_LINE,
  stops,
  PAGE_SECTION,
  shortQuestion,
  isSectionHead,
  stepsGroup,
  BULLET,
  ingredientLike,
  longMeasured,
  measured,
  plainItem,
  stepLike,
} from "./genericLines.ts";
import { BULLET_MARKS } from "./text.ts";
import type { Block } from "./pageBlocks.ts";
import { INGREDIENT_WORDS, isPhaseWord } from "./sectionWords.ts";

// The generic reader without headings: ingredient and step runs found by what their lines read like.

/**
 * A recipe whose parts are named twice, with no heading for either list ("La pâte feuilletée"
 * over its ingredients, later "La pâte feuilletée" over its steps): each part's lines under its
 * first heading are its ingredients, under its second its steps. Two parts at least.
 */
function namedTwice(blocks: Block[]): { ingredients: string[]; steps: string[] } | null {
  const heads = new Map<string, number[]>();
  blocks.forEach((b, i) => {
    if (b.level < 1 || b.level > 6 || b.text.length > 60) return;
    const key = b.text.toLowerCase();
    heads.set(key, [...(heads.get(key) ?? []), i]);
  });
  // The lines under the heading at `i` that read as `kind` does, up to the first that does not
  // (the next heading, the post's chrome after the last part).
  const under = (i: number, kind: (t: string) => boolean): string[] => {
    const out: string[] = [];
    // A part written as a list ends with its list.
    const listed = !!blocks[i + 1]?.item;
    for (let j = i + 1; j < blocks.length; j++) {
      const t = blocks[j]!.text.replace(BULLET, "");
      if (isWidgetLine(t)) continue;
      const b = blocks[j]!;
      if ((b.level >= 1 && b.level <= 6) || stops(t) || !kind(t) || b.item !== listed) break;
      out.push(t);
    }
    return out;
  };
  const parts = [...heads]
    .filter(([, at]) => at.length === 2)
    .map(([, [first, second]]) => ({
      name: blocks[first!]!.text,
      ing: under(first!, ingredientLike),
      steps: under(second!, stepLike),
    }))
    .filter((p) => p.ing.length && p.steps.length);
  if (parts.length < 2) return null;
  return {
    ingredients: parts.flatMap((p) => [`${p.name.replace(/\s*:$/, "")}:`, ...p.ing]),
    steps: parts.flatMap((p) => p.steps),
  };
}

/** The ingredient run starting at `i`: its end and how many lines have a quantity. */
function ingredientRun(blocks: Block[], i: number): { end: number; qty: number; units: number } {
  let qty = 0;
  let units = 0;
  let j = i;
  for (; j < blocks.length; j++) {
    const b = blocks[j]!;
    if (isSectionHead(b, PAGE_SECTION) || stops(b.text)) break;
    // A long item inside the run (a group's "500g short pasta, penne, … or grilled sausages") is one.
    if ((ingredientLike(b.text) || (j > i && longMeasured(b.text))) && b.level !== 1) {
      qty++;
      if (measured(b.text)) units++;
    } else if (!plainItem(b)) break;
  }
  // Plain lines after the last quantity belong to what follows (a heading, a label)…
  const last = j;
  while (
    j > i &&
    !ingredientLike(blocks[j - 1]!.text) &&
    !(j - 1 > i && longMeasured(blocks[j - 1]!.text)) &&
    !blocks[j - 1]!.item
  )
    j--;
  // …unless the first step follows them at once: one or two plain paragraphs set as the lines
  // are (paragraphs too, not a list's items) are the list's last items without an amount ("Salt
  // and black pepper", "Cooked rice, to serve"); a label over the method is bold, a heading,
  // written in capitals ("METHOD") or ends in a colon.
  const step = blocks[last];
  const tail = blocks.slice(j, last);
  if (
    qty &&
    j > i &&
    !blocks[j - 1]!.item &&
    tail.length &&
    tail.length <= 2 &&
    step &&
    !step.level &&
    stepLike(step.text) &&
    tail.every(
      (b) =>
        !b.level &&
        !b.text.endsWith(":") &&
        b.text !== b.text.toUpperCase() &&
        !isWidgetLine(b.text) &&
        !STEP_LABEL.test(b.text),
    )
  )
    j = last;
  return { end: j, qty, units };
}

/**
 * A recipe written in parts with no heading for the method, each part a heading over its list and
 * then its steps ("Zutaten für die Brötchen:", the list, two paragraphs; "Zutaten für die
 * Bratlinge:", …; "Fertigstellung:", …): from the list's heading at `first`, the parts under
 * headings of its rank, while each holds a list and steps. Two parts at least; each part's heading
 * becomes a group of the list.
 */
export function partsInterleaved(
  blocks: Block[],
  first: number,
): { ingredients: string[]; steps: string[] } | null {
  const rank = blocks[first]!.level;
  if (!rank) return null;
  const ingredients: string[] = [];
  const steps: string[] = [];
  let parts = 0;
  let i = first;
  // Bounded by the blocks each part reads, at most 400 in all.
  const end = Math.min(blocks.length, first + 400);
  while (i < end) {
    const head = blocks[i]!;
    if (head.level !== rank || head.text.length > 60 || isSectionHead(head, PAGE_SECTION) || stops(head.text))
      break;
    let j = i + 1;
    const list: string[] = [];
    for (; j < end && !blocks[j]!.level; j++) {
      const b = blocks[j]!;
      if (!(ingredientLike(b.text) || (b.item && !stepLike(b.text)))) break;
      if (!isWidgetLine(b.text)) list.push(b.text.replace(BULLET, ""));
    }
    const method: string[] = [];
    for (
      ;
      j < end &&
      !blocks[j]!.level &&
      stepLike(blocks[j]!.text) &&
      !stops(blocks[j]!.text) &&
      // A tips box after the part's steps (pageBlocks' tipsBox) ends them.
      !(method.length && blocks[j]!.tips);
      j++
    )
      if (!NOTE_LINE.test(blocks[j]!.text)) method.push(blocks[j]!.text);
    if (!list.length || !method.length) break;
    ingredients.push(`${head.text.replace(/\s*:$/, "")}:`, ...list);
    steps.push(...method);
    parts++;
    i = j;
  }
  return parts >= 2 ? { ingredients, steps } : null;
}

/** Steps from `i`: over at most two heading lines, then the step-like lines that follow. */
export function stepRun(blocks: Block[], i: number): { lines: string[]; end: number } {
  let j = i;
  // The rank of the heading over the run, if any: headings ranked below it name its parts.
  let rank = 0;
  for (let heads = 0; j < blocks.length && heads < 2; j++) {
    const b = blocks[j]!;
    if (stepLike(b.text) && !(b.level >= 1 && b.level <= 6)) break;
    // Prose before any step is no method; a heading may be long ("How to make Roasted Peppers And
    // Mushroom Tortilla Pizza Recipe").
    if (isSectionHead(b, PAGE_SECTION) || b.text.length > (b.level >= 1 && b.level <= 6 ? 120 : 60))
      return { lines: [], end: j };
    if (b.level >= 1 && b.level <= 6) rank = b.level;
    heads++;
  }
  const lines: string[] = [];
  for (; j < blocks.length && lines.length < 60; j++) {
    const b = blocks[j]!;
    if (isSectionHead(b, PAGE_SECTION) || isSectionHead(b, INGREDIENT_WORDS) || stops(b.text)) break;
    if (lines.length && !b.item && shortQuestion(b.text)) break;
    // A box the page names as tips or notes after the steps, opening with a sentence: the cook's
    // asides, not steps (a tooltip's "Share" or a time's footnote named "note" is none).
    if (b.tips && lines.length && stepLike(b.text)) break;
    if (NOISE_LINE.test(b.text) || STEP_LABEL.test(b.text)) continue;
    // A heading ranked below the run's own over more steps ("Si cucina!", then "Formiamo le
    // polpettine" over its step) names a part of the method, after its first step.
    const next = blocks[j + 1];
    if (
      lines.length &&
      rank &&
      b.level > rank &&
      b.level <= 6 &&
      b.text.length <= 60 &&
      next &&
      !next.level &&
      stepLike(next.text)
    ) {
      lines.push(stepsGroup(b.text));
      continue;
    }
    // A heading naming the method's next phase ("Voorbereiden" over the run, then "Bereiden") over
    // more steps: the method goes on, the phase's name left out as the structured reader does.
    if (
      lines.length &&
      b.level >= 1 &&
      b.level <= 6 &&
      isPhaseWord(b.text) &&
      next &&
      !next.level &&
      stepLike(next.text)
    )
      continue;
    if (!stepLike(b.text) || (b.level >= 1 && b.level <= 6)) break;
    lines.push(b.text);
  }
  return { lines, end: j };
}

/**
 * Ingredient and step lines found by what they read like, not by headings: the run of
 * ingredient-like lines (at least three with a quantity) followed by steps; several such groups
 * in a row (a dough, then a filling) are read together. Null when no run is followed by steps.
 */
export function byContent(blocks: Block[]): { ingredients: string[]; steps: string[] } | null {
  const twice = namedTwice(blocks);
  if (twice) return twice;
  const best = bestRun(blocks, blocks.length);
  if (!best) return null;
  const ingredients: string[] = [];
  const steps: string[] = [];
  let at = best.start;
  let end = best.end;
  const mark = listMark(blocks.slice(at, end));
  for (let round = 0; round < 6; round++) {
    // A marked line after the run's last quantity ("• Salt, pepper") is the list's still.
    end = markedRun(blocks, end, mark);
    ingredients.push(...groupedLines(blocks, at, end));
    const s = stepRun(blocks, end);
    if (!s.lines.length) break;
    steps.push(...s.lines);
    // Another group: a heading line (a small heading too: "sauce" in an h3 over its lines, then
    // its steps), then another run of ingredients.
    let next = s.end;
    const head = blocks[next];
    if (head && !ingredientLike(head.text) && (plainItem(head) || smallLine(head))) next++;
    const more =
      next < blocks.length && ingredientLike(blocks[next]!.text) ? ingredientRun(blocks, next) : null;
    const marked = markedRun(blocks, s.end, mark);
    if (marked > s.end && (!more || more.qty < 2 || more.end < marked)) {
      at = s.end;
      end = marked;
      continue;
    }
    if (!more || more.qty < 2) break;
    at = s.end;
    end = more.end;
  }
  return steps.length && steps.some((l) => l.length >= 40) ? { ingredients, steps } : null;
}

/** A small heading's line ("Paneer Skewers" in an h5, a bold "Sauce"): a short plain line of a heading's rank. */
const smallLine = (b: Block): boolean =>
  b.level >= 1 && b.level <= 7 && plainItem({ ...b, level: 0 }) && !ingredientLike(b.text);

/** A line of a list's group under its heading: an ingredient line, or a long one with its amount and unit. */
const itemLine = (t: string): boolean => ingredientLike(t) || longMeasured(t);

/**
 * The list's lines from `from` to `to`, each small heading over a group's items ("Poblano Sauce",
 * its items, "Paneer Skewers", its items) written as the group's name ("Paneer Skewers:"): a
 * heading names a group and is no item. The heading just before the first group is its name too
 * when another group has a heading of its rank.
 */
export function groupedLines(blocks: Block[], from: number, to: number): string[] {
  // A rank the list's own items are written at (bold lines among plain ones) heads nothing.
  const itemRanks = new Set<number>();
  for (let i = from; i < to; i++) if (ingredientLike(blocks[i]!.text)) itemRanks.add(blocks[i]!.level);
  const smallHeading = (b: Block) => smallLine(b) && !itemRanks.has(b.level);
  const heads = new Set<number>();
  for (let i = from; i < to - 1; i++)
    if (smallHeading(blocks[i]!) && itemLine(blocks[i + 1]!.text)) heads.add(blocks[i]!.level);
  const lead = blocks[from - 1];
  const named = (t: string) => `${t.replace(BULLET, "").replace(/\s*:$/, "")}:`;
  const out = lead && heads.has(lead.level) && smallHeading(lead) ? [named(lead.text)] : [];
  for (let i = from; i < to; i++) {
    const b = blocks[i]!;
    const next = blocks[i + 1];
    out.push(
      i + 1 < to && next && smallHeading(b) && itemLine(next.text)
        ? named(b.text)
        : b.text.replace(BULLET, ""),
    );
  }
  return out;
}

// The mark a line is written with ("• 15 g Parmesan"): a character, not a list's own bullet.
const MARK = new RegExp(String.raw`^\s*([${BULLET_MARKS}])\s*\S`, "u");

/** The mark every line of a list is written with, if one. */
function listMark(list: Block[]): string | null {
  const m = list.length >= 2 ? MARK.exec(list[0]!.text)?.[1] : undefined;
  return m && list.every((b) => MARK.exec(b.text)?.[1] === m) ? m : null;
}

/**
 * Where the lines from `i` written with the list's own mark end (`i` when none is): a recipe that
 * sets each step's ingredients over it ("• 2 schnitzel" over step 2, "• salt" / "• flour" over
 * step 3) writes them as its first lines, measured or not, and the steps that follow are its own.
 */
function markedRun(blocks: Block[], i: number, mark: string | null): number {
  let j = i;
  if (!mark) return j;
  while (
    j < blocks.length &&
    !blocks[j]!.level &&
    MARK.exec(blocks[j]!.text)?.[1] === mark &&
    !stepLike(blocks[j]!.text)
  )
    j++;
  return j;
}

/**
 * The run of ingredient-like lines before `before` with the most quantities (at least three, or a
 * listed pair of measured lines; mostly quantities), less a sentence of the post before it.
 */
export function bestRun(blocks: Block[], before: number): { start: number; end: number; qty: number } | null {
  let best: { start: number; end: number; qty: number } | null = null;
  for (let i = 0; i < before; i++) {
    if (!ingredientLike(blocks[i]!.text)) continue;
    // A run begins at its first quantity line, or the group line just before it.
    const start = i > 0 && plainItem(blocks[i - 1]!) && blocks[i - 1]!.text.endsWith(":") ? i - 1 : i;
    const run = ingredientRun(blocks, start);
    // A short list (a cocktail, a dressing) counts when it is a list of the page with two measured lines.
    const listed = run.units >= 2 && blocks.slice(start, run.end).every((b) => b.item);
    if (
      (run.qty >= 3 || listed) &&
      run.units >= 2 &&
      run.qty * 2 >= run.end - start &&
      (!best || run.qty > best.qty)
    )
      best = { start, end: run.end, qty: run.qty };
    i = Math.max(i, run.end - 1);
  }
  if (!best) return null;
  best.end = Math.min(best.end, before);
  // A sentence of the post before the list ("A sharp classic.") reads like a line without a unit; the list starts at its items.
  while (
    best.end - best.start > 2 &&
    !blocks[best.start]!.item &&
    !blocks[best.start]!.text.endsWith(":") &&
    !measured(blocks[best.start]!.text) &&
    blocks[best.start + 1]!.item
  )
    best.start++;
  return best;
}
