import type { WordPattern } from "./caselessWords.ts";
import type { Instruction } from "../domain/recipe.ts";
import { findAll, type Document } from "./dom.ts";
import { partsInterleaved, stepRun, byContent, bestRun } from "./genericByContent.ts";
import {
  groupsTheMethodNames,
  amountsJoined,
  amountsOnce,
  namesAPart,
  oneSystem,
} from "./genericIngredients.ts";
import {
  STEP_LABEL,
  FIRST_STEP,
  NOISE_LINE,
  isWidgetLine,
  GROUP_LIKE,
  isSectionHead,
  SHOWN_COLON,
  BULLET,
  measured,
  stepLike,
} from "./genericLines.ts";
import {
  namesDishThen,
  wordsThenDish,
  sectionLines,
  looksLikeIngredient,
  stepsHeadingNext,
} from "./genericSections.ts";
import {
  BARE_STEP_NUMBER,
  countsOn,
  METHOD_INTRO,
  METHOD_OUTRO,
  AFFILIATE_MARK,
  withoutOwnIngredients,
  TITLE_NUMBER,
  STEP_TITLE,
  FIRST_NUMBER,
  TRAILING_YIELD,
  STEP_BULLET,
} from "./genericSteps.ts";
import { isIngredientHeading, parseIngredientList } from "./ingredients.ts";
import { type Block, linesOf, METHOD_NAME } from "./pageBlocks.ts";
import { isNumberLabel, splitNumbered, type PartialRecipe } from "./schemaRecipe.ts";
import { INGREDIENT_WORDS, INSTRUCTION_WORDS, isStepsWord } from "./sectionWords.ts";
import { withoutWordLabel } from "./stepHeadings.ts";
import { methodLines, withoutStepCount } from "./stepItems.ts";
import { lettersOf as letters } from "./siteName.ts";
import { stripBullet } from "./text.ts";

// Matches nothing: a rule left out.
const NEVER = /(?!)/;

// The generic reader for pages without a known card: ingredient and step sections found by their
// headings (8 languages), else by what the lines look like.

/**
 * `typed`: the page is a cook's own text made HTML (TYPED_TEXT): each step is one line the cook
 * wrote, so what a page's card adds to a step (a bold yield after the last, the step's own
 * ingredients in a block beside it) is the cook's words there, kept.
 */
// A letter or a digit: what any step's words hold.
const WORDED = /[\p{L}\p{N}]/u;

