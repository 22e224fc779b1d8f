import { selectAll, selectOne } from "css-select";
import type { AnyNode, Element } from "domhandler";
import type { Instruction } from "../domain/recipe.ts";
import { findAll, innerText, isElement, metaContent, textOf, type Document } from "./dom.ts";
import { parseDuration } from "./durations.ts";
import { isIngredientHeading, parseIngredientList } from "./ingredients.ts";
import type { PartialRecipe } from "./schemaRecipe.ts";
import { cleanText } from "./text.ts";
import { parseYield } from "./yields.ts";

/** A recipe-card plugin's markup, as selectors. */
interface CardPlugin {
  name: string;
  root: string;
  title: string;
  ingredients: string;
  instructions: string;
  /** Items are selected inside `ingredientsBox` / `instructionsBox` when given (the box itself never matches). */
  groups?: string;
  ingredientsBox?: string;
  instructionsBox?: string;
  servings?: string;
  prep?: string;
  cook?: string;
  total?: string;
  notes?: string;
  description?: string;
  author?: string;
}

// Selectors of the common WordPress recipe-card plugins.
const PLUGINS: CardPlugin[] = [
  {
    name: "WP Recipe Maker",
    root: ".wprm-recipe-container, .wprm-recipe",
    title: ".wprm-recipe-name",
    ingredients: ".wprm-recipe-ingredient",
    instructions: ".wprm-recipe-instruction-text, .wprm-recipe-instruction",
    groups: ".wprm-recipe-group-name",
    ingredientsBox: ".wprm-recipe-ingredients-container",
    instructionsBox: ".wprm-recipe-instructions-container",
    servings: ".wprm-recipe-servings",
    prep: ".wprm-recipe-prep_time-container, .wprm-recipe-prep-time-container",
    cook: ".wprm-recipe-cook_time-container, .wprm-recipe-cook-time-container",
    total: ".wprm-recipe-total_time-container, .wprm-recipe-total-time-container",
    description: ".wprm-recipe-summary",
    author: ".wprm-recipe-author",
  },
  {
    name: "Tasty Recipes",
    root: ".tasty-recipes",
    title: ".tasty-recipes-title",
    ingredients: "li",
    instructions: "li",
    groups: "h4, h3",
    ingredientsBox: ".tasty-recipes-ingredients, .tasty-recipe-ingredients",
    instructionsBox: ".tasty-recipes-instructions, .tasty-recipe-instructions",
    servings: ".tasty-recipes-yield",
    prep: ".tasty-recipes-prep-time",
    cook: ".tasty-recipes-cook-time",
    total: ".tasty-recipes-total-time",
    description: ".tasty-recipes-description",
    author: ".tasty-recipes-author-name",
  },
  {
    name: "Mediavine Create",
    root: ".mv-create-card, .mv-recipe-card",
    title: ".mv-create-title",
    ingredients: "li",
    instructions: "li",
    groups: "h4, h3",
    ingredientsBox: ".mv-create-ingredients",
    instructionsBox: ".mv-create-instructions",
    servings: ".mv-create-yield",
    prep: ".mv-create-time-prep",
    cook: ".mv-create-time-active, .mv-create-time-cook",
    total: ".mv-create-time-total",
    description: ".mv-create-description",
    author: ".mv-create-author",
  },
  {
    name: "Zip Recipes",
    root: "#zlrecipe-container-wrapper, #zlrecipe-container, .zlrecipe-container",
    title: "#zlrecipe-title, .zlrecipe-title",
    ingredients: "li",
    instructions: "li",
    ingredientsBox: "#zlrecipe-ingredients-list, .zlrecipe-ingredients-list",
    instructionsBox: "#zlrecipe-instructions-list, .zlrecipe-instructions-list",
    servings: "#zlrecipe-yield, .zlrecipe-yield",
    prep: "#zlrecipe-prep-time, .zlrecipe-prep-time",
    cook: "#zlrecipe-cook-time, .zlrecipe-cook-time",
    total: "#zlrecipe-total-time, .zlrecipe-total-time",
    description: "#zlrecipe-summary, .zlrecipe-summary",
  },
  {
    name: "WP Ultimate Recipe",
    root: ".wpurp-container",
    title: ".wpurp-recipe-title",
    ingredients: ".wpurp-recipe-ingredient",
    instructions: ".wpurp-recipe-instruction-text, .wpurp-recipe-instruction",
    groups: ".wpurp-recipe-ingredient-group, .wpurp-recipe-instruction-group",
    ingredientsBox: ".wpurp-recipe-ingredients",
    instructionsBox: ".wpurp-recipe-instructions",
    servings: ".wpurp-recipe-servings",
  },
  {
    name: "Cooked",
    root: ".cooked-recipe-info, .cooked-recipe",
    title: ".cooked-recipe-title, h1",
    ingredients: ".cooked-single-ingredient.cooked-ingredient",
    instructions: ".cooked-single-direction .cooked-dir-content, .cooked-single-direction",
    groups: ".cooked-heading",
    ingredientsBox: ".cooked-recipe-ingredients",
    instructionsBox: ".cooked-recipe-directions",
    servings: ".cooked-servings",
  },
];

