import type { Element } from "domhandler";
import { isElement, textOf } from "./dom.ts";
import { cleanText } from "./text.ts";

// A step's title: no sentence, no amount (a note in parentheses may lengthen it). The step after it: a sentence.
const TITLE_TEXT = /^\p{L}[^.!?;,]{2,119}$/u;
const STEP_SENTENCE = /^.{40,}[.!?)]$/su;
const NUMBER_ONLY = /^\s*\d{0,2}[.)]?\s*$/;

/**
 * A list item's first block (`div`, `p`) when it is the step's title over the step's sentences
 * ("<li><span>1</span><div>Preparing the rhubarb</div> Wash and peel…</li>"): its own line, as the
 * page shows it. Only its number may come before it. Null for any other item (an ingredient's
 * name and amount in two blocks stay one line).
 */
export function stepTitle(li: Element): Element | null {
  return blockTitle(li) ?? boldLead(li);
}

// A bold lead's title, with the colon that sets it off ("Make the sauce:"). One ending in a full stop
// is the step's first sentence set in bold ("Finish and serve. When the casserole…"): it stays.
const LEAD_END = /\s*:$/;

/**
 * A bare bold lead (`<strong>` or `<b>`, no attribute, text only) opening a step whose text goes on
 * as a sentence of its own ("<li><strong>Make the caramelized onions:</strong> Heat oil…"): the
 * step's title, as recipe cards name such a step. A lead the sentence goes on from ("<strong>Heat
 * the oil</strong> in a pan…") is no title: the rest must open with a capital. Nor is a label in
 * capitals ("PANKO:", "BAKE:"): the corpus pages that set one keep it in the step's text.
 */
function boldLead(li: Element): Element | null {
  const kids = li.children.filter((k) => isElement(k) || ((k as { data?: string }).data ?? "").trim());
  const lead = kids[0];
  if (!lead || !isElement(lead) || (lead.name !== "strong" && lead.name !== "b")) return null;
  if (Object.keys(lead.attribs).length || lead.children.some((c) => c.type !== "text")) return null;
  const name = cleanText(textOf(lead)).replace(LEAD_END, "");
  if (!TITLE_TEXT.test(name)) return null;
  const rest = cleanText(
    kids
      .slice(1)
      .map((k) => (isElement(k) ? textOf(k) : ((k as unknown as { data?: string }).data ?? "")))
      .join(" "),
  );
  if (name === name.toUpperCase()) return null;
  return /^\p{Lu}/u.test(rest) && STEP_SENTENCE.test(rest) ? lead : null;
}

/** A step's first `div` or `p` as its title (stepTitle). */
function blockTitle(li: Element): Element | null {
  let title: Element | null = null;
  let rest = "";
  for (const k of li.children) {
    if (title) {
      rest += isElement(k) ? ` ${textOf(k)}` : ((k as unknown as { data?: string }).data ?? "");
      continue;
    }
    if (isElement(k) && (k.name === "div" || k.name === "p")) {
      if (!TITLE_TEXT.test(textOf(k))) return null;
      title = k;
    } else if (!NUMBER_ONLY.test(isElement(k) ? textOf(k) : ((k as unknown as { data?: string }).data ?? "")))
      return null;
  }
  return title && STEP_SENTENCE.test(cleanText(rest)) ? title : null;
}
