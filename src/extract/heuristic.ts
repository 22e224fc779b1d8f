import { selectAll, selectOne } from "css-select";
import type { AnyNode, Element } from "domhandler";
import type { Instruction } from "../domain/recipe.ts";
import { findAll, innerText, isElement, textOf, type Document } from "./dom.ts";
import { metaOf, type PageScan } from "./pageScan.ts";
import { parseDuration } from "./durations.ts";
import { isIngredientHeading, parseIngredientList } from "./ingredients.ts";
import { isNumberLabel, type PartialRecipe } from "./schemaRecipe.ts";
import { INGREDIENT_WORDS, INSTRUCTION_WORDS, OTHER_SECTION } from "./sectionWords.ts";
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
  /** Label-and-value detail items ("Prep time 10 minutes"), read like page text. */
  details?: string;
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
  {
    name: "Meal Planner Pro",
    root: ".mpprecipe, #mpprecipe-container",
    title: "#mpprecipe-title, .mpprecipe-title",
    ingredients: "li",
    instructions: "li",
    ingredientsBox: "#mpprecipe-ingredients-list, .mpprecipe-ingredients-list",
    instructionsBox: "#mpprecipe-instructions-list, .mpprecipe-instructions-list",
    servings: "#mpprecipe-yield, .mpprecipe-yield",
    prep: "#mpprecipe-prep-time, .mpprecipe-prep-time",
    cook: "#mpprecipe-cook-time, .mpprecipe-cook-time",
    total: "#mpprecipe-total-time, .mpprecipe-total-time",
    description: "#mpprecipe-summary, .mpprecipe-summary",
  },
  {
    name: "Yumprint",
    root: ".blog-yumprint-recipe",
    title: ".blog-yumprint-recipe-title",
    ingredients: ".blog-yumprint-ingredient-item, li",
    instructions: ".blog-yumprint-method-item, li",
    groups: ".blog-yumprint-ingredient-section, .blog-yumprint-method-section",
    ingredientsBox: ".blog-yumprint-ingredients",
    instructionsBox: ".blog-yumprint-methods",
    servings: ".blog-yumprint-serves",
    prep: ".blog-yumprint-prep-time",
    cook: ".blog-yumprint-cook-time",
    total: ".blog-yumprint-total-time",
    description: ".blog-yumprint-recipe-summary",
    author: ".blog-yumprint-author",
  },
  {
    name: "WPZOOM Recipe Card",
    root: ".wp-block-wpzoom-recipe-card-block-recipe-card, .wpzoom-recipe-card",
    title: ".recipe-card-title",
    ingredients: ".ingredient-item",
    instructions: ".direction-step",
    groups: ".ingredient-item-group-title, .direction-step-group-title",
    ingredientsBox: ".recipe-card-ingredients",
    instructionsBox: ".recipe-card-directions",
    details: ".detail-item",
    description: ".recipe-card-summary",
    author: ".recipe-card-author",
  },
  {
    name: "Jetpack Recipe",
    root: ".jetpack-recipe",
    title: ".jetpack-recipe-title",
    ingredients: "li",
    instructions: "li, p",
    ingredientsBox: ".jetpack-recipe-ingredients",
    instructionsBox: ".jetpack-recipe-directions",
    servings: ".jetpack-recipe-servings",
    prep: ".jetpack-recipe-prep-time",
    cook: ".jetpack-recipe-cook-time",
    description: ".jetpack-recipe-notes",
  },
  {
    // hRecipe microformat classes, as EasyRecipe and older cards write them: tried last.
    name: "hRecipe / EasyRecipe",
    root: ".easyrecipe, .hrecipe, .h-recipe",
    title: ".ERSName, .p-name, .fn",
    ingredients: ".ingredient, .p-ingredient",
    instructions: ".instruction, .e-instructions li, .instructions li",
    groups: ".ERSSectionHead, .ERSSeparator",
    servings: ".yield, .p-yield",
    prep: ".preptime",
    cook: ".cooktime",
    total: ".duration, .totaltime",
    description: ".summary, .p-summary",
    author: ".ERSAuthor .author, .author",
  },
];

const ROOT_NAMES = new Map<CardPlugin, string[]>();

