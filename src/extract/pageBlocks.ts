import type { AnyNode, Element } from "domhandler";
import { edgeSpace, findAll, findFirst, innerText, isElement, textOf } from "./dom.ts";
import { readIngredientLine } from "./ingredients.ts";
import { INGREDIENT_WORDS, INSTRUCTION_WORDS } from "./sectionWords.ts";
import { stepTitle } from "./stepTitle.ts";
import { BULLET_MARKS, cleanText } from "./text.ts";

// A page as a flat list of text blocks (headings, list items, paragraphs) without navigation,
// comments and other noise: what the generic reader walks (heuristic.ts).

export function text(el: AnyNode | null | undefined): string {
  return el ? textOf(el) : "";
}

export function labelled(value: string): string {
  // "Prep Time: 15 minutes" → "15 minutes"
  return value.replace(/^[^:0-9]{0,30}:\s*/, "").trim();
}

/** Lines of a list-ish element: its `li`s, else its block children, else its text lines. */
export function linesOf(el: Element): string[] {
  // A walk, not css-select: its 40-odd modules were loaded by every extraction thread for this one query.
  const lis = findAll(el, (e) => e !== el && e.name === "li");
  if (lis.length) return lis.map((li) => text(li)).filter(Boolean);
  return innerText(el).split(/\n+/).map(cleanText).filter(Boolean);
}

export const HEADING_TAGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);

// Elements whose content never belongs to the recipe.
export const SKIP_TAGS = new Set([
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
  /** The whole line is a link's text (a tag, a related post, a button): set only when true. */
  link?: boolean;
  /** The first line after the page's footer (a modal's, a banner's): no section runs on into it. */
  afterFooter?: boolean;
}

// Furniture that may hold the recipe itself (a card placed in an aside or a sidebar-styled box).
const MAY_HOLD_RECIPE = new Set(["aside", "form"]);
const RECIPE_PART = /ingredient|instruction|recipe-?card|wprm-recipe|tasty-recipes|mv-create/i;

// A list item that starts with an amount ("500 g flour", "½ tsp salt").
const AMOUNT_ITEM = /^[\d¼½¾⅐-⅞]/u;

/**
 * Whether an element holds a recipe's lists: by their class, id or microdata names, or by an
 * ingredients heading and a steps heading both inside it (a plain `<aside>` holding the card), or
 * an ingredients heading over list items with amounts (an `<aside>` beside the method holding the
 * ingredients alone).
 */
function holdsRecipe(el: Element): boolean {
  let ingredientsHead = false;
  let stepsHead = false;
  let sentences = 0;
  let amounts = 0;
  // The first element that answers is enough: what the walk counts after it cannot change the answer.
  const found =
    findFirst(el, (e) => {
      // The method alone, after ingredients outside it (its heading and its sentences), or the
      // list alone (its heading over items with amounts).
      if (e.name === "li" || e.name === "p") {
        const t = textOf(e);
        if (SENTENCE.test(t)) sentences++;
        if (e.name === "li" && AMOUNT_ITEM.test(t)) amounts++;
      }
      const a = e.attribs;
      if (RECIPE_PART.test(`${a.class ?? ""} ${a.id ?? ""} ${a.itemprop ?? ""}`)) return true;
      if (!HEADING_TAGS.has(e.name) && e.name !== "strong" && e.name !== "b")
        return ingredientsHead && amounts >= 2;
      const t = textOf(e).replace(/^[^\p{L}\p{N}]+/u, "");
      if (t.length > 60) return false;
      ingredientsHead ||= INGREDIENT_WORDS.test(t);
      stepsHead ||= INSTRUCTION_WORDS.test(t);
      return ingredientsHead && (stepsHead || amounts >= 2);
    }) !== null;
  return found || (stepsHead && sentences >= 2);
}
// A sentence of a method: long enough, and ended.
const SENTENCE = /^.{40,}[.!)]$/su;

/** Whether an element is page chrome the reader skips (navigation, a modal, comments), unless it holds the recipe. */
export function isNoise(el: Element): boolean {
  // A form around the page's own title is the page itself (ASP.NET wraps every page in one).
  if (el.name === "form" && findFirst(el, (e) => e.name === "h1")) return false;
  if (SKIP_TAGS.has(el.name)) return !MAY_HOLD_RECIPE.has(el.name) || !holdsRecipe(el);
  if (el.name === "body" || el.name === "html" || el.name === "main" || el.name === "article") return false;
  // Hidden by its own style: a review widget's SEO stamp, a modal's text. A hidden recipe (a unit
  // switch's other list, a card shown by script) is still read.
  const style = el.attribs.style;
  if (style && HIDDEN_STYLE.test(style)) return !holdsRecipe(el);
  const names = `${el.attribs.class ?? ""} ${el.attribs.id ?? ""}`.trim();
  if (!names || !names.split(/\s+/).some((n) => NOISE_NAME.test(n))) return false;
  // Named like chrome but holding the recipe: content, whatever its name.
  return RECIPE_PART.test(names) ? false : !holdsRecipe(el);
}

