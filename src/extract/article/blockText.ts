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