/** The class and id names a card's root selector looks for. */
function rootNames(p: CardPlugin): string[] {
  let names = ROOT_NAMES.get(p);
  if (!names) {
    names = [...p.root.matchAll(/[.#]([\w-]+)/g)].map((m) => m[1]!);
    ROOT_NAMES.set(p, names);
  }
  return names;
}

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

/** The boxes a card keeps a list in (some cards repeat the box per group), outermost only; the root when none is named. */
function boxes(root: Element, sel: string | undefined): AnyNode[] {
  if (!sel) return [root];
  const all = selectAll(sel, root);
  return all.filter((el) => !all.some((o) => o !== el && contains(o, el)));
}

function fromPlugin(doc: Document, p: CardPlugin): PartialRecipe | null {
  const root = selectOne(p.root, doc) as Element | null;
  if (!root) return null;
  const r: PartialRecipe = {};
  const title = text(selectOne(p.title, root));
  if (title) r.name = title;

  const ingBoxes = boxes(root, p.ingredientsBox);
  if (!ingBoxes.length) return null;
  const ingLines = ingBoxes.flatMap((box) => {
    const items = itemsWithGroups(box, p.ingredients, p.groups);
    // A box of plain text lines (no item markup) still lists the ingredients.
    if (!items.length && box !== root) return linesOf(box as Element);
    return items.map((x) => (x.group ? `${x.text.replace(/:$/, "")}:` : x.text));
  });
  const ingredients = parseIngredientList(ingLines);
  if (ingredients.length) r.ingredients = ingredients;

  const insBoxes = boxes(root, p.instructionsBox);
  if (!insBoxes.length) return null;
  const steps: Instruction[] = [];
  let section: string | null = null;
  for (const box of insBoxes) {
    const items = itemsWithGroups(box, p.instructions, box === root ? undefined : p.groups);
    if (!items.length && box !== root)
      for (const l of linesOf(box as Element)) items.push({ group: false, text: l });
    for (const x of items) {
      if (x.group) section = x.text.replace(/:$/, "") || null;
      else if (!isNumberLabel(x.text)) steps.push({ text: x.text, section });
    }
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
  if (p.details)
    scanMeta(
      selectAll(p.details, root)
        .map((d) => text(d))
        .join("\n"),
      r,
    );
  return r.ingredients || r.instructions ? r : null;
}

const HEADING_TAGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);

// Elements whose content never belongs to the recipe.
const SKIP_TAGS = new Set([
  "script",
  "style",
  "noscript",
  "template",
  "nav",
  "footer",
  "aside",
  "form",
  "button",
  "select",
  "textarea",
  "svg",
  "iframe",
]);
// Class or id names (at their start) of page chrome: comments, sidebars, sharing, related posts.
const NOISE_NAME =
  /^(?:comments?|comment-list|commentlist|respond|sidebar|widget|related|share|sharing|social|breadcrumbs?|menu|nav|navbar|navigation|site-header|site-footer|footer|cookie|newsletter|popup|modal|advert|ads?|jp-relatedposts|(?:post|entry|article)[-_](?:footer|tags|labels|categories|share))(?:$|[-_])/i;

// Block-level elements: they end the current line.
const BLOCK_TAGS = new Set([
  "address",
  "article",
  "blockquote",
  "dd",
  "details",
  "div",
  "dl",
  "dt",
  "fieldset",
  "figcaption",
  "figure",
  "header",
  "hgroup",
  "hr",
  "li",
  "main",
  "ol",
  "p",
  "pre",
  "section",
  "summary",
  "table",
  "tbody",
  "thead",
  "tfoot",
  "tr",
  "td",
  "th",
  "ul",
  "center",
  ...HEADING_TAGS,
  ...SKIP_TAGS,
]);

/** One line of the page in reading order: a heading (level 1-6, 7 for a bold label) or text. */
export interface Block {
  text: string;
  /** 1-6 for h1-h6, 7 for a bold-only line, 0 for text. */
  level: number;
  /** From a list item or a table row. */
  item: boolean;
}

// Furniture that may hold the recipe itself (a card placed in an aside or a sidebar-styled box).
const MAY_HOLD_RECIPE = new Set(["aside", "form"]);
const RECIPE_PART = /ingredient|instruction|recipe-?card|wprm-recipe|tasty-recipes|mv-create/i;

/** Whether an element holds a recipe's lists (by their class, id or microdata names). */
function holdsRecipe(el: Element): boolean {
  return (
    findAll(el, (e) => {
      const a = e.attribs;
      return RECIPE_PART.test(`${a.class ?? ""} ${a.id ?? ""} ${a.itemprop ?? ""}`);
    }).length > 0
  );
}

function isNoise(el: Element): boolean {
  if (SKIP_TAGS.has(el.name)) return !MAY_HOLD_RECIPE.has(el.name) || !holdsRecipe(el);
  if (el.name === "body" || el.name === "html" || el.name === "main" || el.name === "article") return false;
  const names = `${el.attribs.class ?? ""} ${el.attribs.id ?? ""}`.trim();
  if (!names || !names.split(/\s+/).some((n) => NOISE_NAME.test(n))) return false;
  // Named like chrome but holding the recipe: content, whatever its name.
  return RECIPE_PART.test(names) ? false : !holdsRecipe(el);
}

// A list written on one line with bullets ("• 2 eggs • 1 cup milk • …").
const INLINE_BULLETS = /(?:^|\s)[•·▪]\s+/u;

/** Pushes each bulleted part of a one-line list as an item; false when the line is not one. */
function splitBullets(t: string, out: Block[]): boolean {
  if (!t.includes("•") && !t.includes("▪") && !t.includes("·")) return false;
  const parts = t.split(INLINE_BULLETS).map((x) => x.trim());
  if (parts[0] === "") parts.shift();
  if (parts.length < 3 || parts.some((x) => !x)) return false;
  for (const text of parts) out.push({ text, level: 0, item: true });
  return true;
}

/**
 * The page as lines in reading order: headings, list items, table rows, and the lines of
 * paragraphs split at `<br>`; a line that is all bold is a label (level 7). One pass, linear.
 */
export function pageBlocks(root: AnyNode): Block[] {
  const out: Block[] = [];
  let run = "";
  let bold = "";
  let boldDepth = 0;
  const flush = (item = false) => {
    const t = cleanText(run);
    if (t && !splitBullets(t, out)) {
      const b = cleanText(bold);
      out.push({ text: t, level: b === t && !item ? 7 : 0, item });
    }
    run = "";
    bold = "";
  };
  const inline = (n: AnyNode) => {
    if (n.type === "text") {
      const d = (n as unknown as { data: string }).data;
      run += d;
      if (boldDepth) bold += d;
      return;
    }
    if (!isElement(n) || isNoise(n)) return;
    if (n.name === "br") return flush();
    if (BLOCK_TAGS.has(n.name)) return block(n);
    const strong = n.name === "strong" || n.name === "b";
    if (strong) boldDepth++;
    for (const k of n.children) inline(k);
    if (strong) boldDepth--;
  };
  const block = (el: Element) => {
    flush();
    if (HEADING_TAGS.has(el.name)) {
      const t = textOf(el);
      if (t && !splitBullets(t, out)) out.push({ text: t, level: Number(el.name[1]), item: false });
      return;
    }
    if (el.name === "tr") {
      const cells = el.children.filter(
        (c): c is Element => isElement(c) && (c.name === "td" || c.name === "th"),
      );
      if (!cells.length || cells.every((c) => c.name === "th")) return;
      const t = cleanText(cells.map((c) => textOf(c)).join(" "));
      if (t) out.push({ text: t, level: 0, item: true });
      return;
    }
    if (el.name === "li") {
      const saved = boldDepth;
      boldDepth = 0;
      for (const k of el.children) {
        if (isElement(k) && (k.name === "ul" || k.name === "ol")) {
          flush(true);
          block(k);
        } else inline(k);
      }
      flush(true);
      boldDepth = saved;
      return;
    }
    const saved = boldDepth;
    boldDepth = 0;
    for (const k of el.children) inline(k);
    flush();
    boldDepth = saved;
  };
  if (isElement(root)) {
    if (!isNoise(root)) block(root);
  } else for (const k of (root as { children?: AnyNode[] }).children ?? []) inline(k);
  flush();
  return out;
}

export { INGREDIENT_WORDS, INSTRUCTION_WORDS, OTHER_SECTION } from "./sectionWords.ts";
const STEP_LABEL = /^(?:step|schritt|étape|etape|paso|passo|stap|steg|etapa)\s*\d{1,2}\s*[:.)]?$/iu;
const NOISE_LINE =
  /^(?:print(?: recipe)?|pin(?: recipe| it)?|save(?: recipe)?|share|jump to recipe|rate (?:this )?recipe|email|tweet|▢|\d{1,4}\.?|(?:\d+(?:\/\d+)?x\s*)+|cook mode|prevent your screen from going dark.*|[+]\s*create .*collection.*)$/i;
// Times and yields written under the steps ("Makes 12 squares.", "Bake time: 45 minutes.").
const META_LINE =
  /^(?:(?:makes|serves|yield|yields|servings)\b[^.]{0,40}\.?$|(?:prep|cook|cooking|bake|baking|total|chill)(?:\s*time)?\s*:)/i;
// Post chrome that ends any section.
const STOP_LINE =
  /^(?:(?:labels|tags|categories|category|filed under|posted (?:in|by|on)|share this|post views|views)\s*:|(?:rate this recipe|reader ratings?|there are no comments|no comments yet|leave a (?:comment|reply|review)|subscribe (?:or|to|and)|log ?in to|sign up for|sign in to|did you make this|tried this recipe|export(?:ar)? (?:the|la|this) re|posts? destacados|related posts|popular posts|recent posts|you may also like|more from)\b|(?:per serving|nutrition(?:al)? (?:information|info|facts)|calories)\b[^a-z]{0,3}(?::|$|\d))/i;
const GROUP_LIKE = /^(?:for|für|pour|para|per|voor|till|à|al|zum|zur)\s|:$/i;

function isSectionHead(b: Block, words: RegExp): boolean {
  if (b.text.length > 60) return false;
  // Blogs decorate headings with emoji or symbols ("🛒 What You'll Need", "» Method").
  const t = b.text.replace(LEADING_SYMBOLS, "");
  if (b.level) return words.test(t);
  // A plain short line that only names the section ("Ingredients", "Method:").
  return t.length <= 30 && !/[.,!?]/.test(t) && words.test(t);
}
const LEADING_SYMBOLS = /^[^\p{L}\p{N}]+/u;

/** Lines under a section heading, sub-headings as "Name:" group lines; null when empty. */
function sectionLines(blocks: Block[], start: number, kind: "ingredients" | "steps"): string[] {
  const head = blocks[start]!;
  const level = head.level || 7;
  const lines: { text: string; item: boolean }[] = [];
  // Bounded: a section spans at most 400 blocks, so many candidate headings stay linear.
  const end = Math.min(blocks.length, start + 400);
  for (let j = start + 1; j < end && lines.length < 120; j++) {
    const b = blocks[j]!;
    const other = kind === "ingredients" ? INSTRUCTION_WORDS : INGREDIENT_WORDS;
    if (isSectionHead(b, other) || isSectionHead(b, OTHER_SECTION)) break;
    if (b.level) {
      if (STEP_LABEL.test(b.text)) continue;
      const groupLike = GROUP_LIKE.test(b.text) && b.text.length <= 50;
      if (b.level < level) break;
      // A same-rank heading right above measured lines names a group of the list ("Sauce").
      const groupAbove =
        kind === "ingredients" &&
        b.text.length <= 50 &&
        j + 1 < end &&
        !blocks[j + 1]!.level &&
        measured(blocks[j + 1]!.text);
      if (b.level === level && !groupLike && !groupAbove) {
        // A bold label in a list of steps reads as a step; a same-rank heading ends the section.
        if (b.level === 7 && kind === "steps") {
          lines.push({ text: b.text, item: false });
          continue;
        }
        break;
      }
      lines.push({ text: `${b.text.replace(/\s*:$/, "")}:`, item: true });
      continue;
    }
    if (STOP_LINE.test(b.text)) break;
    if (NOISE_LINE.test(b.text) || STEP_LABEL.test(b.text)) continue;
    if (kind === "steps" && META_LINE.test(b.text)) continue;
    // A plain line naming another section ("Ingredients", "Notes") also ends it.
    lines.push({ text: b.text, item: b.item });
  }
  // Lists win over the prose around them.
  const items = lines.filter((l) => l.item && !l.text.endsWith(":")).length;
  return (items >= 2 ? lines.filter((l) => l.item) : lines).map((l) => l.text);
}

const LOOKS_LIKE_INGREDIENT = /^(?:[\d¼½¾⅐-⅞]|an?\s|one\s|some\s)/i;

function generic(doc: Document, blocks: Block[]): PartialRecipe | null {
  // The ingredient heading whose section reads most like ingredient lines.
  let ingLines: string[] = [];
  let ingAt = -1;
  let best = 0;
  let candidates = 0;
  blocks.forEach((b, i) => {
    if (candidates >= 30 || !isSectionHead(b, INGREDIENT_WORDS)) return;
    candidates++;
    const lines = sectionLines(blocks, i, "ingredients");
    const score = lines.filter((l) => LOOKS_LIKE_INGREDIENT.test(l)).length + lines.length / 100;
    if (score > best) {
      best = score;
      ingLines = lines;
      ingAt = i;
    }
  });
  // The first steps heading after the ingredients, else the first with lines.
  let insLines: string[] = [];
  const insHeads = blocks.flatMap((b, i) => (isSectionHead(b, INSTRUCTION_WORDS) ? [i] : []));
  for (const i of [...insHeads.filter((i) => i > ingAt), ...insHeads.filter((i) => i < ingAt)].slice(0, 30)) {
    insLines = sectionLines(blocks, i, "steps");
    if (insLines.length) break;
  }
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
  // Steps under a heading the word lists lack ("Recipe", "Let's get started!"): the step-like
  // lines after the ingredients.
  if (ingLines.length >= 2 && !insLines.length && ingAt >= 0) {
    let j = ingAt + 1;
    while (j < blocks.length && !(blocks[j]!.level && blocks[j]!.level <= (blocks[ingAt]!.level || 7))) j++;
    insLines = stepRun(blocks, j).lines;
  }
  // One ingredient is a recipe too (toast, a dressing) when a heading names it and steps follow
  // under their own heading: pasted text often is exactly that.
  const oneUnderHeadings =
    ingLines.length === 1 && ingAt >= 0 && insHeads.length > 0 && LOOKS_LIKE_INGREDIENT.test(ingLines[0]!);
  if ((ingLines.length < 2 && !oneUnderHeadings) || !insLines.length) {
    const found = byContent(blocks);
    if (!found) return null;
    ingLines = found.ingredients;
    insLines = found.steps;
  }
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
    const t = l.replace(/^(?:(?:step|schritt|étape|paso|passo|stap|steg)\s*)?\d{1,2}\s*[.):]\s+/i, "");
    if (t && !isNumberLabel(t)) steps.push({ text: t, section });
  }
  if (steps.length) r.instructions = steps;
  return r;
}

