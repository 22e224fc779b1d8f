import type { WordPattern } from "./caselessWords.ts";
import { withoutActionTail } from "./actionTail.ts";
import { ownAmount, amountsJoined, BARE_NAME } from "./genericIngredients.ts";
import {
  STEP_LABEL,
  TITLED_STEP,
  SERVING_LINE,
  isWidgetLine,
  META_LINE,
  DETAIL_LINE,
  NOTE_LINE,
  stops,
  PAGE_SECTION,
  shortQuestion,
  GROUP_LIKE,
  isSectionHead,
  stepsGroup,
  BULLET,
  ingredientLike,
  measuredNext,
  measured,
  plainItem,
  stepLike,
  withoutSelectorWord,
} from "./genericLines.ts";
import { nutritionShare } from "./nutritionShare.ts";
import { opensMethodPart, partTitle } from "./methodPart.ts";
import type { Block } from "./pageBlocks.ts";
import { pantryHead } from "./pantryHead.ts";
import { toolsLine } from "./toolsLine.ts";
import { INGREDIENT_WORDS, INSTRUCTION_WORDS, isIngredientsWord, isPhaseWord } from "./sectionWords.ts";
import {
  type StepLine,
  NUMBER_ALONE,
  chipTeller,
  inSideList,
  isStepLabel,
  joinedUnderNumbers,
  stepItems,
} from "./stepItems.ts";

// A heading saying "in addition" alone, in the languages of the pages read.
const ALSO_HEAD =
  /^(?:außerdem|ausserdem|zusätzlich|additionally|in addition|also|daarnaast|verder|en plus|inoltre|además|além disso|dessutom|desuden|i tillegg|ponadto)\s*:?$/iu;

// The generic reader's sections: the lines under an ingredient or a method heading.

// A note in brackets that closes a line ("… (add after cooking)").
const NOTE_END = /\s*\([^()]*\)$/;

// A heading of three words or more ending in a bare count ("People Who Like This Dish 0").
const COUNTED_HEAD = /^\p{L}[\p{L}'’]*(?:\s+(?:&|\p{L}[\p{L}'’]*)){2,}\s+\(?\d+\)?$/u;

/**
 * A heading that names the dish (the page's h1) before the section's words, which close it
 * ("Köri Soslu Tavuk İçin Malzemeler", "Köri Soslu Tavuk Nasıl Yapılır?"), as languages that put
 * the noun last write it. The dish's name must lead: a post's "Crust Ingredients" or "Tools
 * You'll Need" heads no section of the card.
 */
export function namesDishThen(b: Block, words: WordPattern, dish: string): boolean {
  if (!dish || b.level < 1 || b.level > 6 || b.text.length > 120) return false;
  const s = b.text.replace(/[\s:：.?!]+$/u, "");
  if (!s.toLowerCase().startsWith(dish)) return false;
  for (const m of s.slice(dish.length).matchAll(/\s(?=\p{L})/gu)) {
    const rest = s.slice(dish.length + m.index + 1);
    const w = words.exec(rest);
    if (w && w[0].length === rest.length) return true;
  }
  return false;
}

/**
 * A heading that names the section's words, then the dish (the page's h1) after them ("Come
 * preparare: Pesce spada al miele millefiori, pomodorini e patatine novelle"), however long the
 * dish's name: the words lead, the dish closes it.
 */
export function wordsThenDish(b: Block, words: WordPattern, dish: string): boolean {
  if (!dish || b.level < 1 || b.level > 6 || b.text.length > 200) return false;
  const s = b.text.toLowerCase().replace(/[\s:：.?!]+$/u, "");
  if (!s.endsWith(dish) || s.length === dish.length) return false;
  const rest = s.slice(0, s.length - dish.length).replace(/[\s:：-]+$/u, "");
  const w = words.exec(rest);
  return !!w && w[0].length === rest.length;
}

/**
 * Lines under a section heading, sub-headings as "Name:" group lines; null when empty. `typed`:
 * the page is a cook's own text (see TYPED_TEXT), whose method holds only what the cook put there
 * and whose list's groups hold what the cook listed under them.
 */
