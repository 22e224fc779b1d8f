import type { AnyNode } from "domhandler";
import type { Document, Element } from "./dom.ts";
import { findAll, isElement } from "./dom.ts";

type Node = Record<string, unknown>;

const BLOCK = new Set([
  "address",
  "article",
  "aside",
  "blockquote",
  "br",
  "dd",
  "div",
  "dl",
  "dt",
  "figcaption",
  "figure",
  "footer",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "header",
  "hr",
  "li",
  "ol",
  "p",
  "pre",
  "section",
  "table",
  "td",
  "th",
  "tr",
  "ul",
]);
const SKIPPED = new Set(["script", "style", "noscript", "template", "button", "svg"]);

/**
 * Text of an element as a browser lays it out: white space inside the source (line wraps of a long
 * `<li>`) collapses to one space, and only block boundaries (`<li>`, `<p>`, `<br>`) break lines.
 */
export function renderedText(root: AnyNode): string {
  let s = "";
  const rec = (x: AnyNode) => {
    if (x.type === "text") s += (x as unknown as { data: string }).data.replace(/\s+/g, " ");
    else if (isElement(x)) {
      if (SKIPPED.has(x.name)) return;
      const block = BLOCK.has(x.name);
      if (block) s += "\n";
      for (const k of x.children) rec(k);
      if (block) s += "\n";
    } else if (x.type === "root") for (const k of (x as Document).children) rec(k);
  };
  rec(root);
  return s
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean)
    .join("\n");
}

/** An image's address: lazy loaders keep the real one in data-src while src holds a placeholder. */
export function imageSource(a: Record<string, string>): string {
  const lazy = a["data-src"] ?? a["data-lazy-src"] ?? a["data-original"];
  const src = a.src ?? "";
  return lazy && (!src || /^data:|placeholder|blank|lazy/i.test(src)) ? lazy : src;
}

/** Properties whose value is text even on a link (`<a itemprop="author" href="/about/">Ann</a>`). */
export const TEXT_PROPS = new Set([
  "name",
  "author",
  "description",
  "recipeIngredient",
  "ingredients",
  "recipeInstructions",
  "recipeYield",
  "recipeCategory",
  "recipeCuisine",
  "keywords",
]);

function propValue(el: Element, prop: string): unknown {
  const a = el.attribs;
  if (a.content !== undefined) return a.content;
  if ((el.name === "a" || el.name === "link") && TEXT_PROPS.has(prop)) {
    const text = renderedText(el);
    if (text) return text;
  }
  switch (el.name) {
    case "meta":
      return a.content ?? "";
    case "img":
      return imageSource(a);
    case "audio":
    case "video":
    case "source":
    case "embed":
    case "iframe":
      return a.src ?? "";
    case "a":
    case "link":
    case "area":
      return a.href ?? "";
    case "time":
      return a.datetime ?? renderedText(el);
    case "data":
    case "meter":
      return a.value ?? renderedText(el);
    default:
      return renderedText(el);
  }
}

/** Reads one itemscope into a plain object shaped like JSON-LD (nested items included). */
function readItem(scope: Element, depth = 0): Node {
  const item: Node = {};
  const type = scope.attribs.itemtype;
  if (type) item["@type"] = type.split(/\s+/).map((t) => t.replace(/^.*[/#]/, ""));
  const add = (key: string, value: unknown) => {
    const cur = item[key];
    item[key] = cur === undefined ? value : Array.isArray(cur) ? [...cur, value] : [cur, value];
  };
  const visit = (n: AnyNode) => {
    if (!isElement(n)) return;
    const props = n.attribs.itemprop?.split(/\s+/).filter(Boolean) ?? [];
    const isScope = n.attribs.itemscope !== undefined;
    if (props.length) {
      for (const p of props) add(p, isScope && depth < 5 ? readItem(n, depth + 1) : propValue(n, p));
      if (isScope) return;
    } else if (isScope) return; // an unrelated nested item
    for (const k of n.children) visit(k);
  };
  for (const k of scope.children) visit(k);
  return item;
}

/** schema.org Recipe items in microdata, as JSON-LD-shaped objects (top-level items first). */
export function findMicrodataRecipes(doc: Document): Node[] {
  const scopes = findAll(
    doc,
    (el) => el.attribs.itemscope !== undefined && /schema\.org\/Recipe\b/i.test(el.attribs.itemtype ?? ""),
  );
  return scopes.map((s) => readItem(s));
}