// Reading by content, for pages whose lists carry no heading the word lists know: a run of
// lines that read as ingredients (a quantity first, or last as in "sugar: 45 g"), then the lines
// that read as steps (sentences). Hand-written: no library finds a recipe in free page text.
const BULLET = /^\s*[-–•·*▪◦●]\s*/u;
const QTY_FIRST = /^(?:[\d¼½¾⅐-⅞]|(?:an?|one|two|three|a few|some|a pinch|a handful|pinch)\s)/iu;
const QTY_LAST =
  /\d+(?:[.,]\d+)?\s*(?:g|gr|kg|mg|ml|cl|dl|l|oz|lbs?|tbsp|tsp|cups?|el|tl|db|stk|st|pcs?|pieces?)\.?\)?$/iu;
const NUMBERED_STEP = /^(?:\d{1,2}|step\s*\d{1,2})\s*[-.):]\s*\p{L}/iu;
const SENTENCE_END = /[.!?…)]$/u;

// A quantity with its unit: what makes a list an ingredient list rather than a ranking or a table of contents.
const QTY_UNIT =
  /^(?:about\s|ca\.?\s)?[\d¼½¾⅐-⅞][\d\s/.,¼½¾⅐-⅞–-]*\s*(?:g|gr|grams?|kg|mg|ml|cl|dl|l|liters?|litres?|oz|ounces?|lbs?|pounds?|tbsps?|tablespoons?|tbs|tsps?|teaspoons?|cups?|c\.|pints?|quarts?|cans?|tins?|cloves?|pinch(?:es)?|handfuls?|slices?|sticks?|bunch(?:es)?|sprigs?|heads?|large|medium|small|whole|el|tl|ess|msk|tsk|krm|db|dkg|csomag|ek|kk|stk|st|cs|cc|c\.\s?à|cuill[eè]res?|pincée|gousses?|sachets?|bustina|cucchia\w*|spicchi|cucharad\w*|dientes?|pizca|prise|zehen?|prisen?|bund|pakken?|stuks?|eetlepels?|theelepels?|łyżk\w*|szklank\w*|pieces?|pcs?)(?![\p{L}])/iu;