const HIDDEN_STYLE = /display\s*:\s*none/i;

const LIST_TAGS = new Set(["ul", "ol", "li", "dl"]);

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
 * Pushes each short term and its definition of a `dl` as one item; false when the list is not all
 * such pairs. A `div` may wrap each pair, as HTML allows (`<dl><div><dt>40 g</dt><dd>bacon</dd></div>`):
 * then only amounts over names are read so, not a card's details ("Author" over "Jane").
 */
function dlPairs(dl: Element, out: Block[]): boolean {
  const wrapped = dl.children.some((c) => isElement(c) && c.name === "div");
  const kids = dl.children
    .flatMap((c) => (isElement(c) && c.name === "div" ? c.children : [c]))
    .filter((c): c is Element => isElement(c) && (c.name === "dt" || c.name === "dd") && !!textOf(c));
  if (kids.length < 4 || kids.length % 2) return false;
  // Three in four terms at least are amounts.
  const amounts = kids.filter((k, i) => i % 2 === 0 && AMOUNT_PART.test(textOf(k))).length;
  if (wrapped && amounts < (kids.length / 2) * 0.75) return false;
  const lines: string[] = [];
  for (let i = 0; i < kids.length; i += 2) {
    const dt = kids[i]!;
    const dd = kids[i + 1]!;
    const a = textOf(dt);
    const b = textOf(dd);
    if (dt.name !== "dt" || dd.name !== "dd" || a.length > 60 || b.length > 60) return false;
    lines.push(cleanText(`${a} ${b}`));
  }
  for (const text of lines) out.push({ text, level: 0, item: true });
  return true;
}

