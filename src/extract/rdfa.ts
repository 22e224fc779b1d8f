import type { AnyNode } from "domhandler";
import type { Document, Element } from "./dom.ts";
import { findAll, isElement } from "./dom.ts";
import { fillOwnText, imageSource, LIST_PROPS, renderedText, TEXT_PROPS } from "./microdata.ts";

type Node = Record<string, unknown>;

const local = (t: string) => t.replace(/^.*[/#:]/, "");

function propValue(el: Element, prop: string): unknown {
  const a = el.attribs;
  if (a.content !== undefined) return a.content;
  if (el.name === "a" || el.name === "link")
    return (TEXT_PROPS.has(prop) && renderedText(el)) || (a.href ?? renderedText(el));
  if (el.name === "img") return imageSource(a);
  if (el.name === "time") return a.datetime ?? renderedText(el);
  return renderedText(el, LIST_PROPS.has(prop));
}

/** Reads one RDFa resource (`typeof`) into a JSON-LD-shaped object, nested resources included. */
function readResource(scope: Element, depth = 0): Node {
  const item: Node = { "@type": (scope.attribs.typeof ?? "").split(/\s+/).filter(Boolean).map(local) };
  const add = (key: string, value: unknown) => {
    const cur = item[key];
    item[key] = cur === undefined ? value : Array.isArray(cur) ? [...cur, value] : [cur, value];
  };
  const visit = (n: AnyNode) => {
    if (!isElement(n)) return;
    const props = (n.attribs.property ?? "").split(/\s+/).filter(Boolean).map(local);
    const isScope = n.attribs.typeof !== undefined;
    if (props.length) {
      for (const p of props) add(p, isScope && depth < 5 ? readResource(n, depth + 1) : propValue(n, p));
      if (isScope) return;
    } else if (isScope) return;
    for (const k of n.children) visit(k);
  };
  for (const k of scope.children) visit(k);
  if (depth > 0) fillOwnText(item, scope);
  return item;
}

/** schema.org Recipe resources in RDFa (`typeof="Recipe"` with a schema.org vocab, or `schema:Recipe`). */
export function findRdfaRecipes(doc: Document): Node[] {
  return findAll(
    doc,
    (el) =>
      el.attribs.typeof !== undefined && el.attribs.typeof.split(/\s+/).some((t) => local(t) === "Recipe"),
  ).map((s) => readResource(s));
}
