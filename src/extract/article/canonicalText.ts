import type { ChildNode, Element } from "domhandler";
import { parseDocument } from "htmlparser2";

/** Block elements: each starts a new line (the constitution's list, exactly). */
export const BLOCK_TAGS = new Set([
  "p", "div", "section", "h1", "h2", "h3", "h4", "h5", "h6", "li", "blockquote", "pre", "figure",
  "figcaption", "table", "tr", "dl", "dt", "dd", "ul", "ol", "hr",
]); // prettier-ignore

// "White space" is JavaScript's \s (Unicode White_Space plus BOM): a no-break space reads as a space.
const WS_RUN = /\s+/g;

/**
 * Canonical text of sanitized HTML: the tree walked in order; white space runs
 * collapsed to one space except inside `pre`; each block element starts a new line, `br` breaks the
 * line, cells of a row are separated by a tab; lines trimmed, empty lines dropped, joined with "\n",
 * Unicode NFC. Pure and deterministic: the same input always gives the same bytes.
 */
export function canonicalText(html: string): string {
  const doc = parseDocument(html, { decodeEntities: true, lowerCaseTags: true });
  const lines: string[] = [];
  let cur = "";
  const breakLine = () => {
    lines.push(cur);
    cur = "";
  };
  const text = (t: string, pre: boolean) => {
    if (pre) {
      const parts = t.replace(/\r\n?/g, "\n").split("\n");
      parts.forEach((part, i) => {
        if (i > 0) breakLine();
        cur += part;
      });
      return;
    }
    let s = t.replace(WS_RUN, " ");
    if (s.startsWith(" ") && (cur === "" || /[\s]$/.test(cur))) s = s.slice(1);
    cur += s;
  };
  const walk = (nodes: ChildNode[], pre: boolean) => {
    for (const node of nodes) {
      if (node.type === "text") text(node.data, pre);
      else if (node.type === "tag" || node.type === "script" || node.type === "style") {
        const el = node as Element;
        const name = el.name;
        if (name === "br") {
          breakLine();
          continue;
        }
        if ((name === "td" || name === "th") && hasCellBefore(el)) cur = cur.replace(/\s+$/, "") + "\t";
        const block = BLOCK_TAGS.has(name);
        if (block) breakLine();
        walk(el.children, pre || name === "pre");
        if (block) breakLine();
      }
    }
  };
  walk(doc.children, false);
  breakLine();
  return lines
    .map((l) => l.trim())
    .filter((l) => l.length > 0)
    .join("\n")
    .normalize("NFC");
}

function hasCellBefore(el: Element): boolean {
  for (let p = el.prev; p; p = p.prev) {
    if (p.type === "tag" && ((p as Element).name === "td" || (p as Element).name === "th")) return true;
  }
  return false;
}