// "1. Finland", "1.2 Spectral properties": an enumeration, not a quantity.
const ENUMERATION = /^\d{1,2}(?:\.\d{1,2})*\.?\s+\p{Lu}/u;

/** A line that reads as an ingredient: short, a quantity first or last, not a numbered sentence. */
function ingredientLike(text: string): boolean {
  const t = text.replace(BULLET, "");
  if (t.length > 110 || t.split(" ").length > 16 || !/\p{L}/u.test(t)) return false;
  if (NUMBERED_STEP.test(t) && (t.length > 50 || /[.!?]$/.test(t))) return false;
  if (ENUMERATION.test(t) && !QTY_UNIT.test(t)) return false;
  return QTY_FIRST.test(t) || QTY_LAST.test(t);
}

/** An ingredient line with its unit ("2 cups flour", "sugar 45 g"). */
const measured = (text: string): boolean => {
  const t = text.replace(BULLET, "");
  return QTY_UNIT.test(t) || QTY_LAST.test(t);
};

/** A short line inside an ingredient list without a quantity ("Baguette", "salt and pepper", "For the sauce:"). */
function plainItem(b: Block): boolean {
  const t = b.text.replace(BULLET, "");
  return t.length <= 45 && !/[.!?]$/.test(t) && (b.level === 0 || b.level >= 5);
}

