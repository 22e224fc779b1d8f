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
 * With `headings`, a heading inside the element ends in a colon, so a list of steps or ingredients
 * keeps its group names recognisable ("For the sauce:").
 */
export function renderedText(root: AnyNode, headings = false): string {
  let s = "";
  const rec = (x: AnyNode) => {
    if (x.type === "text") s += (x as unknown as { data: string }).data.replace(/\s+/g, " ");
    else if (isElement(x)) {
      if (SKIPPED.has(x.name)) return;
      const block = BLOCK.has(x.name);
      if (block) s += "\n";
      const start = s.length;
      for (const k of x.children) rec(k);
      if (headings && x !== root && /^h[1-6]$/.test(x.name)) {
        const text = s.slice(start).trim();
        if (text && !/[:.!?]$/.test(text)) s += ":";
      }
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

/** The widest candidate of a srcset ("a.jpg 300w, b.jpg 1200w" gives b.jpg); undefined when none. */
function widestInSrcset(srcset: string | undefined): string | undefined {
  if (!srcset) return undefined;
  let best: string | undefined;
  let size = -1;
  // Candidates are separated by a comma and white space; a comma inside a URL has none after it.
  for (const part of srcset.trim().split(/,\s+/)) {
    const [url, descriptor] = part.trim().split(/\s+/);
    if (!url) continue;
    const n = descriptor ? parseFloat(descriptor) || 0 : 1;
    if (n > size) {
      best = url;
      size = n;
    }
  }
  return best;
}

// A src that only holds the place of the picture a lazy loader will put there.
const PLACEHOLDER_SRC =
  /^data:|placeholder|blank|lazy|spacer|transparent|\b1x1\.(?:gif|png)|pixel\.gif|loading\.(?:gif|svg|png|jpe?g|webp)|spinner|loader\.(?:gif|svg)/i;

/**
 * An image's address: lazy loaders keep the real one in data-src (or only in a srcset) while src
 * holds a placeholder or nothing.
 */
export function imageSource(a: Record<string, string>): string {
  const src = a.src ?? "";
  if (src && !PLACEHOLDER_SRC.test(src)) return src;
  const lazy =
    a["data-src"] ??
    a["data-lazy-src"] ??
    a["data-original"] ??
    widestInSrcset(a["data-srcset"] ?? a["data-lazy-srcset"] ?? a.srcset) ??
    otherLoaderSource(a);
  return lazy ?? src;
}

// Another lazy loader's own attribute ("data-splide-lazy", "data-lazy", "data-bg-src"): an image's
// address kept under a data- name that says lazy or src.
const LOADER_ATTR = /^data-(?:[\w-]*-)?(?:lazy|src)(?:-[\w-]*)?$/;
const IMAGE_ADDRESS = /^(?:https?:\/\/|\/)[^\s]*\.(?:jpe?g|png|webp|avif|gif)(?:[?#]|$)/i;

function otherLoaderSource(a: Record<string, string>): string | undefined {
  for (const [k, v] of Object.entries(a))
    if (LOADER_ATTR.test(k) && IMAGE_ADDRESS.test(v.trim())) return v.trim();
  return undefined;
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

/** Properties holding lists whose headings name groups. */
export const LIST_PROPS = new Set(["recipeIngredient", "ingredients", "recipeInstructions", "instructions"]);

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
    default: {
      const text = renderedText(el, LIST_PROPS.has(prop));
      return prop === "recipeIngredient" && styledGroupName(el, text) ? `${text}:` : text;
    }
  }
}

// Elements that set a line apart as a heading by their look alone.
const EMPHASIS = new Set(["b", "strong", "u", "em", "h1", "h2", "h3", "h4", "h5", "h6"]);

/**
 * An ingredient item whose whole text is one set-apart element: bold or underlined, or a styled
 * span opening on a line break (`<span class="uline"><br>Sauce</span>`), short and without a
 * figure. It names the group of the items after it, as a heading would.
 */
function styledGroupName(el: Element, text: string): boolean {
  if (!text || /\d/.test(text) || text.split(/\s+/).length > 4 || /[:.]$/.test(text)) return false;
  const kids = el.children.filter((k) => isElement(k) || (k as unknown as { data?: string }).data?.trim());
  const only = kids.length === 1 && isElement(kids[0]!) ? kids[0] : null;
  if (!only) return false;
  if (EMPHASIS.has(only.name)) return true;
  const first = only.children.find((k) => isElement(k) || (k as unknown as { data?: string }).data?.trim());
  return !!only.attribs.class && !!first && isElement(first) && first.name === "br";
}

const cutByQuote = (name: string): boolean => name.includes('"') || name.includes("'");

/** Reads one itemscope into a plain object shaped like JSON-LD (nested items included). */
function readItem(scope: Element, depth = 0): Node {
  const item: Node = {};
  const type = scope.attribs.itemtype;
  const vocabulary = /data-vocabulary\.org/i.test(type ?? "");
  if (type) item["@type"] = type.split(/\s+/).map((t) => t.replace(/^.*[/#]/, ""));
  const add = (key: string, value: unknown) => {
    const cur = item[key];
    item[key] = cur === undefined ? value : Array.isArray(cur) ? [...cur, value] : [cur, value];
  };
  const visit = (n: AnyNode) => {
    if (!isElement(n)) return;
    const props = n.attribs.itemprop?.split(/\s+/).filter(Boolean) ?? [];
    const isScope = n.attribs.itemscope !== undefined;
    // `content="Cut the 2" carrots"`: a quote inside the value cut it short; the rest became
    // attribute names with a quote in them. The value is a fragment, not the property.
    if (props.length && n.attribs.content !== undefined && Object.keys(n.attribs).some(cutByQuote)) return;
    if (props.length) {
      // data-vocabulary.org splits an ingredient into amount and name items: the line is its text.
      const asText = isScope && /data-vocabulary\.org\/RecipeIngredient/i.test(n.attribs.itemtype ?? "");
      for (const p of props)
        add(
          DATA_VOCABULARY[p] && vocabulary ? DATA_VOCABULARY[p] : p,
          asText ? renderedText(n) : isScope && depth < 5 ? readItem(n, depth + 1) : propValue(n, p),
        );
      if (isScope) return;
    } else if (isScope) return; // an unrelated nested item
    for (const k of n.children) visit(k);
  };
  for (const k of scope.children) visit(k);
  if (depth > 0) fillOwnText(item, scope);
  return item;
}

/** A nested step or author whose words are in no text/name property takes the element's own text. */
export function fillOwnText(item: Node, scope: Element): void {
  if (item.text !== undefined || item.name !== undefined) return;
  const types = (item["@type"] as string[] | undefined) ?? [];
  if (types.some((t) => /^HowTo(Step|Direction|Tip)$/.test(t))) item.text = renderedText(scope);
  else if (types.some((t) => t === "Person" || t === "Organization")) item.name = renderedText(scope);
}

// The retired data-vocabulary.org Recipe still found on old pages, under schema.org names.
const DATA_VOCABULARY: Record<string, string> = {
  ingredient: "recipeIngredient",
  instructions: "recipeInstructions",
  yield: "recipeYield",
  photo: "image",
  summary: "description",
};

/**
 * schema.org Recipe items in microdata (and data-vocabulary.org ones), as JSON-LD-shaped objects
 * (top-level items first).
 */
export function findMicrodataRecipes(doc: Document): Node[] {
  const scopes = findAll(
    doc,
    (el) =>
      el.attribs.itemscope !== undefined &&
      /(?:schema|data-vocabulary)\.org\/Recipe\b/i.test(el.attribs.itemtype ?? ""),
  );
  return scopes.map((s) => readItem(s));
}
