import type { AnyNode } from "domhandler";
import { findFirst } from "./dom.ts";
import { cleanText } from "./text.ts";

/**
 * A line's parts with a one-word part (the unit) written as the line's checkbox label writes it,
 * when the label is the same line but for that word: a card showing "tablespoon" whose label says
 * "tbsp" has "tbsp" in its structured data (every such line of the corpus), the label being the
 * line as stored, the part a display form. The label may go on with the note ("- see note 2"),
 * which the note part gives. Any other label (a differing amount or name, two words changed)
 * leaves the parts as they are. Read by the label, not by a class name, so a card without its
 * class names reads the same (cardLine, notedItem).
 */
export function labelledParts(el: AnyNode, parts: string[]): string[] {
  const head = parts.join(" ");
  // A walk, not css-select: the page reader loads no selector engine for this one look.
  const box = findFirst(el, (e) => e.name === "input" && e.attribs["aria-label"] !== undefined);
  const label = box ? cleanText(box.attribs["aria-label"] ?? "") : "";
  if (!label || label === head) return parts;
  const want = head.split(" ");
  const got = label.split(" ");
  if (got.length < want.length) return parts;
  const diff = want.flatMap((w, i) => (w === got[i] ? [] : [i]));
  if (diff.length !== 1) return parts;
  const [i] = diff as [number];
  const word = want[i] as string;
  const swap = got[i] as string;
  if (!parts.includes(word) || /\d/.test(word) || !/^\p{L}+\.?$/u.test(swap)) return parts;
  return parts.map((p) => (p === word ? swap : p));
}