/** A line that reads as a step: a sentence, or numbered. */
function stepLike(text: string): boolean {
  if (ingredientLike(text)) return false;
  if (NUMBERED_STEP.test(text)) return text.length >= 12;
  return text.length >= 40 || (text.length >= 15 && SENTENCE_END.test(text) && text.includes(" "));
}

/** The ingredient run starting at `i`: its end and how many lines have a quantity. */
function ingredientRun(blocks: Block[], i: number): { end: number; qty: number; units: number } {
  let qty = 0;
  let units = 0;
  let j = i;
  for (; j < blocks.length; j++) {
    const b = blocks[j]!;
    if (isSectionHead(b, OTHER_SECTION) || STOP_LINE.test(b.text)) break;
    if (ingredientLike(b.text) && b.level !== 1) {
      qty++;
      if (measured(b.text)) units++;
    } else if (!plainItem(b)) break;
  }
  // Plain lines after the last quantity belong to what follows (a heading, a label).
  while (j > i && !ingredientLike(blocks[j - 1]!.text) && !blocks[j - 1]!.item) j--;
  return { end: j, qty, units };
}

/** Steps from `i`: over at most two heading lines, then the step-like lines that follow. */
function stepRun(blocks: Block[], i: number): { lines: string[]; end: number } {
  let j = i;
  for (let heads = 0; j < blocks.length && heads < 2; j++) {
    const b = blocks[j]!;
    if (stepLike(b.text) && !(b.level >= 1 && b.level <= 6)) break;
    if (isSectionHead(b, OTHER_SECTION) || b.text.length > 60) return { lines: [], end: j };
    heads++;
  }
  const lines: string[] = [];
  for (; j < blocks.length && lines.length < 60; j++) {
    const b = blocks[j]!;
    if (isSectionHead(b, OTHER_SECTION) || isSectionHead(b, INGREDIENT_WORDS) || STOP_LINE.test(b.text))
      break;
    if (NOISE_LINE.test(b.text) || STEP_LABEL.test(b.text)) continue;
    if (!stepLike(b.text) || (b.level >= 1 && b.level <= 6)) break;
    lines.push(b.text);
  }
  return { lines, end: j };
}