const INGREDIENT_WORDS =
  /^(?:the\s+)?(ingredients?|what you(?:'ll)? need|you will need|zutaten|ingrédients|ingredientes|ingredienti|ingrediënten|ingredienser|ingredienten|benodigdheden)\b/i;
const INSTRUCTION_WORDS =
  /^(?:the\s+)?(instructions?|directions?|method|preparation|steps|how to make it|zubereitung|anleitung|préparation|étapes|instrucciones|preparación|preparacion|elaboración|modo de preparo|preparo|procedimento|preparazione|bereiding|bereidingswijze|werkwijze|gör så här|tillagning|instruktioner)\b/i;

function text(el: AnyNode | null | undefined): string {
  return el ? textOf(el) : "";
}

function labelled(value: string): string {
  // "Prep Time: 15 minutes" → "15 minutes"
  return value.replace(/^[^:0-9]{0,30}:\s*/, "").trim();
}

/** Lines of a list-ish element: its `li`s, else its block children, else its text lines. */
function linesOf(el: Element): string[] {
  const lis = selectAll("li", el);
  if (lis.length) return lis.map((li) => text(li)).filter(Boolean);
  return innerText(el).split(/\n+/).map(cleanText).filter(Boolean);
}

function contains(a: AnyNode, b: AnyNode): boolean {
  for (let n: AnyNode | null = b.parent; n; n = n.parent) if (n === a) return true;
  return false;
}

/** Items and group headings of a list container, in document order, outermost matches only. */
function itemsWithGroups(
  container: AnyNode,
  itemSel: string,
  groupSel?: string,
): { group: boolean; text: string }[] {
  const groups = new Set(groupSel ? selectAll(groupSel, container) : []);
  const all = selectAll(groupSel ? `${itemSel}, ${groupSel}` : itemSel, container);
  return all
    .filter((el) => !all.some((o) => o !== el && contains(o, el)))
    .map((el) => ({ group: groups.has(el), text: text(el) }))
    .filter((x) => x.text);
}

function fromPlugin(doc: Document, p: CardPlugin): PartialRecipe | null {
  const root = selectOne(p.root, doc) as Element | null;
  if (!root) return null;
  const r: PartialRecipe = {};
  const title = text(selectOne(p.title, root));
  if (title) r.name = title;

  const ingBox: AnyNode | null = p.ingredientsBox ? selectOne(p.ingredientsBox, root) : root;
  if (!ingBox) return null;
  const ingLines = itemsWithGroups(ingBox, p.ingredients, p.groups).map((x) =>
    x.group ? `${x.text.replace(/:$/, "")}:` : x.text,
  );
  const ingredients = parseIngredientList(ingLines);
  if (ingredients.length) r.ingredients = ingredients;

  const insBox: AnyNode | null = p.instructionsBox ? selectOne(p.instructionsBox, root) : root;
  if (!insBox) return null;
  const steps: Instruction[] = [];
  let section: string | null = null;
  for (const x of itemsWithGroups(insBox, p.instructions, insBox === root ? undefined : p.groups)) {
    if (x.group) section = x.text.replace(/:$/, "") || null;
    else steps.push({ text: x.text, section });
  }
  if (steps.length) r.instructions = steps;

  const description = text(p.description ? selectOne(p.description, root) : null);
  if (description) r.description = description;
  const author = labelled(text(p.author ? selectOne(p.author, root) : null));
  if (author) r.author = author.replace(/^by\s+/i, "");
  for (const [key, sel] of [
    ["prepTimeMinutes", p.prep],
    ["cookTimeMinutes", p.cook],
    ["totalTimeMinutes", p.total],
  ] as const) {
    const v = sel ? parseDuration(labelled(text(selectOne(sel, root)))) : null;
    if (v !== null) r[key] = v;
  }
  if (p.servings) {
    const y = parseYield(labelled(text(selectOne(p.servings, root))));
    if (y.text) {
      r.yield = y.text;
      r.servings = y.servings;
    }
  }
  return r.ingredients || r.instructions ? r : null;
}

const HEADING_TAGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);

function isHeadingLike(el: Element): boolean {
  if (HEADING_TAGS.has(el.name)) return true;
  if ((el.name === "p" || el.name === "div") && el.children.length === 1) {
    const only = el.children[0]!;
    return isElement(only) && (only.name === "strong" || only.name === "b");
  }
  return false;
}

/** The content after a heading until the next heading of the same or a higher level. */
function sectionAfter(h: Element): Element[] {
  const out: Element[] = [];
  const level = HEADING_TAGS.has(h.name) ? Number(h.name[1]) : 7;
  for (let n = h.next; n; n = n.next) {
    if (!isElement(n)) continue;
    if (isHeadingLike(n)) {
      const l = HEADING_TAGS.has(n.name) ? Number(n.name[1]) : 7;
      if (l <= level) break;
      // A sub-heading inside the section: a group name.
      out.push(n);
      continue;
    }
    out.push(n);
  }
  return out;
}

/** Lines of a section: sub-headings become "Name:" group lines. */
function sectionLines(els: Element[]): string[] {
  const lines: string[] = [];
  for (const el of els) {
    if (isHeadingLike(el)) {
      const t = text(el);
      if (t) lines.push(`${t.replace(/:$/, "")}:`);
    } else lines.push(...linesOf(el));
  }
  return lines;
}

function generic(doc: Document): PartialRecipe | null {
  const headings = findAll(doc, (el) => isHeadingLike(el));
  const ingHead = headings.find((h) => INGREDIENT_WORDS.test(text(h)));
  const insHead = headings.find((h) => INSTRUCTION_WORDS.test(text(h)));
  let ingLines = ingHead ? sectionLines(sectionAfter(ingHead)) : [];
  let insLines = insHead ? sectionLines(sectionAfter(insHead)) : [];
  // Class names give the lists away when headings do not.
  if (!ingLines.length) {
    const el = findAll(
      doc,
      (e) =>
        (e.name === "ul" || e.name === "ol") &&
        /ingredient/i.test(`${e.attribs.class ?? ""} ${e.attribs.id ?? ""}`),
    )[0];
    if (el) ingLines = linesOf(el);
  }
  if (!insLines.length) {
    const el = findAll(
      doc,
      (e) =>
        (e.name === "ol" || e.name === "ul" || e.name === "div") &&
        /(instruction|direction|method|steps|preparation)/i.test(
          `${e.attribs.class ?? ""} ${e.attribs.id ?? ""}`,
        ),
    )[0];
    if (el) insLines = linesOf(el);
  }
  if (ingLines.length < 2 || !insLines.length) return null;
  const r: PartialRecipe = {};
  const ingredients = parseIngredientList(ingLines.filter((l) => l.length < 200));
  if (ingredients.length) r.ingredients = ingredients;
  let section: string | null = null;
  const steps: Instruction[] = [];
  for (const l of insLines) {
    if (isIngredientHeading(l) && l.endsWith(":")) {
      section = l.replace(/:$/, "");
      continue;
    }
    steps.push({ text: l.replace(/^(?:step\s*)?\d{1,2}[.):]\s+/i, ""), section });
  }
  if (steps.length) r.instructions = steps;
  return r;
}

