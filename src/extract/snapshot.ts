import type { AnyNode } from "domhandler";
import type { Document } from "./dom.ts";
import { isElement } from "./dom.ts";

const DROP = new Set([
  "script",
  "style",
  "noscript",
  "template",
  "nav",
  "header",
  "footer",
  "aside",
  "form",
  "iframe",
  "svg",
  "canvas",
  "button",
  "select",
  "input",
  "textarea",
  "head",
  "object",
  "embed",
  "video",
  "audio",
  "dialog",
]);
const HEADINGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);
const BLOCKS = new Set([
  "p",
  "div",
  "section",
  "article",
  "main",
  "ul",
  "ol",
  "table",
  "tr",
  "blockquote",
  "pre",
  "figure",
  "figcaption",
  "dl",
  "dt",
  "dd",
  "br",
  "hr",
]);
// Class/id words of page chrome that is not content.
const CHROME =
  /\b(comments?|sidebar|share|social|newsletter|related|advert|ads?|cookie|breadcrumbs?|menu|popup|modal)\b/i;

/**
 * The clean text snapshot (recipe-ingest-agent.md §10.2): scripts, styles, navigation and page
 * chrome removed; headings (`# `) and list items (`- `) on their own lines; order preserved;
 * white space collapsed. Deterministic for the same input.
 */
export function snapshotText(doc: Document): string {
  const lines: string[] = [];
  let cur = "";
  const flush = () => {
    const t = cur.replace(/\s+/g, " ").trim();
    if (t) lines.push(t);
    cur = "";
  };
  const visit = (n: AnyNode) => {
    if (n.type === "text") {
      cur += (n as unknown as { data: string }).data;
      return;
    }
    if (!isElement(n)) {
      for (const k of (n as { children?: AnyNode[] }).children ?? []) visit(k);
      return;
    }
    if (DROP.has(n.name)) return;
    const cls = `${n.attribs.class ?? ""} ${n.attribs.id ?? ""}`;
    if (cls.trim() && CHROME.test(cls) && !/recipe|ingredient|instruction/i.test(cls)) return;
    if (HEADINGS.has(n.name) || n.name === "li") {
      flush();
      cur = HEADINGS.has(n.name) ? "# " : "- ";
      for (const k of n.children) visit(k);
      flush();
      return;
    }
    const block = BLOCKS.has(n.name);
    if (block) flush();
    for (const k of n.children) visit(k);
    if (block) flush();
  };
  visit(doc);
  flush();
  return lines.filter((l) => l !== "#" && l !== "-").join("\n");
}