// Where two parts of a row meet without a space: a word, a number or a note on either side.
const PART_END = /[\p{L}\p{N})]$/u;
const PART_START = /^[\p{L}\p{N}(]/u;
const rows = new WeakMap<AnyNode, boolean>();

/**
 * Whether an element's children are the parts of one line set side by side: three or more inline
 * elements with no text between them, not even a space ("<span>2</span><span>yemek kaşığı</span>
 * <span>sıvı yağ</span>", an amount, a unit and a name the page's style sets apart). A word split
 * over two elements ("<b>mant</b>ar") has text or fewer parts around it.
 */
function partsRow(parent: AnyNode | null): boolean {
  if (!parent || !isElement(parent)) return false;
  let known = rows.get(parent);
  if (known === undefined) {
    const kids = parent.children;
    known = kids.length >= 3 && kids.every((k) => isElement(k) && !BLOCK_TAGS.has(k.name) && k.name !== "br");
    rows.set(parent, known);
  }
  return known;
}

// A part that is only a check box or its mark ("▢") says nothing.
const MARK_ONLY = new RegExp(String.raw`^[\s${BULLET_MARKS}]*$`, "u");
const AMOUNT_PART = /^[\d¼½¾⅐-⅞]/u;
// What may stand between two parts: spaces, or a comma before a note ("butter</span>, <span>cubed").
const SEPARATOR = /^[\s,]*$/u;
// A lone dash between spaces before a note ("sauce</span> - <span>see note 2"): a separator only
// before the last part, so an amount range set out as parts ("1</span> - <span>2") is no note.
const DASH = /^\s+[-–]\s+$/u;
const partsOfItems = new WeakMap<Element, string[] | null>();

/** The one element an item wraps its parts in ("<li><div><span>8</span> <span>slices</span>…</div></li>"), else the item. */
function wrapped(li: Element): Element {
  let only: Element | null = null;
  for (const k of li.children) {
    if (k.type === "text" && !(k as unknown as { data: string }).data.trim()) continue;
    if (only || !isElement(k)) return li;
    only = k;
  }
  return only && (only.name === "div" || only.name === "span") && only.children.filter(isElement).length >= 2
    ? only
    : li;
}

/**
 * The texts of a list item written as parts side by side, each in its own inline element with
 * nothing but spaces (or a comma) between them ("<span>4</span> <span>large</span> <span>eggs</span>
 * <span>room temperature</span>": an amount, a unit, a name and a note a card's style sets apart);
 * null for any other item. Parts that are only a check box are left out.
 */
function itemParts(li: Element): string[] | null {
  let known = partsOfItems.get(li);
  if (known !== undefined) return known;
  known = [];
  let prev: Element | null = null;
  let dashAt = -1;
  for (const k of wrapped(li).children) {
    if (k.type === "text") {
      const data = (k as unknown as { data: string }).data;
      if (DASH.test(data) && dashAt < 0 && known.length) dashAt = known.length;
      else if (!SEPARATOR.test(data)) {
        known = null;
        break;
      }
      continue;
    }
    if (!isElement(k)) continue;
    if (BLOCK_TAGS.has(k.name) || k.name === "br" || k.name === "strong" || k.name === "b") {
      known = null;
      break;
    }
    const t = textOf(k);
    if (MARK_ONLY.test(t)) continue;
    if (known.length === 1 && prev && secondSystem(prev, k, t)) {
      secondSystems.add(li);
      continue;
    }
    known.push(t);
    prev = k;
  }
  if (known && (known.length < 2 || known.length > 4)) known = null;
  if (known && dashAt >= 0 && dashAt !== known.length - 1) known = null;
  partsOfItems.set(li, known);
  return known;
}

const secondSystems = new WeakSet<Element>();
const inlineKids = (e: Element) => e.children.filter((c) => isElement(c) && !BLOCK_TAGS.has(c.name)).length;
/**
 * A card's amount in a second unit system, set after the first in the same shape (an amount and a
 * unit, each in its own element) and in parentheses: "2 lbs" + "(908 g)". The card's structured
 * data leaves it out, as its reader does where the card's class names say so (cardPlugins).
 */
function secondSystem(first: Element, el: Element, t: string): boolean {
  return (
    AMOUNT_PART.test(textOf(first)) &&
    /^\([\d¼½¾⅐-⅞][^()]*\)$/u.test(t) &&
    inlineKids(first) >= 2 &&
    inlineKids(el) >= 2
  );
}

const partsLists = new WeakMap<Element, boolean>();
/** A list two of whose items at least are parts led by an amount (itemParts). */
function partsList(list: Element): boolean {
  let known = partsLists.get(list);
  if (known === undefined) {
    let led = 0;
    for (const k of list.children)
      if (isElement(k) && k.name === "li" && AMOUNT_PART.test(itemParts(k)?.[0] ?? "") && ++led >= 2) break;
    known = led >= 2;
    partsLists.set(list, known);
  }
  return known;
}

/** The last part's text as the page has it, its spaces kept ("regular "): a card's structured data keeps them. */
function lastPartAsWritten(li: Element): string {
  const kids = wrapped(li).children;
  for (let i = kids.length - 1; i >= 0; i--) {
    const k = kids[i]!;
    if (isElement(k) && !MARK_ONLY.test(textOf(k))) return innerText(k);
  }
  return "";
}

/**
 * An ingredient line whose note the page sets apart in the last of its parts ("4 large eggs" +
 * "room temperature"), written as recipe cards' structured data write it: "4 large eggs (room
 * temperature)", the parts as typed ("hot milk," + "or more" → "hot milk, (or more)", ", minced" →
 * "(, minced)", "regular " → "(regular )"), a comma the page sets between two parts left out, a
 * note already in parentheses not wrapped twice (cleanText); a comma typed on both sides once. The last part is a note when the parts
 * before it already name the ingredient ("4 large eggs", not "4 large"), or when an amount, a unit
 * and a name come before it; an item not led by an amount only in a list of such items, two at
 * least led by one. Null for any other.
 */
function notedItem(li: Element): string | null {
  const parts = itemParts(li);
  if (!parts || !li.parent || !isElement(li.parent)) return null;
  const amount = AMOUNT_PART.test(parts[0]!);
  if (!amount && !partsList(li.parent)) return null;
  const named = cleanText(parts.slice(0, -1).join(" "));
  const head = named.replace(/[\s,;:–-]+$/u, "");
  const note = parts
    .at(-1)!
    .replace(/^[,;:–-]\s*/u, "")
    .trim();
  // "2 lbs" + "chicken thighs", a second system's "(908 g)" left out between them: no note.
  if (amount && parts.length === 2 && secondSystems.has(li)) return named + " " + parts[1];
  if (!head || !note || !/\p{L}/u.test(note)) return null;
  const whole = parts.length === 4 && amount;
  // "Flour" + "200 g": an amount after the name is no note; "1 csomag (8 g)" + "vaníliás cukor", a
  // name after its amount, neither.
  if (!whole && ((!amount && /^\d/.test(note)) || (amount && parts.length === 2))) return null;
  if (!whole && !readIngredientLine(head)) return null;
  // Both sides typing the comma ("butter," + ", melted") say it twice: the line as a cook reads it then.
  if (named !== head && /^[,;:–-]/u.test(parts.at(-1)!)) return `${head} (${note})`;
  return cleanText(`${named} (${lastPartAsWritten(li)})`);
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
  // The text of the line read inside links.
  let linked = "";
  // A page footer was passed: the next line starts past it.
  let footerPassed = false;
  const passed = (b: Block): Block => {
    if (footerPassed) b.afterFooter = true;
    footerPassed = false;
    return b;
  };
  let linkDepth = 0;
  // Inside a list item, block children (an amount and a description in two divs) are parts of one line.
  let itemDepth = 0;
  const flush = (item = false) => {
    const t = cleanText(run);
    if (t && !splitBullets(t, out)) {
      const b = cleanText(bold);
      const block: Block = { text: t, level: b === t && !item ? 7 : 0, item };
      if (linked && cleanText(linked) === t) block.link = true;
      out.push(passed(block));
    }
    run = "";
    bold = "";
    linked = "";
  };
  // At an inline element's start or end: a number meeting a word there needs a space (edgeSpace).
  let edge = false;
  // At the start of one of a row's parts (partsRow): two words meeting there need a space.
  let part = false;
  const inline = (n: AnyNode) => {
    if (n.type === "text") {
      const d = (n as unknown as { data: string }).data;
      if (edge && d) {
        const sp = edgeSpace(run, d) || (part && PART_END.test(run) && PART_START.test(d) ? " " : "");
        run += sp;
        if (boldDepth) bold += sp;
        if (linkDepth) linked += sp;
        edge = false;
        part = false;
      }
      run += d;
      if (boldDepth) bold += d;
      if (linkDepth) linked += d;
      return;
    }
    if (!isElement(n)) return;
    if (isNoise(n)) {
      if (n.name === "footer") footerPassed = true;
      return;
    }
    // A line break inside a list item ends a line of that item, still an item.
    if (n.name === "br") return flush(itemDepth > 0);
    if (BLOCK_TAGS.has(n.name)) return block(n);
    const strong = n.name === "strong" || n.name === "b";
    const raised = n.name === "sup" || n.name === "sub";
    if (strong) boldDepth++;
    if (n.name === "a") linkDepth++;
    if (!raised) edge = true;
    if (!raised && partsRow(n.parent)) part = true;
    for (const k of n.children) inline(k);
    if (!raised) edge = true;
    if (strong) boldDepth--;
    if (n.name === "a") linkDepth--;
  };
  const block = (el: Element) => {
    if (itemDepth && !LIST_TAGS.has(el.name) && !HEADING_TAGS.has(el.name) && el.name !== "table") {
      run += " ";
      for (const k of el.children) inline(k);
      run += " ";
      return;
    }
    flush();
    if (HEADING_TAGS.has(el.name)) {
      const t = textOf(el);
      if (t && !splitBullets(t, out)) out.push(passed({ text: t, level: Number(el.name[1]), item: false }));
      return;
    }
    if (el.name === "tr") {
      const cells = el.children.filter(
        (c): c is Element => isElement(c) && (c.name === "td" || c.name === "th"),
      );
      if (!cells.length || cells.every((c) => c.name === "th")) return;
      const t = cleanText(cells.map((c) => textOf(c)).join(" "));
      if (t) out.push(passed({ text: t, level: 0, item: true }));
      return;
    }
    // A definition list of an amount and its ingredient ("<dt>3</dt><dd>eggs</dd>", "<dt>卵</dt><dd>3個</dd>")
    // is one line a pair; long definitions (a glossary) stay lines of their own.
    if (el.name === "dl" && dlPairs(el, out)) return;
    if (el.name === "li") {
      const noted = notedItem(el);
      if (noted) {
        out.push({ text: noted, level: 0, item: true });
        return;
      }
      const saved = boldDepth;
      boldDepth = 0;
      const title = stepTitle(el);
      for (const k of el.children) {
        if (isElement(k) && (k.name === "ul" || k.name === "ol")) {
          flush(true);
          block(k);
        } else {
          itemDepth++;
          inline(k);
          itemDepth--;
          if (k === title) flush(true);
        }
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