export function sectionLines(
  blocks: Block[],
  start: number,
  kind: "ingredients" | "steps",
  typed = false,
): string[] {
  const head = blocks[start]!;
  const level = head.level || 7;
  const lines: StepLine[] = [];
  // Steps labelled "Step 1", "Step 2" seen; once there are, the short lines after a step's text are
  // its chips (stepItems.ts).
  let labels = 0;
  const chip = chipTeller();
  // The heading over the method's first part, once a heading of its rank may open another; and
  // whether one did (opensMethodPart).
  let partHead: string | null | undefined;
  let parted = false;
  // A step's number set alone on the line before it, for the next line read (joinedUnderNumbers).
  let num = 0;
  // Bounded: a section spans at most 400 blocks, so many candidate headings stay linear.
  const end = Math.min(blocks.length, start + 400);
  // A serving selector's word glued to the list's first amount leaves the amount (withoutSelectorWord).
  const at = (j: number): Block | undefined =>
    kind === "ingredients" && blocks[j] ? withoutActionTail(withoutSelectorWord(blocks[j]!)) : blocks[j];
  for (let j = start + 1; j < end && lines.length < 120; j++) {
    const b = at(j)!;
    // What follows the page's footer (a reminder's or a newsletter's modal) is not the list's.
    if (b.afterFooter && lines.length) break;
    // A box the page names as tips or notes after the steps holds the cook's asides, not steps:
    // when it opens with a sentence (a tooltip's "Share" or a time's footnote named "note" is none).
    if (kind === "steps" && b.tips && lines.length && stepLike(b.text)) break;
    // A nutrient's share ("9% Fehérje") opens the nutrition rows set after the list.
    if (kind === "ingredients" && nutritionShare(b.text)) break;
    // So does a card's time after the list ("1h 18min:", "Prep time 10 min"): the card's details
    // start there. A worded label without a number ("Baking:") may head a group, and stays.
    if (kind === "ingredients" && lines.length && /\d/.test(b.text) && DETAIL_LINE.test(b.text)) break;
    // A list of its own after the lines whose first three items or more are a link's text alone,
    // no amount (a row of tags, related posts): the recipe's tags, not its ingredients.
    if (kind === "ingredients" && lines.length && b.opensList && tagRun(blocks, j) >= 3) break;
    // A label over the tools the dish needs ("Außerdem: Pfanne, Fleischthermometer") lists none of its ingredients.
    if (kind === "ingredients" && toolsLine(b.text)) continue;
    // "Make sure you have…" over the pantry's staples heads them as a group of the list.
    const pantry = kind === "ingredients" && lines.length ? pantryHead(b.text) : null;
    if (pantry) {
      lines.push({ text: `${pantry}:`, item: true });
      continue;
    }
    if (kind === "steps") {
      const alone = typed ? null : NUMBER_ALONE.exec(b.text);
      if (alone) {
        num = Number(alone[1]);
        continue;
      }
      if (isStepLabel(b.text)) {
        labels++;
        chip(b.text);
        continue;
      }
      if (inSideList(blocks, j)) continue;
      // A row of links after the steps (the recipe's tags, related posts) ends the method.
      if (b.links && lines.length) break;
      if (chip(b.text) && labels && !b.level) continue;
    }
    const other = kind === "ingredients" ? INSTRUCTION_WORDS : INGREDIENT_WORDS;
    if (isSectionHead(b, other)) break;
    // Tabs over the list ("Ingredients", "Nutrition", then the lines) name other sections before
    // any line: a heading of another part right over measured lines is such a tab, not the end.
    if (isSectionHead(b, PAGE_SECTION)) {
      if (kind === "ingredients" && !lines.length && measuredNext(blocks, j)) continue;
      break;
    }
    // A heading of post chrome ("Subscribe or log in to save recipes") ends it as a line does.
    if (b.level && stops(b.text)) break;
    // So does a heading counting the page's reactions after the method ("People Who Like This
    // Dish 0", "Reviews & Comments 12"): a part of the method names no count. (Not in a list: "Cupcakes
    // makes about 24" may head a group of it.)
    if (kind === "steps" && b.level && lines.length && COUNTED_HEAD.test(b.text) && !isStepLabel(b.text))
      break;
    // A heading that names a list of its own ("What you will need" over the tools) after the
    // list's lines is another section, not a group of this one.
    if (kind === "ingredients" && b.level && lines.length && isIngredientsWord(b.text)) break;
    if (b.level) {
      // A serving selector's count set as a heading over the list ("2 personen") heads no group.
      if (kind === "ingredients" && /\d/.test(b.text) && SERVING_LINE.test(b.text.replace(/^\(|\)$/g, "")))
        continue;
      // A time set in bold or as a heading among the steps ("1 Std 10 Min") is the card's detail too.
      if (
        STEP_LABEL.test(b.text) ||
        (kind === "steps" && (META_LINE.test(b.text) || DETAIL_LINE.test(b.text)))
      )
        continue;
      // "Außerdem" ("in addition") over the list's last items (butter to grease the tin) heads a
      // group of the list as "For the filling" does, not the end of it.
      const groupLike =
        (GROUP_LIKE.test(b.text) || (kind === "ingredients" && ALSO_HEAD.test(b.text))) &&
        b.text.length <= 50;
      // A plain line naming the method ("Procedimento") right over a heading that titles it ("Come
      // fare il Tortino") and then a step: the heading is the method's title, not another section
      // (one that reads as a group of it, "1. To prepare the vegetables:", is read as such below).
      const plainHead = head.level === 0 || head.level === 7;
      const titles = j === start + 1 && b.level <= 6 && !groupLike && stepLike(at(j + 1)?.text ?? "");
      if (kind === "steps" && plainHead && titles) continue;
      // A plain line naming the list ("Zutaten für 10 Stücke") ranks below any heading, so only
      // what reads as a group of it ("Für den Teig") may follow as one; so does a bold label
      // naming either section ("Cooking Instructions:" over "1. To prepare the vegetables:").
      // A heading of another part of the method ("Como preparar o Bolo" after the steps of "Como
      // preparar a Calda", the heading over the first part's): every part is read, each named.
      if (kind === "steps" && !typed && lines.length && b.level <= 6 && b.level <= level) {
        partHead ??= partTitle(blocks, start, b.level);
        if (partHead && opensMethodPart(blocks, j, partHead)) {
          if (!parted) lines.unshift({ text: stepsGroup(partHead), item: true, head: true });
          parted = true;
          lines.push({ text: stepsGroup(b.text), item: true, head: true });
          continue;
        }
      }
      if (b.level < level && !(plainHead && groupLike)) break;
      // "Step 1: Prep the onions" over the step's text titles that step: the text is the step.
      // A numbered heading with nothing under it is the step written whole. One ending in a colon
      // ("1. To prepare the vegetables:") leads into its text and is read with it, as before; a
      // heading of the section's own rank still ends it.
      const titled =
        kind === "steps" && (b.level > level || b.level === 7) && !b.text.endsWith(":")
          ? TITLED_STEP.exec(b.text)
          : null;
      if (titled) {
        const next = j + 1 < end ? blocks[j + 1]! : null;
        if (!(next && !next.level && stepLike(next.text))) lines.push({ text: titled[1]!, item: true });
        continue;
      }
      // A same-rank heading right above measured lines names a group of the list ("Sauce").
      // So does one over list items that read as ingredients ("Produce" over "2 limes").
      const next = j + 1 < end ? blocks[j + 1]! : null;
      const groupAbove =
        kind === "ingredients" &&
        b.text.length <= 50 &&
        !!next &&
        !next.level &&
        (measured(next.text) ||
          // …or over lines that read as ingredients, one of a list or two in a row ("1 Zwiebel").
          (ingredientLike(next.text) && (next.item || ingredientLike(blocks[j + 2]?.text ?? ""))));
      // A heading right under the section's own, before any line, titles it ("Preparazione",
      // then "Come fare le lasagne"): the lines come after it.
      if (b.level === level && !lines.length && !groupLike && !groupAbove && kind === "steps") continue;
      // A same-rank heading naming the method's next phase ("Voorbereiden", then "Bereiden") over
      // more steps: the method goes on, the phase's name left out as the structured reader does.
      if (
        kind === "steps" &&
        b.level === level &&
        lines.length &&
        isPhaseWord(b.text) &&
        next &&
        !next.level &&
        stepLike(next.text)
      )
        continue;
      if (b.level === level && !groupLike && !groupAbove) {
        // A bold label in a list of steps reads as a step; a same-rank heading ends the section.
        if (b.level === 7 && kind === "steps") {
          lines.push({ text: b.text, item: false, head: true });
          continue;
        }
        break;
      }
      // A label over sentences opens the method ("Here's how to make it:"), not a group of the list;
      // a list item measured as an ingredient ("1 cup stock, or …", long with its note) is no sentence,
      // nor is a short item with its note ("Chopped chives (optional)" under "For Topping:"), however
      // long the note in its closing brackets ("zest from 1 lemon (add after cooking base recipe)").
      if (kind === "ingredients" && j + 1 < end && !blocks[j + 1]!.level && stepLike(blocks[j + 1]!.text)) {
        const n = blocks[j + 1]!;
        // In a cook's typed text (textToHtml found the label a group of the list by the lines under
        // it) an item listed under it that ends no sentence is the list's ("Red chilli and finely
        // sliced shallots/green onions").
        const listed = typed && !/[.!?]$/.test(n.text);
        const noted = plainItem({ ...n, text: n.text.replace(NOTE_END, "") });
        if (!(n.item && (listed || measured(n.text) || plainItem(n) || noted))) break;
      }
      lines.push({
        // Typed text keeps a group's colon as the cook spaced it ("Réalise le gâteau :").
        text:
          kind === "steps"
            ? typed && /\s:$/.test(b.text)
              ? `${b.text}:`
              : stepsGroup(b.text)
            : `${b.text.replace(/\s*:$/, "")}:`,
        item: true,
        head: true,
      });
      continue;
    }
    if (stops(b.text)) break;
    if (kind === "steps" && !typed && lines.length && !b.item && shortQuestion(b.text)) break;
    // A question after the list heads another part of the page ("How healthy are the main ingredients?").
    if (kind === "ingredients" && !b.item && lines.length && b.text.endsWith("?")) break;
    if (isWidgetLine(b.text) || STEP_LABEL.test(b.text)) {
      // A whole number in a block of its own over a name ("3" / "tablespoons rice vinegar") is an
      // amount, kept for amountsJoined as "¼" / "cup cranberries" is; else it is a widget's count.
      if (!(kind === "ingredients" && BARE_NUMBER.test(b.text) && amountOver(at(j + 1)))) continue;
    }
    // A note among a page's steps is the post's aside; a cook who types "5. Tip: …" under the
    // method means it as a step of theirs, and no line of their text is lost.
    if (
      kind === "steps" &&
      (META_LINE.test(b.text) ||
        // A card's label without its value ("Bake") is the cook's own step or its title in typed text.
        (DETAIL_LINE.test(b.text) && !(typed && !/\d/.test(b.text))) ||
        (NOTE_LINE.test(b.text) && !typed))
    )
      continue;
    // A link's text alone on its line among the steps is the page's (a tag, a button, a related
    // post), unless it reads as a step.
    if (kind === "steps" && b.link && !stepLike(b.text)) continue;
    // A plain line naming another section ("Ingredients", "Notes") also ends it.
    lines.push({ text: b.text, item: b.item, ...(num ? { num } : {}) });
    num = 0;
  }
  const read = kind === "steps" ? stepItems(joinedUnderNumbers(lines)) : lines;
  const kept = kind === "steps" && listsEachStepsParts(read) ? read.filter(isStepText) : read;
  // Lists win over the prose around them; a bare name between two lists of ingredients is no
  // prose but the second list's label ("hand-cut potato chips", "Rice"): a group's heading.
  const items = kept.filter((l) => l.item && !l.text.endsWith(":")).length;
  const label = (i: number) =>
    kind === "ingredients" && !!kept[i - 1]?.item && !!kept[i + 1]?.item && BARE_NAME.test(kept[i]!.text);
  const out =
    items < 2
      ? kept.map((l) => l.text)
      : kind === "steps" && titlesAmongSteps(kept)
        ? // The method's own sub-headings set as list items over its sentences ("Make the
          // shortcakes" over "Preheat the oven…"): sections of the steps when the method opens with
          // one, else a note set after a step ("Slow cooking"): left out.
          kept.flatMap((l) =>
            !l.item ? [l.text] : kept[0]!.item ? [l.text.endsWith(":") ? l.text : `${l.text}:`] : [],
          )
        : kept.flatMap((l, i) => (l.item ? [l.text] : label(i) ? [`${l.text}:`] : []));
  // Whole numbers not joined to their names (a list mostly of whole lines) go, as widget counts do.
  return kind === "ingredients" ? amountsJoined(out).filter((l) => !BARE_NUMBER.test(l)) : out;
}