// Labels, not words inside other words ("cooked" is not "cook").
const label = (words: string) =>
  new RegExp(`(?<![\\p{L}])(?:${words})(?![\\p{L}])\\s*[:：]?\\s*([^\\n|•·]{1,30})`, "giu");
const TIME_PATTERNS: [keyof PartialRecipe, RegExp][] = [
  [
    "prepTimeMinutes",
    label(
      "prep(?:aration)?(?: time)?|vorbereitung(?:szeit)?|préparation|preparación|preparo|tempo di preparazione|voorbereiding|förberedelse",
    ),
  ],
  [
    "cookTimeMinutes",
    label(
      "cook(?:ing)?(?: time)?|bake time|baking time|kochzeit|backzeit|cuisson|cocción|cottura|cozimento|bereidingstijd|kooktijd|tillagningstid",
    ),
  ],
  [
    "totalTimeMinutes",
    label("total(?: time)?|gesamtzeit|temps total|tiempo total|tempo totale|totale tijd|total tid"),
  ],
];
const YIELD_PATTERN =
  /\b(?:serves|servings|yield|makes|portionen|für|personnes|pour|porciones|raciones|para|porzioni|per|porties|personen|porções|rende|portioner|serverar)\s*[:：]?\s*((?:about\s+)?\d+(?:\s*[-–]\s*\d+)?(?:\s+[a-zà-ÿ]+)?)/i;

