import type { AnyNode } from "domhandler";
import type { Document, Element } from "./dom.ts";
import { findAll, innerText, isElement } from "./dom.ts";

type Node = Record<string, unknown>;

function propValue(el: Element): unknown {
  const a = el.attribs;
  if (a.content !== undefined) return a.content;
  switch (el.name) {
    case "meta":
      return a.content ?? "";
    case "img":
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
      return a.datetime ?? innerText(el);
    case "data":
    case "meter":
      return a.value ?? innerText(el);
    default:
      return innerText(el);
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
      const value = isScope && depth < 5 ? readItem(n, depth + 1) : propValue(n);
      for (const p of props) add(p, value);
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