/**
 * Whether a method's list items are short titles among its sentences, not its steps: no item reads
 * as a step, the sentences outnumber them, and an item stands between two of them.
 */
function titlesAmongSteps(lines: { text: string; item: boolean }[]): boolean {
  let items = 0;
  let sentences = 0;
  let between = false;
  for (const l of lines) {
    if (l.item) {
      if (l.text.length > 60 || stepLike(l.text)) return false;
      items++;
    } else if (stepLike(l.text)) {
      if (items && sentences) between = true;
      sentences++;
    }
  }
  return between && sentences > items;
}

const BARE_NUMBER = /^\d{1,4}$/;
/** Whether a block is a name an amount over it measures: plain text, no amount of its own. */
const amountOver = (b: Block | undefined): boolean =>
  !!b && !b.level && !ownAmount(b.text) && /\p{L}/u.test(b.text);

// An ingredient line as a list writes it: measured, not ending a sentence ("425 g strawberries").
const listedIngredient = (t: string): boolean => measured(t) && !/[.!?:]$/.test(t);

/**
 * Whether a method shows each step's own ingredients (and utensils) as a list beside its text:
 * measured lines among the step sentences. Read as steps, those lists would crowd out or bury
 * the sentences, as lists win over prose.
 */
function listsEachStepsParts(lines: { text: string }[]): boolean {
  let steps = 0;
  let listed = 0;
  for (const l of lines) {
    if (stepLike(l.text)) steps++;
    else if (listedIngredient(l.text)) listed++;
  }
  return steps >= 2 && listed >= 2;
}