export function generic(doc: Document, blocks: Block[], typed = false): PartialRecipe | null {
  // The ingredient heading whose section reads most like ingredient lines.
  let ingLines: string[] = [];
  let ingAt = -1;
  let best = 0;
  let candidates = 0;
  const dish = blocks.find((b) => b.level === 1)?.text.toLowerCase() ?? "";
  const heads = (b: Block, words: WordPattern) =>
    isSectionHead(b, words) || namesDishThen(b, words, dish) || wordsThenDish(b, words, dish);
  const ingHeads: number[] = [];
  blocks.forEach((b, i) => {
    if (candidates >= 30 || !heads(b, INGREDIENT_WORDS)) return;
    candidates++;
    ingHeads.push(i);
    const lines = sectionLines(blocks, i, "ingredients", typed);
    // Of two lists that read alike (a post's list of what it takes, then the card's), the one
    // the steps' heading follows is the recipe's.
    const score =
      lines.filter(looksLikeIngredient).length +
      lines.length / 100 +
      (lines.length && stepsHeadingNext(blocks, i) ? 0.5 : 0);
    if (score > best) {
      best = score;
      ingLines = lines;
      ingAt = i;
    }
  });
  // The first steps heading after the ingredients, else the first with lines.
  let insLines: string[] = [];
  let insAt = -1;
  const insHeads = blocks.flatMap((b, i) => (heads(b, INSTRUCTION_WORDS) ? [i] : []));
  for (const i of [...insHeads.filter((i) => i > ingAt), ...insHeads.filter((i) => i < ingAt)].slice(0, 30)) {
    insLines = sectionLines(blocks, i, "steps", typed);
    insAt = i;
    if (insLines.length) break;
  }
  // A post's method told in paragraphs ("How to make …"), then the recipe card: its own
  // ingredients heading over the same ingredients, then its method as a list. The card's list is
  // the method. (Another dish's recipe after the post, a video's, lists other ingredients.)
  if (insLines.length && !typed && !listed(blocks, insAt)) {
    const words = new Set(ingLines.flatMap(wordsOf));
    const same = (h: number) => {
      const w = sectionLines(blocks, h, "ingredients", typed).flatMap(wordsOf);
      return w.length > 0 && w.filter((x) => words.has(x)).length >= w.length * 0.6;
    };
    const card = insHeads.find(
      (k) => k > insAt && ingHeads.some((h) => h > insAt && h < k && same(h)) && listed(blocks, k),
    );
    const lines = card === undefined ? [] : sectionLines(blocks, card, "steps", typed);
    if (lines.length) {
      insLines = lines;
      insAt = card!;
    }
  }
  // Class names give the lists away when headings do not.
  if (!ingLines.length) {
    const el = findAll(
      doc,
      (e) =>
        (e.name === "ul" || e.name === "ol") &&
        /ingredient/i.test(`${e.attribs.class ?? ""} ${e.attribs.id ?? ""}`),
    )[0];
    if (el) ingLines = amountsJoined(linesOf(el));
  }
  if (!insLines.length) {
    const el = findAll(
      doc,
      (e) =>
        (e.name === "ol" || e.name === "ul" || e.name === "div") &&
        METHOD_NAME.test(`${e.attribs.class ?? ""} ${e.attribs.id ?? ""}`),
    )[0];
    // Widget text in a box named like steps ("+ Create your first collection") is no method.
    const lines = el ? methodLines(el).filter((l) => !NOISE_LINE.test(l)) : [];
    if (lines.some(stepLike)) insLines = lines;
  }
  // Steps under a heading the word lists lack ("Recipe", "Let's get started!"): the step-like
  // lines after the ingredients.
  if (ingLines.length >= 2 && !insLines.length && ingAt >= 0) {
    const rank = blocks[ingAt]!.level || 7;
    // A group label of the list ("For the sauce:") is passed; a label over sentences opens the steps.
    const opensSteps = (k: number) =>
      !GROUP_LIKE.test(blocks[k]!.text) || (k + 1 < blocks.length && stepLike(blocks[k + 1]!.text));
    // A question ("Can I freeze it?") heads a part of the post, not the method.
    let j = ingAt + 1;
    while (
      j < blocks.length &&
      !(blocks[j]!.level && blocks[j]!.level <= rank && opensSteps(j) && !blocks[j]!.text.endsWith("?"))
    )
      j++;
    insLines = stepRun(blocks, j).lines;
  }
  // No heading names the method, and the recipe is written in parts, each a heading over its list
  // then its steps: every part is read, not the longest list with the steps after it.
  if (!insHeads.length && ingAt >= 0) {
    for (const i of ingHeads) {
      const parts = partsInterleaved(blocks, i);
      if (parts) {
        ingLines = parts.ingredients;
        insLines = parts.steps;
        break;
      }
    }
  }
  // No heading names the method, but its first step's does ("Step 1/4", "Schritt 1"): the method
  // runs from there, past the sections between the list and it (utensils, nutrition).
  if (!insLines.length) {
    const first = blocks.findIndex((b) => b.level && STEP_LABEL.test(b.text) && FIRST_STEP.test(b.text));
    if (first >= 0) insLines = sectionLines(blocks, first, "steps");
  }
  // One ingredient is a recipe too (toast, a dressing) when a heading names it and steps follow
  // under their own heading: pasted text often is exactly that.
  const oneUnderHeadings =
    ingLines.length === 1 && ingAt >= 0 && insHeads.length > 0 && looksLikeIngredient(ingLines[0]!);
  if ((ingLines.length < 2 && !oneUnderHeadings) || !insLines.length) {
    const found = byContent(blocks);
    // Steps under their heading with an unheaded list before it ("600 g tomatoes" … "Recipe
    // steps"), other page text between: the list is the run of measured lines before the heading,
    // less a serving selector's words ("4 people").
    const list = !found && insLines.length && ingAt < 0 ? bestRun(blocks, insAt) : null;
    if (found) {
      ingLines = amountsJoined(found.ingredients);
      insLines = found.steps;
    } else if (list)
      ingLines = amountsJoined(
        blocks
          .slice(list.start, list.end)
          .map((b) => b.text.replace(BULLET, ""))
          .filter((t) => !isWidgetLine(t)),
      );
    // A list under its heading, measured, with no method on the page (shown only by a script or
    // an app): the ingredients alone, for the steps to be asked for.
    else if (ingAt < 0 || ingLines.filter(measured).length < 3) return null;
  }
  // (Amounts set over their names are joined where each list is read: sectionLines, above.)
  // A cook's text shows each list once, as written: a list typed twice is two lists.
  ingLines = namesAPart(groupsTheMethodNames(typed ? ingLines : amountsOnce(oneSystem(ingLines)), insLines));
  const r: PartialRecipe = {};
  // A list written with dashes or bullets in its text ("- 1 cup milk") loses them.
  const ingredients = parseIngredientList(
    ingLines.filter((l) => l.length < 200).map((l) => stripBullet(l).replace(AFFILIATE_MARK, "")),
  );
  if (ingredients.length) r.ingredients = ingredients;
  let section: string | null = null;
  const steps: Instruction[] = [];
  // A paragraph holding the whole method ("1. Whisk… 2. Fold…") is cut at numbers that count on.
  const lines = insLines.flatMap((x) => (FIRST_NUMBER.test(x) ? splitNumbered(x) : [x]));
  let label = "";
  // A numbered step's title over its text ("1. To prepare the vegetables:" / "Slice the
  // capsicum…") opens that step, as the page numbers them; so does the method's last title
  // among such ("To serve:").
  const titled = lines.some((l) => TITLE_NUMBER.test(l) && STEP_TITLE.test(l));
  const numbered = countsOn(lines);
  for (const [i, l] of lines.entries()) {
    const next = lines[i + 1];
    if (titled && STEP_TITLE.test(l) && next && stepLike(next) && !next.endsWith(":")) {
      label = `${l.replace(TITLE_NUMBER, "").replace(SHOWN_COLON, ":")} `;
      continue;
    }
    // A line with a number leading into what follows is a step ("Bake for 20 minutes, then:") or
    // its label ("Krok 1:"), not a section of the method; under a step's label ("Step 1 Toast
    // the bread for 2 minutes:") a title without a clause is the step's, its number and all; so
    // is one in a method its colon headings already part ("Make the batter:" … "Cook for 2 minutes:").
    const unlabelled = withoutWordLabel(l);
    const labelled = (unlabelled !== l || section !== null) && !unlabelled.includes(",");
    if (isIngredientHeading(unlabelled) && unlabelled.endsWith(":") && (labelled || !/\d/.test(l))) {
      section = unlabelled.replace(/:$/, "");
      // The dish's own name over the method's first steps ("Strogonoff de frango") is the page's
      // title set again, not a part of the method; a cook reads those steps as the method itself.
      if (!steps.length && !!dish && letters(section) === letters(dish)) section = null;
      continue;
    }
    // Steps written as a dashed or bulleted list ("– Dice the onion") lose the bullet as the
    // ingredients do.
    const t = withoutStepCount(numbered ? l.replace(BARE_STEP_NUMBER, "") : l)
      .replace(SHOWN_COLON, ":")
      .replace(AFFILIATE_MARK, "")
      .replace(STEP_BULLET, "")
      .replace(typed ? NEVER : TRAILING_YIELD, "$1")
      .replace(/^(?:(?:step|schritt|étape|paso|passo|stap|steg)\s*)?\d{1,2}\s*[.):|]\s+/i, "")
      // "Step 1 Preheat…", "Step 2In a bowl…": the label printed before the text without a stop.
      .replace(/^(?:step|schritt|étape|paso|passo|stap|steg)\s*\d{1,2}\s*(?=\p{Lu}|\p{Ll}{2})/iu, "");
    // A line with no letter nor digit (an icon font's glyph beside a time, a private-use character)
    // is the page's drawing, not a step.
    if (t && WORDED.test(t) && !isNumberLabel(t)) steps.push({ text: label + t, section });
    label = "";
  }
  // Lines that speak to the reader at either end of the method are the post's, not steps.
  let from = 0;
  let to = steps.length;
  // So are the dish's name and the section's word heading the method ("Tortino", "Procedimento").
  const heading = (t: string) => isStepsWord(t) || (!!dish && letters(t) === letters(dish));
  while (from < to && METHOD_INTRO.test(steps[from]!.text)) from++;
  // (Only over steps: a "method" of headings alone is one the reader did not find, left as read.)
  let past = from;
  while (past < to && heading(steps[past]!.text)) past++;
  if (past < to) from = past;
  while (to > from && METHOD_OUTRO.test(steps[to - 1]!.text)) to--;
  let method = from > 0 || to < steps.length ? steps.slice(from, to) : steps;
  // A page that prints its method twice (the card, then its print copy) gives the same run of
  // steps twice over: read once. Only a repeat of the whole run, line for line, is one.
  const half = method.length / 2;
  if (
    half >= 2 &&
    Number.isInteger(half) &&
    method.slice(0, half).every((s, k) => s.text === method[half + k]!.text)
  )
    method = method.slice(0, half);
  if (method.length) r.instructions = typed ? method : withoutOwnIngredients(method, ingLines);
  return r;
}

/**
 * Whether the steps under a heading (its sub-headings passed, up to the next heading of its rank)
 * are written as list items, two at least and most of them.
 */
function listed(blocks: Block[], at: number): boolean {
  const rank = blocks[at]!.level || 7;
  let items = 0;
  let prose = 0;
  for (let j = at + 1; j < blocks.length && j < at + 200; j++) {
    const b = blocks[j]!;
    if (b.level && b.level <= rank) break;
    if (!stepLike(b.text)) continue;
    if (b.item) items++;
    else prose++;
  }
  return items >= 2 && items > prose;
}

// A line's words, lower-cased: letters only (amounts differ between a post's list and its card's).
const wordsOf = (l: string): string[] => l.toLowerCase().match(/\p{L}{3,}/gu) ?? [];
