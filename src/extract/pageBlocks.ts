import type { AnyNode, Element } from "domhandler";
import { BLOCK_TAGS, HEADING_TAGS, SKIP_TAGS } from "./blockTags.ts";
import { edgeSpace, findAll, findFirst, innerText, isElement, textOf } from "./dom.ts";
import { INGREDIENT_WORDS, INSTRUCTION_WORDS } from "./sectionWords.ts";
import { AMOUNT_PART, notedItem } from "./notedItem.ts";
import { stepTitle } from "./stepTitle.ts";
import { runningButton } from "./runningButton.ts";
import { cleanText } from "./text.ts";

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

export { HEADING_TAGS, SKIP_TAGS };

// Class or id names (at their start) of page chrome: comments, sidebars, sharing, related posts.
const NOISE_NAME =
  /^(?:comments?|comment-list|commentlist|respond|sidebar|widget|related|share|sharing|social|breadcrumbs?|menu|nav|navbar|navigation|site-header|site-footer|footer|cookie|newsletter|popup|modal|advert|ads?|jp-relatedposts|(?:post|entry|article)[-_](?:footer|tags|labels|categories|share))(?:$|[-_])/i;

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
  /** Links alone, two or more (a row of tags, of related posts): how many; set only then. */
  links?: number;
  /**
   * An item of a list nested in a step, inside an element whose class or id names the method: the
   * same number for the items of one such list; set only then (stepItems.ts).
   */
  nest?: number;
  /** The first line of a list's first item: set only then (a row of tags set apart, genericSections). */
  opensList?: boolean;
  /** The first line of a box the page names as tips or notes (tipsBox): set only then. */
  tips?: boolean;
}

// A box of tips or notes by its class, id or label ("recipe-tips_root", aria-label="tips",
// "recipe-notes"): the cook's asides after the method, not steps of it. A word of its own in the
// name, so "tipsy-cake" or "notebook" is none.
const TIPS_NAME = /(?:^|[\s_-])(?:tips?|notes?|hints?|tipps?|astuces?|consigli|consejos|dicas)(?:$|[\s_-])/i;

/** Whether an element is a box of tips or notes that holds no recipe part (see TIPS_NAME). */
export function tipsBox(el: Element): boolean {
  const a = el.attribs;
  if (!a.class && !a.id && !a["aria-label"]) return false;
  const names = `${a.class ?? ""} ${a.id ?? ""} ${a["aria-label"] ?? ""}`;
  if (!TIPS_NAME.test(names) || RECIPE_LISTS.test(names)) return false;
  // A wrapper named for its notes that also holds the lists or the method is the recipe's.
  return !findFirst(
    el,
    (e) => e !== el && RECIPE_LISTS.test(`${e.attribs.class ?? ""} ${e.attribs.id ?? ""}`),
  );
}
const RECIPE_LISTS = /ingredient|instruction|direction|method|preparation|steps|recipe-?card/i;

// A note set as its own paragraph inside a step ("Information: Turkey mince also…", "Note: …"):
// the page's aside to the step, not its text.
const STEP_NOTE = /^(?:information|note|tip|hint|nb)\s*:\s*\S/iu;

/** Class or id names of the element holding a method's steps. */
export const METHOD_NAME = /instruction|direction|method|preparation|steps/i;

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
  if (el.name === "button") return !inSentence(el);
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

/** A button that is a word of the sentence around it (a glossary popover), not a control. */
function inSentence(el: Element): boolean {
  const side = (n: AnyNode | null): string =>
    !n ? "" : isElement(n) ? textOf(n) : "data" in n && typeof n.data === "string" ? n.data : "";
  return runningButton(side(el.prev), textOf(el), side(el.next));
}

const HIDDEN_STYLE = /display\s*:\s*none/i;
// A letter or a digit: text outside a line's links that says something of its own.
const WORDED = /[\p{L}\p{N}]/u;

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
/** Whether a list item is its list's first (no item element before it). */
function firstItem(li: Element): boolean {
  for (let k = li.prev; k; k = k.prev) if (isElement(k) && k.name === "li") return false;
  return true;
}

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

/**
 * The page as lines in reading order: headings, list items, table rows, and the lines of
 * paragraphs split at `<br>`; a line that is all bold is a label (level 7). One pass, linear.
 */
