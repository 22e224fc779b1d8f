import type { AnyNode } from "domhandler";
import { innerText } from "./dom.ts";
import * as css from "./cardSelector.ts";
import { labelledParts } from "./checkboxLabel.ts";
import { cleanText } from "./text.ts";

const AMOUNT = /\d|[¼½¾⅐-⅞]/u;

function inside(n: AnyNode, outer: ReadonlySet<AnyNode>): boolean {
  for (let x: AnyNode | null = n; x; x = x.parent) if (outer.has(x)) return true;
  return false;
}

/**
 * An ingredient line of a card that marks its parts (amount, unit, name: `parts`; its note:
 * `notes`), written as the card's own structured data writes it, so a page reads the same whether
 * or not it still carries that data: the parts joined by spaces, then the note in parentheses as
 * typed ("hot milk," + "or more" → "hot milk, (or more)", ", minced" → "(, minced)", "regular " →
 * "(regular )"), a note already in parentheses not wrapped twice (cleanText). What the card's
 * template sets between the parts (a comma before the note, a checkbox's label) is no part of it,
 * nor are the `extras` (a second unit system's amounts). Null when the line marks no part, or when
 * its only amount is in the extras: the caller reads it as shown then.
 */
export function cardLine(el: AnyNode, parts: string, notes: string, extras?: string): string | null {
  const skip = new Set<AnyNode>(extras ? css.selectAll(extras, el) : []);
  const found = css.selectAll(parts, el).filter((p) => !inside(p, skip));
  if (!found.length) return null;
  const head = labelledParts(
    el,
    found.map((p) => cleanText(innerText(p))),
  ).join(" ");
  if (skip.size && !AMOUNT.test(head) && [...skip].some((x) => AMOUNT.test(innerText(x)))) return null;
  const note = css.selectOne(notes, el);
  const n = note && !inside(note, skip) ? innerText(note) : "";
  return cleanText(n.trim() ? `${head} (${n})` : head) || null;
}
