import type { Element } from "domhandler";
import { BLOCK_TAGS } from "./blockTags.ts";
import { labelledParts } from "./checkboxLabel.ts";
import { findAll, innerText, isElement, textOf } from "./dom.ts";
import { readIngredientLine } from "./ingredients.ts";
import { BULLET_MARKS, cleanText } from "./text.ts";

// A list item written as parts side by side (a card's amount, unit, name and note, each in its own
// element), read as the card's structured data writes it even where its class names are gone.

// A part that is only a check box or its mark ("▢") says nothing.
const MARK_ONLY = new RegExp(String.raw`^[\s${BULLET_MARKS}]*$`, "u");
export const AMOUNT_PART = /^[\d¼½¾⅐-⅞]/u;
// What may stand between two parts: spaces, or a comma before a note ("butter</span>, <span>cubed").
const SEPARATOR = /^[\s,]*$/u;
// A lone dash between spaces before a note ("sauce</span> - <span>see note 2"): a separator only
// before the last part, so an amount range set out as parts ("1</span> - <span>2") is no note.
const DASH = /^\s+[-–]\s+$/u;
const partsOfItems = new WeakMap<Element, string[] | null>();

/** The one element an item wraps its parts in ("<li><div><span>8</span> <span>slices</span>…</div></li>"), else the item. */
function wrapped(li: Element): Element {
  let only: Element | null = null;
  for (const k of li.children) {
    if (k.type === "text" && !(k as unknown as { data: string }).data.trim()) continue;
    if (only || !isElement(k)) return li;
    only = k;
  }
  return only && (only.name === "div" || only.name === "span") && only.children.filter(isElement).length >= 2
    ? only
    : li;
}

/**
 * The texts of a list item written as parts side by side, each in its own inline element with
 * nothing but spaces (or a comma) between them ("<span>4</span> <span>large</span> <span>eggs</span>
 * <span>room temperature</span>": an amount, a unit, a name and a note a card's style sets apart);
 * null for any other item. Parts that are only a check box are left out.
 */
function itemParts(li: Element): string[] | null {
  let known = partsOfItems.get(li);
  if (known !== undefined) return known;
  known = [];
  let prev: Element | null = null;
  let dashAt = -1;
  for (const k of wrapped(li).children) {
    if (k.type === "text") {
      const data = (k as unknown as { data: string }).data;
      if (DASH.test(data) && dashAt < 0 && known.length) dashAt = known.length;
      else if (!SEPARATOR.test(data)) {
        known = null;
        break;
      }
      continue;
    }
    if (!isElement(k)) continue;
    if (BLOCK_TAGS.has(k.name) || k.name === "br" || k.name === "strong" || k.name === "b") {
      known = null;
      break;
    }
    const t = textOf(k);
    if (MARK_ONLY.test(t)) continue;
    if (known.length === 1 && prev && secondSystem(prev, k, t)) {
      secondSystems.add(li);
      continue;
    }
    known.push(t);
    prev = k;
  }
  if (known && (known.length < 2 || known.length > 4)) known = null;
  if (known && dashAt >= 0 && dashAt !== known.length - 1) known = null;
  partsOfItems.set(li, known);
  return known;
}

const secondSystems = new WeakSet<Element>();
const inlineKids = (e: Element) => e.children.filter((c) => isElement(c) && !BLOCK_TAGS.has(c.name)).length;
/**
 * A card's amount in a second unit system, set after the first in the same shape (an amount and a
 * unit, each in its own element) and in parentheses: "2 lbs" + "(908 g)". The card's structured
 * data leaves it out, as its reader does where the card's class names say so (cardPlugins).
 */
function secondSystem(first: Element, el: Element, t: string): boolean {
  return (
    AMOUNT_PART.test(textOf(first)) &&
    /^\([\d¼½¾⅐-⅞][^()]*\)$/u.test(t) &&
    inlineKids(first) >= 2 &&
    inlineKids(el) >= 2
  );
}

const partsLists = new WeakMap<Element, boolean>();
/** How many of a list's items are parts led by an amount (itemParts), two at most. */
function amountLed(list: Element): number {
  let led = 0;
  for (const k of list.children)
    if (isElement(k) && k.name === "li" && AMOUNT_PART.test(itemParts(k)?.[0] ?? "") && ++led >= 2) break;
  return led;
}

/**
 * A list two of whose items at least are parts led by an amount (itemParts), or a group of a card
 * whose other groups are ("8" + "tortillas", then "Lettuce" + "finely chopped" under "For serving":
 * the lists side by side in one element up to two levels above, the card's groups).
 */