export function pageBlocks(root: AnyNode): Block[] {
  const out: Block[] = [];
  let run = "";
  let bold = "";
  let boldDepth = 0;
  // The text of the line read inside links, the text outside them, and how many links it holds.
  let linked = "";
  let unlinked = "";
  let linkCount = 0;
  // Inside an element named as the method (METHOD_NAME); the nested list being read and the last one's number.
  let methodDepth = 0;
  let nest = 0;
  let nests = 0;
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
      if (linkCount >= 2 && !WORDED.test(unlinked)) block.links = linkCount;
      if (nest && item) block.nest = nest;
      out.push(passed(block));
    }
    run = "";
    bold = "";
    linked = "";
    unlinked = "";
    linkCount = 0;
  };
  // At an inline element's start or end: a number meeting a word there needs a space (edgeSpace).
  let edge = false;
  // At the start of one of a row's parts (partsRow): two words meeting there need a space.
  let part = false;
  // An inline element closed since the last text, and one opened after it (edgeSpace's siblings).
  let closed = false;
  let opened = false;
  const inline = (n: AnyNode) => {
    if (n.type === "text") {
      const d = (n as unknown as { data: string }).data;
      if (edge && d) {
        const sp =
          edgeSpace(run, d, closed && opened) ||
          (part && PART_END.test(run) && PART_START.test(d) ? " " : "");
        run += sp;
        if (boldDepth) bold += sp;
        if (linkDepth) linked += sp;
        edge = false;
        part = false;
      }
      if (d) closed = opened = false;
      run += d;
      if (boldDepth) bold += d;
      if (linkDepth) linked += d;
      else unlinked += d;
      return;
    }
    if (!isElement(n)) return;
    if (isNoise(n)) {
      if (n.name === "footer") footerPassed = true;
      return;
    }
    // A line break inside a list item ends a line of that item, still an item.
    if (n.name === "br") return flush(itemDepth > 0);
    // A button read here is a word of its sentence (isNoise): inline, not the block a control is.
    if (BLOCK_TAGS.has(n.name) && n.name !== "button") return block(n);
    const strong = n.name === "strong" || n.name === "b";
    const raised = n.name === "sup" || n.name === "sub";
    if (strong) boldDepth++;
    if (n.name === "a") {
      if (!linkDepth) linkCount++;
      linkDepth++;
    }
    if (!raised) {
      edge = true;
      opened = closed;
    }
    if (!raised && partsRow(n.parent)) part = true;
    for (const k of n.children) inline(k);
    if (!raised) {
      edge = closed = true;
      opened = false;
    }
    if (strong) boldDepth--;
    if (n.name === "a") linkDepth--;
  };
  const block = (el: Element) => {
    const { class: cls, id } = el.attribs;
    // Most elements have neither: no string is built for them (every element of every page).
    const named = !!(cls || id) && METHOD_NAME.test(`${cls ?? ""} ${id ?? ""}`);
    if (named) methodDepth++;
    // The box's first line is marked: the readers end the method there.
    const tips = !itemDepth && tipsBox(el);
    if (tips) flush();
    const first = out.length;
    blockIn(el);
    if (tips && out.length > first) out[first]!.tips = true;
    if (named) methodDepth--;
  };
  const blockIn = (el: Element) => {
    if (itemDepth && !LIST_TAGS.has(el.name) && !HEADING_TAGS.has(el.name) && el.name !== "table") {
      // A note paragraph after the step's own sentence is the page's aside (STEP_NOTE).
      if (/[.!?]\s*$/.test(run) && STEP_NOTE.test(textOf(el))) return;
      // An empty div between a step's paragraphs is a spacer: no text, as in innerText (dom.ts).
      if (el.name === "div" && !el.children.length) return;
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
      const opens = firstItem(el);
      const noted = notedItem(el);
      if (noted) {
        out.push({ text: noted, level: 0, item: true, ...(opens && { opensList: true }) });
        return;
      }
      const from = out.length;
      const saved = boldDepth;
      boldDepth = 0;
      const title = stepTitle(el);
      for (const k of el.children) {
        if (isElement(k) && (k.name === "ul" || k.name === "ol")) {
          flush(true);
          // A list inside a step of the method: its items are numbered as one list (stepItems.ts).
          const outer = nest;
          if (methodDepth) nest = ++nests;
          block(k);
          nest = outer;
        } else {
          itemDepth++;
          inline(k);
          itemDepth--;
          if (k === title) flush(true);
        }
      }
      flush(true);
      if (opens && out.length > from) out[from]!.opensList = true;
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