/** In such a method, a line of the steps: a sentence, a heading, or plain text outside the lists. */
const isStepText = (l: { text: string; item: boolean }): boolean =>
  l.text.endsWith(":") || stepLike(l.text) || (!l.item && !listedIngredient(l.text));

const LOOKS_LIKE_INGREDIENT = /^(?:[\d¼½¾⅐-⅞]|an?\s|one\s|some\s)/i;
// A line that starts as an ingredient does, past a bullet or a card's check box ("▢ 5 plums").
export const looksLikeIngredient = (l: string): boolean => LOOKS_LIKE_INGREDIENT.test(l.replace(BULLET, ""));

/**
 * Whether the next heading of the same rank or higher after the section head at `i` (its own
 * groups' headings, ranked below it, passed) names the steps.
 */
export function stepsHeadingNext(blocks: Block[], i: number): boolean {
  const rank = blocks[i]!.level;
  if (!rank) return false;
  for (let k = i + 1; k < blocks.length && k < i + 400; k++) {
    const b = blocks[k]!;
    if (b.level && b.level <= rank) return isSectionHead(b, INSTRUCTION_WORDS);
  }
  return false;
}

/** How many blocks from `j` on are list items that are a link's text alone without a digit (a tag row). */
function tagRun(blocks: Block[], j: number): number {
  let n = 0;
  for (let b = blocks[j]; b?.item && b.link && !/\d/.test(b.text) && n < 3; b = blocks[j + ++n]);
  return n;
}
