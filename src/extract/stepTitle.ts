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
