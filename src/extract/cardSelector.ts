import type * as CssSelect from "css-select";
import type { AnyNode, Element } from "domhandler";
import { lazyRequire } from "./lazyRequire.ts";

// Loaded on the first page bearing a card's names: most pages have none, and css-select is 40-odd modules.
const css = lazyRequire<typeof CssSelect>("css-select");

/** A selector as css-select takes it: its text, or its compiled test. */
export type CardQuery = string | ((el: Element) => boolean);

const COMPILED = new Map<string, CardQuery>();
// A list of compound selectors: a tag, classes and ids, no combinator, pseudo-class or attribute
// test (told from the text, so that anything else is left as it was).
const COMPOUND_LIST =
  /^\s*(?:[a-z][\w-]*|(?:[a-z][\w-]*)?(?:[.#][\w-]+)+)(?:\s*,\s*(?:[a-z][\w-]*|(?:[a-z][\w-]*)?(?:[.#][\w-]+)+))*\s*$/i;

/**
 * `sel` compiled once when that gives what compiling it on each call gives, else `sel` itself.
 * css-select compiles a string on every select (1.3% of a run over pages without structured data),
 * and compiles it against the element searched from: a selector with a combinator (".a li",
 * "p > strong") then needs its left part inside that element too, so it stays a string; a list of
 * compound selectors (".a, #b, li") tests the element alone, and the search only visits
 * descendants of the element searched from, so one compiled test answers every search.
 */
export function cardQuery(sel: string): CardQuery {
  let q = COMPILED.get(sel);
  if (q === undefined) {
    q = COMPOUND_LIST.test(sel) ? css().compile<AnyNode, Element>(sel) : sel;
    COMPILED.set(sel, q);
  }
  return q;
}

/** css-select's selectAll, the selector compiled once when it can be (cardQuery). */
export function selectAll(sel: string, root: AnyNode): Element[] {
  return css().selectAll<AnyNode, Element>(cardQuery(sel), root);
}

/** css-select's selectOne, the selector compiled once when it can be (cardQuery). */
export function selectOne(sel: string, root: AnyNode): Element | null {
  return css().selectOne<AnyNode, Element>(cardQuery(sel), root);
}

/** css-select's is, the selector compiled once when it can be (cardQuery). */
export function matches(el: Element, sel: string): boolean {
  return css().is<AnyNode, Element>(el, cardQuery(sel));
}
