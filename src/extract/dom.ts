import type { AnyNode, Document, Element } from "domhandler";
import { parseDocument } from "htmlparser2";
import { cleanText } from "./text.ts";

export type { Document, Element };

/** Parses HTML once; every extractor shares the tree. */
export function parseHtml(html: string): Document {
  return parseDocument(html, { decodeEntities: true, lowerCaseAttributeNames: true });
}

export function isElement(n: AnyNode): n is Element {
  return n.type === "tag" || n.type === "script" || n.type === "style";
}

/** Depth-first walk over elements; `visit` returning false skips the subtree. */
export function walk(root: AnyNode, visit: (el: Element) => boolean | void): void {
  const stack: AnyNode[] = [root];
  while (stack.length) {
    const n = stack.pop()!;
    if (isElement(n) && visit(n) === false) continue;
    const kids = (n as { children?: AnyNode[] }).children;
    if (kids) for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!);
  }
}

/** All elements matching a predicate, in document order. */
export function findAll(root: AnyNode, pred: (el: Element) => boolean): Element[] {
  const out: Element[] = [];
  walk(root, (el) => {
    if (pred(el)) out.push(el);
  });
  return out;
}

/** Raw text of a node (script contents included). */
export function rawText(n: AnyNode): string {
  if (n.type === "text" || n.type === "cdata" || n.type === "comment")
    return (n as unknown as { data: string }).data ?? "";
  const kids = (n as { children?: AnyNode[] }).children;
  if (!kids) return "";
  let s = "";
  for (const k of kids) s += k.type === "text" ? (k as unknown as { data: string }).data : rawText(k);
  return s;
}

const BLOCK = new Set([
  "p",
  "div",
  "li",
  "br",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "tr",
  "section",
  "article",
  "ul",
  "ol",
  "dt",
  "dd",
  "blockquote",
]);

/** Visible text of an element, blocks separated by newlines, scripts and styles skipped. */
export function innerText(n: AnyNode): string {
  let s = "";
  const rec = (x: AnyNode) => {
    if (x.type === "text") s += (x as unknown as { data: string }).data;
    else if (isElement(x)) {
      if (x.name === "script" || x.name === "style" || x.name === "noscript" || x.name === "template") return;
      const block = BLOCK.has(x.name);
      if (block) s += "\n";
      for (const k of x.children) rec(k);
      if (block) s += "\n";
    }
  };
  rec(n);
  return s;
}

/** Clean single-line text of an element. */
export function textOf(n: AnyNode): string {
  return cleanText(innerText(n));
}