function partsList(list: Element): boolean {
  let known = partsLists.get(list);
  if (known === undefined) {
    known = amountLed(list) >= 2;
    const card = list.parent?.parent;
    if (!known && card && isElement(card)) {
      const lists = findAll(card, (e) => e !== list && (e.name === "ul" || e.name === "ol"));
      known = lists.length <= 12 && lists.some((l) => amountLed(l) >= 2);
    }
    partsLists.set(list, known);
  }
  return known;
}

/** The last part's text as the page has it, its spaces kept ("regular "): a card's structured data keeps them. */
function lastPartAsWritten(li: Element): string {
  const kids = wrapped(li).children;
  for (let i = kids.length - 1; i >= 0; i--) {
    const k = kids[i]!;
    if (isElement(k) && !MARK_ONLY.test(textOf(k))) return innerText(k);
  }
  return "";
}

/**
 * An ingredient line whose note the page sets apart in the last of its parts ("4 large eggs" +
 * "room temperature"), written as recipe cards' structured data write it: "4 large eggs (room
 * temperature)", the parts as typed ("hot milk," + "or more" → "hot milk, (or more)", ", minced" →
 * "(, minced)", "regular " → "(regular )"), a comma the page sets between two parts left out, a
 * note already in parentheses not wrapped twice (cleanText); a comma typed on both sides once. The last part is a note when the parts
 * before it already name the ingredient ("4 large eggs", not "4 large"), or when an amount, a unit
 * and a name come before it; an item not led by an amount only in a list of such items, two at
 * least led by one. Null for any other.
 */
export function notedItem(li: Element): string | null {
  const parts = itemParts(li);
  if (!parts || !li.parent || !isElement(li.parent)) return null;
  const amount = AMOUNT_PART.test(parts[0]!);
  if (!amount && !partsList(li.parent)) return null;
  const noted = notedParts(li, parts, amount);
  if (noted !== null || !amount) return noted;
  // No note: the line as its checkbox label writes its unit ("1" + "teaspoon" + "sesame oil",
  // labelled "1 tsp sesame oil"), as a card's reader does by its class names (cardLine); else as shown.
  const labelled = labelledParts(li, parts);
  return labelled === parts ? null : cleanText(labelled.join(" "));
}

/** notedItem's line when the last of the parts is a note, else null. */
function notedParts(li: Element, all: string[], amount: boolean): string | null {
  // The parts before the note as the checkbox label writes them (a unit "tbsp" shown "tablespoon").
  const parts = [...labelledParts(li, all.slice(0, -1)), all.at(-1)!];
  const named = cleanText(parts.slice(0, -1).join(" "));
  const head = named.replace(/[\s,;:–-]+$/u, "");
  const note = parts
    .at(-1)!
    .replace(/^[,;:–-]\s*/u, "")
    .trim();
  // "2 lbs" + "chicken thighs", a second system's "(908 g)" left out between them: no note.
  if (amount && parts.length === 2 && secondSystems.has(li)) return named + " " + parts[1];
  if (!head || !note || !/\p{L}/u.test(note)) return null;
  const whole = parts.length === 4 && amount;
  // "Flour" + "200 g": an amount after the name is no note; "1 csomag (8 g)" + "vaníliás cukor", a
  // name after its amount, neither.
  if (!whole && ((!amount && /^\d/.test(note)) || (amount && parts.length === 2))) return null;
  if (!whole && !readIngredientLine(head) && (amount || !namedBeforeNote(head, note))) return null;
  // Both sides typing the comma ("butter," + ", melted") say it twice: the line as a cook reads it then.
  if (named !== head && /^[,;:–-]/u.test(parts.at(-1)!)) return `${head} (${note})`;
  return cleanText(`${named} (${lastPartAsWritten(li)})`);
}

/**
 * Whether an unmeasured item's first part is a name and its last a note where the tagger, which
 * reads English only, reads neither the name nor the whole line ("smør" + "til stegning – neutral
 * olie kan også bruges"): a name of one to three words without an amount, then a phrase of two
 * words or more. A second single word ("sukker" + "kanel") may be a second name; an English line
 * the tagger reads whole ("pinch" + "of kosher salt") is a unit and its ingredient.
 */
function namedBeforeNote(head: string, note: string): boolean {
  return (
    head.split(/\s+/u).length <= 3 &&
    !/[\d¼½¾⅐-⅞]/u.test(head) &&
    note.split(/\s+/u).length >= 2 &&
    !readIngredientLine(`${head} ${note}`)
  );
}
