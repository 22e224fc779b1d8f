import { decodeHTML } from "entities";

/** Decodes entities (twice-encoded `&amp;amp;` once more), strips tags, collapses white space. */
export function cleanText(s: unknown): string {
  if (typeof s !== "string") return typeof s === "number" ? String(s) : "";
  let t = s;
  if (t.includes("&")) {
    t = decodeHTML(t);
    if (/&(?:[a-z]+|#\d+|#x[\da-f]+);/i.test(t)) t = decodeHTML(t);
  }
  if (t.includes("<")) {
    // Plain text only: comments, CDATA, declarations and tags go, closed or not.
    t = t
      .replace(/<!--[\s\S]*?(?:-->|$)/g, " ")
      .replace(/<!\[CDATA\[[\s\S]*?(?:\]\]>|$)/g, " ")
      .replace(/<[!?][^>]*(?:>|$)/g, " ")
      .replace(/<\/?[a-z][^>]*(?:>|$)/gi, " ");
  }
  return t.replace(/[\s\u00a0\u200b]+/g, " ").trim();
}

/** Splits text that holds several steps or lines (HTML lists, line breaks) into clean lines. */
export function splitLines(s: string): string[] {
  return s
    .replace(/<\/(li|p|div|h\d)>|<br\s*\/?>/gi, "\n")
    .split(/\n+/)
    .map(cleanText)
    .filter(Boolean);
}