/**
 * Ingredient and step lines found by what they read like, not by headings: the run of
 * ingredient-like lines (at least three with a quantity) followed by steps; several such groups
 * in a row (a dough, then a filling) are read together. Null when no run is followed by steps.
 */
function byContent(blocks: Block[]): { ingredients: string[]; steps: string[] } | null {
  let best: { start: number; end: number; qty: number } | null = null;
  for (let i = 0; i < blocks.length; i++) {
    if (!ingredientLike(blocks[i]!.text)) continue;
    // A run begins at its first quantity line, or the group line just before it.
    const start = i > 0 && plainItem(blocks[i - 1]!) && blocks[i - 1]!.text.endsWith(":") ? i - 1 : i;
    const run = ingredientRun(blocks, start);
    if (run.qty >= 3 && run.units >= 2 && run.qty * 2 >= run.end - start && (!best || run.qty > best.qty))
      best = { start, end: run.end, qty: run.qty };
    i = Math.max(i, run.end - 1);
  }
  if (!best) return null;
  const ingredients: string[] = [];
  const steps: string[] = [];
  let at = best.start;
  let end = best.end;
  for (let round = 0; round < 6; round++) {
    ingredients.push(...blocks.slice(at, end).map((b) => b.text.replace(BULLET, "")));
    const s = stepRun(blocks, end);
    if (!s.lines.length) break;
    steps.push(...s.lines);
    // Another group: a heading line, then another run of ingredients.
    let next = s.end;
    if (next < blocks.length && !ingredientLike(blocks[next]!.text) && plainItem(blocks[next]!)) next++;
    const more =
      next < blocks.length && ingredientLike(blocks[next]!.text) ? ingredientRun(blocks, next) : null;
    if (!more || more.qty < 2) break;
    at = s.end;
    end = more.end;
  }
  return steps.length && steps.some((l) => l.length >= 40) ? { ingredients, steps } : null;
}

