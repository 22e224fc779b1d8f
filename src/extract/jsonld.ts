import type * as JsonRepair from "jsonrepair";
import { lazyRequire } from "./lazyRequire.ts";

// Loaded on the first JSON-LD that plain parsing and cleanup cannot read: few pages have one.
const repairLib = lazyRequire<typeof JsonRepair>("jsonrepair");
const jsonrepair = (text: string): string => repairLib().jsonrepair(text);

type Node = Record<string, unknown>;

/** Parses one JSON-LD script leniently: JSON first, then cleanup, then jsonrepair; null when hopeless. */
export function parseJsonLdText(text: string): unknown[] {
  const t = text
    .trim()
    .replace(/^<!\[CDATA\[|\]\]>$/g, "")
    .replace(/^\s*<!--|-->\s*$/g, "")
    .trim()
    .replace(/;+\s*$/, "");
  if (!t) return [];
  try {
    return [JSON.parse(t)];
  } catch {
    // fall through to repairs
  }
  // Raw control characters inside strings and stray \' escapes are the commonest breakage; then
  // JavaScript's \x27 escapes, doubled commas, and markup or script left before or after the JSON.
  const cleaned = t
    .replace(/\\'/g, "'")
    .replace(/\\x([\da-f]{2})/gi, "\\u00$1")
    // eslint-disable-next-line no-control-regex -- control characters are exactly what breaks JSON.parse here
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, " ")
    .replace(/,(\s*,)+/g, ",");
  const start = cleaned.search(/[[{]/);
  const end = Math.max(cleaned.lastIndexOf("}"), cleaned.lastIndexOf("]"));
  const trimmed = start >= 0 && end > start ? cleaned.slice(start, end + 1) : cleaned;
  const attempts = trimmed === cleaned ? [cleaned] : [cleaned, trimmed];
  attempts.push(trimmed.replace(/\r?\n/g, " "));
  for (const a of attempts) {
    try {
      return [JSON.parse(a)];
    } catch {
      try {
        const repaired = JSON.parse(jsonrepair(a)) as unknown;
        // jsonrepair turns several concatenated objects into an array (NDJSON style).
        return Array.isArray(repaired) && /^\s*\{/.test(a) ? repaired : [repaired];
      } catch {
        // next attempt
      }
    }
  }
  return [];
}

export function typesOf(node: Node): string[] {
  const t = node["@type"];
  const list = Array.isArray(t) ? t : t === undefined ? [] : [t];
  return list.filter((x): x is string => typeof x === "string").map((x) => x.replace(/^.*[/#:]/, ""));
}

/** Collects every object node (through @graph, arrays, mainEntity, ItemList) and an @id index. */
export function flattenJsonLd(blocks: unknown[]): { nodes: Node[]; byId: Map<string, Node> } {
  const nodes: Node[] = [];
  const byId = new Map<string, Node>();
  const seen = new Set<unknown>();
  const visit = (v: unknown, depth: number) => {
    if (depth > 12 || v === null || typeof v !== "object" || seen.has(v)) return;
    seen.add(v);
    if (Array.isArray(v)) {
      for (const x of v) visit(x, depth + 1);
      return;
    }
    const n = v as Node;
    nodes.push(n);
    if (typeof n["@id"] === "string" && Object.keys(n).length > 1) byId.set(n["@id"], n);
    for (const key of [
      "@graph",
      "mainEntity",
      "mainEntityOfPage",
      "itemListElement",
      "item",
      "hasPart",
      "about",
      "subjectOf",
    ]) {
      if (key in n) visit(n[key], depth + 1);
    }
  };
  for (const b of blocks) visit(b, 0);
  return { nodes, byId };
}

/** A URL reduced to host and path, for telling whether a node describes this page. */
function pageKey(u: unknown): string | null {
  if (typeof u !== "string" || !u) return null;
  try {
    const url = new URL(u);
    return (url.hostname.replace(/^www\./, "") + url.pathname.replace(/\/+$/, "")).toLowerCase();
  } catch {
    return null;
  }
}

function describesPage(n: Node, page: string | null): boolean {
  if (!page) return false;
  const main = n.mainEntityOfPage;
  const refs = [n.url, n["@id"], main, main && typeof main === "object" ? (main as Node)["@id"] : null];
  return refs.some((r) => pageKey(r) === page);
}

/**
 * Recipe nodes of the page, most complete first; among equally complete ones, the node whose url,
 * @id or mainEntityOfPage is the page itself (round-ups and sidebars list other recipes), then the
 * first.
 */
export function findRecipeNodes(
  scripts: string[],
  pageUrl?: string,
): {
  recipes: Node[];
  byId: Map<string, Node>;
  nodes: Node[];
} {
  const { nodes, byId } = flattenJsonLd(scripts.flatMap(parseJsonLdText));
  const recipes = nodes.filter((n) => typesOf(n).some((t) => t.toLowerCase() === "recipe"));
  const page = pageKey(pageUrl);
  const score = (n: Node) =>
    (n.recipeIngredient || n.ingredients ? 4 : 0) +
    (n.recipeInstructions ? 4 : 0) +
    (n.name ? 1 : 0) +
    (n.image ? 1 : 0) +
    (recipes.length > 1 && describesPage(n, page) ? 0.5 : 0);
  const ranked = recipes
    .map((n, i) => ({ n, i, s: score(n) }))
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .map((x) => x.n);
  return { recipes: ranked, byId, nodes };
}
