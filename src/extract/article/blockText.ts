// The text measures both boilerplate passes take of a block of Readability's article content.

/** A block's text with white space collapsed, as a reader sees it. */
export const squash = (s: string | null | undefined): string => (s ?? "").replace(/\s+/g, " ").trim();

/** How many links a block holds, and the share of its text (`textLen` long) that is link text. */
export function linkDensity(el: Element, textLen: number): { links: number; density: number } {
  let linkChars = 0;
  const anchors = el.querySelectorAll("a");
  for (const a of anchors) linkChars += squash(a.textContent).length;
  return { links: anchors.length, density: textLen ? linkChars / textLen : 0 };
}

/**
 * Where each element's text starts and ends in `root`'s text, and its total length, from one walk
 * (a search of each block's text in the whole would be quadratic on long pages).
 */
export function textSpans(root: Element): { spans: Map<Element, [number, number]>; total: number } {
  const spans = new Map<Element, [number, number]>();
  let total = 0;
  const walk = (node: Node) => {
    if (node.nodeType === 3) total += (node as Text).data.length;
    else if (node.nodeType === 1) {
      const start = total;
      for (const c of node.childNodes) walk(c);
      spans.set(node as Element, [start, total]);
    }
  };
  walk(root);
  return { spans, total };
}