// A duration right after its label: "15 min", "1 hr 15 mins", "1h30", "1 Std. 30 Min."
const DURATION =
  "(?:ca\\.?|about|approx\\.?|environ|circa|cerca de|ungefär|ong\\.?)?\\s?\\d+(?:[.,]\\d+)?\\s*(?:days?|hours?|hrs?|hr|h|stunden?|std\\.?|heures?|horas?|ore|uur|timmar?|tim|minutes?|mins?|min\\.?|minuten?|minutos?|minuti|minuter|m)(?![\\p{L}])(?:\\s*(?:and|et|y|e|und|en|och)?\\s*\\d{1,2}(?:\\s*(?:minutes?|mins?|min\\.?|minuten?|minutos?|minuti|minuter|m)(?![\\p{L}]))?)?";
// Labels, not words inside other words ("cooked" is not "cook"); the value may sit on the next line.
const label = (words: string) =>
  new RegExp(
    `(?<![\\p{L}])(${words})(?![\\p{L}])[ \\t]*([:：])?[ \\t]*(?:\\n[ \\t]*){0,2}(${DURATION})`,
    "giu",
  );
const TIME_PATTERNS: [keyof PartialRecipe, RegExp][] = [
  [
    "prepTimeMinutes",
    label(
      "prep(?:aration)?(?: time)?|active time|hands-on time|vorbereitung(?:szeit)?|arbeitszeit|zubereitungszeit|préparation|temps de préparation|preparación|preparacion|preparo|preparazione|tempo di preparazione|voorbereiding(?:stijd)?|förberedelse(?:tid)?",
    ),
  ],
  [
    "cookTimeMinutes",
    label(
      "cook(?:ing)?(?: time)?|bake time|baking time|kochzeit|backzeit|garzeit|cuisson|temps de cuisson|cocción|coccion|cottura|cozimento|bereidingstijd|kooktijd|baktijd|oventijd|tillagningstid|ugnstid",
    ),
  ],
  [
    "totalTimeMinutes",
    label(
      "total(?: time)?|ready in|gesamtzeit|temps total|tiempo total|tempo totale|tempo total|totale tijd|total tid",
    ),
  ],
];
// A bare one-word label ("Cook 10 minutes") only counts when nothing follows on its line.
const BARE_LABEL = /^(?:prep|cook|total|préparation|cuisson|preparo|preparazione)$/i;

// "Serves 4", "Portionen: 4", "Pour 6 personnes", "Dosi per 4 persone"; and "4 personen", "8 portioner".
const YIELD_LABELLED =
  /(?<![\p{L}])(?:serves|serving size|servings|yields?|makes|portions?|portionen|für|personnes|pour|porciones|raciones|para|porzioni|dosi per|per|porties|personen|porções|rendimento|rende|rinde|portioner|serverar)[ \t]*[:：]?[ \t]*(?:\n[ \t]*)?((?:about |ca\.? |environ )?\d+(?:\s*[-–]\s*\d+)?(?:[ \t]+[\p{L}]+)?)/giu;
const YIELD_COUNTED =
  /(?<![\p{L}\d])(\d+(?:\s*[-–]\s*\d+)?[ \t]*(?:servings|portions|people|persons|personen|personnes|personas|persone|porciones|porzioni|porties|porções|portioner|portionen|raciones|pers\.))(?![\p{L}])/giu;
// Not servings: times and measures after the number.
const NOT_SERVINGS =
  /\d\s*(?:min|minutes?|minutos?|minuti|minuten|minuter|h|hours?|heures?|horas?|ore|uur|stunden?|g|kg|ml|l|cl|dl|oz|lb|grad|degrees?|grados|gradi)(?![\p{L}])|\d\s*[°º]/iu;