/**
 * Heuristic DOM extraction for pages without structured data: recipe-card plugins first, then a
 * generic reader that finds ingredient and instruction lists by headings (8 languages), classes and
 * list structure; title, description, image and author from Open Graph and meta; times and yields
 * from text patterns.
 */
export function extractHeuristic(doc: Document, baseUrl: string): PartialRecipe | null {
  let r: PartialRecipe | null = null;
  for (const p of PLUGINS) {
    r = fromPlugin(doc, p);
    if (r) break;
  }
  r ??= generic(doc);
  if (!r) return null;
  if (!r.name) {
    const h1 = findAll(doc, (e) => e.name === "h1")[0];
    const title = metaContent(doc, "og:title") ?? (h1 ? text(h1) : null);
    if (title) r.name = title;
  }
  if (!r.description) {
    const d = metaContent(doc, "og:description", "description", "twitter:description");
    if (d) r.description = d;
  }
  if (!r.imageUrl) {
    const img = metaContent(doc, "og:image", "twitter:image");
    if (img) {
      try {
        const u = new URL(img, baseUrl);
        // Only web images: no javascript:, data: or file: URLs reach a draft.
        if (u.protocol === "http:" || u.protocol === "https:") r.imageUrl = u.href;
      } catch {
        // ignore a broken image URL
      }
    }
  }
  if (!r.author) {
    const a = metaContent(doc, "author", "article:author");
    if (a && !/^https?:/.test(a)) r.author = a;
  }
  const body = findAll(doc, (e) => e.name === "body")[0];
  const pageText = body ? innerText(body) : "";
  for (const [key, re] of TIME_PATTERNS) {
    if (r[key] !== undefined) continue;
    // The first labelled value that reads as a duration.
    for (const m of pageText.matchAll(re)) {
      const v = /\d/.test(m[1]!) ? parseDuration(m[1]!) : null;
      if (v !== null && v > 0) {
        (r as Record<string, unknown>)[key] = v;
        break;
      }
    }
  }
  if (r.totalTimeMinutes === undefined && (r.prepTimeMinutes || r.cookTimeMinutes)) {
    r.totalTimeMinutes = (r.prepTimeMinutes ?? 0) + (r.cookTimeMinutes ?? 0);
  }
  if (r.servings === undefined) {
    const m = YIELD_PATTERN.exec(pageText);
    if (m) {
      const y = parseYield(m[0].replace(/^[^\d]*?(?=about|\d)/i, ""));
      if (y.servings) {
        r.servings = y.servings;
        r.yield = cleanText(m[0]);
      }
    }
  }
  return r;
}
