// Which recipe cards' root names a page's tree bears: one walk answers every card, so a card's
// selectors walk the tree only on pages that bear one of its names (the heuristic reader's cards,
// the card's author the person-over-brand rule asks for).
import type { AnyNode } from "domhandler";
import { PLUGINS, rootNames } from "./cardPlugins.ts";
import { isElement, type Document } from "./dom.ts";

// Every class and id name the cards' root selectors look for.
const ROOT_NAMES = new Set(PLUGINS.flatMap((p) => rootNames(p)));
// Any of them inside an attribute value: most values hold none, and are not split.
const ANY_ROOT_NAME = new RegExp([...ROOT_NAMES].map((n) => n.replace(/[-]/g, "\\-")).join("|"));
const SPACE = /\s+/;

/**
 * The cards' root names that some element bears as a class or an id (compared as css-select
 * compares them: case-sensitive, whole white-space separated names; an id is split too, which
 * only finds more).
 */
export function rootNamesInTree(doc: Document): Set<string> {
  let found = NAMES_IN_TREE.get(doc);
  if (found) return found;
  found = new Set<string>();
  const add = (v: string | undefined) => {
    if (v && ANY_ROOT_NAME.test(v)) for (const t of v.split(SPACE)) if (ROOT_NAMES.has(t)) found.add(t);
  };
  // walk() inlined: no call per element, and only nodes with children stacked (the walk was
  // 3.3% of a run over pages without structured data). A stack, not recursion: a page may nest deep.
  const stack: AnyNode[] = [doc];
  while (stack.length) {
    const n = stack.pop()!;
    if (isElement(n)) {
      add(n.attribs.class);
      add(n.attribs.id);
    }
    const kids = (n as { children?: AnyNode[] }).children;
    if (kids) for (let i = kids.length - 1; i >= 0; i--) if ("children" in kids[i]!) stack.push(kids[i]!);
  }
  NAMES_IN_TREE.set(doc, found);
  return found;
}

// rootNamesInTree's answer per document: a page read twice (its ingredients again for a tag-like
// structured list, its card's author after its lists) walks its tree once.
const NAMES_IN_TREE = new WeakMap<Document, Set<string>>();