/** The first labelled or counted yield in a page's text ("Serves 4", "Rendimento\n4 porções"). */
export function findYield(text: string): { servings: number; text: string } | null {
  const found: { at: number; raw: string; value: string }[] = [];
  for (const m of text.matchAll(YIELD_LABELLED)) found.push({ at: m.index, raw: m[0], value: m[1]! });
  for (const m of text.matchAll(YIELD_COUNTED)) found.push({ at: m.index, raw: m[0], value: m[1]! });
  found.sort((a, b) => a.at - b.at);
  for (const f of found) {
    if (NOT_SERVINGS.test(f.value)) continue;
    const y = parseYield(f.value);
    if (y.servings > 0 && y.servings < 1000) return { servings: y.servings, text: cleanText(f.raw) };
  }
  return null;
}

/** Times and servings written as labelled text ("Prep: 10 mins", "Serves 4"), into `r` where unset. */
function scanMeta(pageText: string, r: PartialRecipe): void {
  for (const [key, re] of TIME_PATTERNS) {
    if (r[key] !== undefined) continue;
    // The first labelled value that reads as a duration.
    for (const m of pageText.matchAll(re)) {
      if (!m[2] && BARE_LABEL.test(m[1]!)) {
        const after = pageText.slice(m.index + m[0].length, m.index + m[0].length + 3);
        if (!/^[ \t]*(?:$|[\n|•·/]|\p{Lu})/u.test(after)) continue;
      }
      const v = parseDuration(m[3]!);
      if (v !== null && v > 0) {
        (r as Record<string, unknown>)[key] = v;
        break;
      }
    }
  }
  if (r.servings === undefined) {
    const y = findYield(pageText);
    if (y) {
      r.servings = y.servings;
      r.yield = y.text;
    }
  }
}

const TITLE_CLASS = /(?:^|[\s_-])(?:entry|post|recipe|article|page)[-_]?(?:title|name|headline)(?:$|\s)/i;
const SITE_CLASS = /(?:site|blog)[-_]?(?:title|name)|logo|brand/i;

/** The post title: a titled heading, else an h1 that is not the site name, else og:title without the site suffix. */
function pageTitle(doc: Document, page: PageScan): string | null {
  const heads = findAll(doc, (e) => HEADING_TAGS.has(e.name) && !SKIP_TAGS.has(e.name));
  const titled = heads.find((h) => Number(h.name[1]) <= 3 && TITLE_CLASS.test(h.attribs.class ?? ""));
  if (titled && text(titled)) return text(titled);
  const h1 = heads.find(
    (h) =>
      h.name === "h1" &&
      !SITE_CLASS.test(`${h.attribs.class ?? ""} ${h.attribs.id ?? ""}`) &&
      !(
        h.parent &&
        isElement(h.parent) &&
        SITE_CLASS.test(`${h.parent.attribs.class ?? ""} ${h.parent.attribs.id ?? ""}`)
      ),
  );
  if (h1 && text(h1)) return text(h1);
  const og = metaOf(page, "og:title", "twitter:title");
  if (!og) return null;
  const site = metaOf(page, "og:site_name");
  if (site && og.length > site.length + 3 && og.endsWith(site))
    return (
      og
        .slice(0, -site.length)
        .replace(/\s*[|–—·:-]\s*$/, "")
        .trim() || og
    );
  return og;
}

/**
 * Heuristic DOM extraction for pages without structured data: recipe-card plugins first, then a
 * generic reader that finds ingredient and instruction lists by headings (8 languages), classes and
 * list structure; the title from headings or Open Graph; times and yields from text patterns.
 * (Open Graph fills a missing image, description and author for every method, in extractRecipe.)
 */
export function extractHeuristic(page: PageScan): PartialRecipe | null {
  const doc = page.doc();
  const body = findAll(doc, (e) => e.name === "body")[0] ?? doc;
  const blocks = pageBlocks(body);
  let r: PartialRecipe | null = null;
  for (const p of PLUGINS) {
    // A card's class or id names must appear in the page before its selectors walk the tree.
    if (!rootNames(p).some((n) => page.source.includes(n))) continue;
    r = fromPlugin(doc, p);
    if (r) break;
  }
  r ??= generic(doc, blocks);
  if (!r) return null;
  if (!r.name) {
    const title = pageTitle(doc, page);
    if (title) r.name = title;
  }
  scanMeta(blocks.map((b) => b.text).join("\n"), r);
  if (r.totalTimeMinutes === undefined && (r.prepTimeMinutes || r.cookTimeMinutes)) {
    r.totalTimeMinutes = (r.prepTimeMinutes ?? 0) + (r.cookTimeMinutes ?? 0);
  }
  return r;
}
