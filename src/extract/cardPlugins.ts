import type { AnyNode, Element } from "domhandler";
import type { Instruction } from "../domain/recipe.ts";
import { findAll, isElement, textOf, type Document } from "./dom.ts";
import { parseDuration } from "./durations.ts";
import { parseIngredientList } from "./ingredients.ts";
import { isNumberLabel, personName, splitNumbered, type PartialRecipe } from "./schemaRecipe.ts";
import { parseYield } from "./yields.ts";
import { labelled, linesOf, text } from "./pageBlocks.ts";
import { scanMeta } from "./timesAndYields.ts";
import { isIngredientsWord, isStepsWord } from "./sectionWords.ts";
import { namesAPart } from "./genericIngredients.ts";
import { isWidgetLine } from "./genericLines.ts";
import { AFFILIATE_MARK } from "./genericSteps.ts";
import { stripBullet } from "./text.ts";
import { cardLine } from "./cardLine.ts";
import * as css from "./cardSelector.ts";

// Recipe-card plugins (WP Recipe Maker, Tasty, Mediavine...): their markup as selectors, read first
// by the heuristic extractor (heuristic.ts).

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
  /**
   * The card's structured data states a printed range's first number ("8-10 servings" is `["8",
   * "8-10 servings"]`, "24-27 bites" is `"24"`): the range reads as its bottom, as the data does.
   */
  rangeBottom?: boolean;
  prep?: string;
  cook?: string;
  total?: string;
  notes?: string;
  /** Parts of an item that are not its text: a step's own list of the ingredients it uses. */
  itemExtras?: string;
  /** An ingredient line's own note ("room temperature"), written after the line in parentheses as the card's structured data writes it. */
  lineNotes?: string;
  /** The parts of an ingredient line its structured data is written from (amount, unit, name): see cardLine. */
  lineParts?: string;
  /**
   * Parts of an ingredient line that are not its text: the amount in a second unit system the card
   * sets beside the first ("2 cups" + "(250 g)"), which its structured data leaves out.
   */
  lineExtras?: string;
  description?: string;
  author?: string;
  /** Label-and-value detail items ("Prep time 10 minutes"), read like page text. */
  details?: string;
  /**
   * A step opening with a bare bold lead (`<strong>` with no attribute, holding text only) names
   * the step by it: the card's structured data gives it as the step's name, apart from its text.
   */
  stepNames?: boolean;
}

// Selectors of the common WordPress recipe-card plugins.
export const PLUGINS: CardPlugin[] = [
  {
    name: "WP Recipe Maker",
    root: ".wprm-recipe-container, .wprm-recipe",
    title: ".wprm-recipe-name",
    ingredients: ".wprm-recipe-ingredient",
    instructions: ".wprm-recipe-instruction-text, .wprm-recipe-instruction",
    groups: ".wprm-recipe-group-name",
    lineNotes: ".wprm-recipe-ingredient-notes",
    lineParts: ".wprm-recipe-ingredient-amount, .wprm-recipe-ingredient-unit, .wprm-recipe-ingredient-name",
    lineExtras: ".wprm-recipe-ingredient-unit-system-2",
    // The spacer between a step's paragraphs is no text: the card's structured data joins them as
    // the page's source has them ("juicy.</span><div spacer></div><span>Set" → "juicy.Set").
    itemExtras: ".wprm-recipe-instruction-ingredients, .wprm-recipe-instruction-media, .wprm-spacer",
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
    // A group's name in a heading, or in bold as a paragraph of its own ("<p><strong>Glaze:</strong></p>").
    groups: "h4, h3, p > strong, p > b",
    ingredientsBox: ".tasty-recipes-ingredients, .tasty-recipe-ingredients",
    instructionsBox: ".tasty-recipes-instructions, .tasty-recipe-instructions",
    servings: ".tasty-recipes-yield",
    rangeBottom: true,
    prep: ".tasty-recipes-prep-time",
    cook: ".tasty-recipes-cook-time",
    total: ".tasty-recipes-total-time",
    description: ".tasty-recipes-description",
    author: ".tasty-recipes-author-name",
    stepNames: true,
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
    servings: ".mv-create-yield, .mv-create-time-yield",
    rangeBottom: true,
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
    lineExtras: ".wpzoom-rcb-alt-ingredient",
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
export function rootNames(p: CardPlugin): string[] {
  let names = ROOT_NAMES.get(p);
  if (!names) {
    names = [...p.root.matchAll(/[.#]([\w-]+)/g)].map((m) => m[1]!);
    ROOT_NAMES.set(p, names);
  }
  return names;
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
  lineText: (el: AnyNode) => string = text,
): { group: boolean; text: string }[] {
  // A bold group name is the whole of its paragraph: a bold word in a sentence names no group.
  const groups = new Set(
    groupSel
      ? css
          .selectAll(groupSel, container)
          .filter(
            (g) => !(g.parent && isElement(g.parent) && g.parent.name === "p" && text(g.parent) !== text(g)),
          )
      : [],
  );
  const all = groupSel
    ? css
        .selectAll(`${itemSel}, ${groupSel}`, container)
        .filter((el) => groups.has(el) || css.matches(el, itemSel))
    : css.selectAll(itemSel, container);
  return (
    all
      .filter((el) => !all.some((o) => o !== el && contains(o, el)))
      .map((el) => ({ group: groups.has(el), text: groups.has(el) ? text(el) : lineText(el) }))
      // A heading that only names the list ("Ingredients", "Instructions") is the box's title,
      // not a group of it: cards whose group selector is any h3/h4 in the box meet it first.
      .filter((x) => x.text && !(x.group && (isIngredientsWord(x.text) || isStepsWord(x.text))))
  );
}

/**
 * The lines of the lists whose items a card marks by their name only ("3 <a class="ingredient">
 * chicken breasts</a>, diced", as hRecipe pages often do): every item of those lists, marked or
 * not ("salt, to taste"), without a widget's links in it ("shopping list"). Null when the marked
 * parts are the items themselves, or most of them all of their item.
 */
function namesWithinItems(box: AnyNode, sel: string): string[] | null {
  const marked = css.selectAll(sel, box);
  if (marked.length < 2) return null;
  const lists = new Set<Element>();
  let partial = 0;
  for (const el of marked) {
    let li: AnyNode | null = el.parent;
    while (li && !(isElement(li) && li.name === "li")) li = li.parent;
    if (!isElement(el) || el.name === "li" || !li || !li.parent || !isElement(li.parent)) return null;
    lists.add(li.parent);
    if (text(li).length > text(el).length) partial++;
  }
  if (partial * 2 <= marked.length) return null;
  const lines: string[] = [];
  for (const list of lists)
    for (const li of list.children) {
      if (!isElement(li) || li.name !== "li") continue;
      const line = textOf(li, new Set(findAll(li, (e) => e.name === "a" && isWidgetLine(text(e)))));
      if (line && !isWidgetLine(line)) lines.push(line);
    }
  return lines;
}

/** The boxes a card keeps a list in (some cards repeat the box per group), outermost only; the root when none is named. */
function boxes(root: Element, sel: string | undefined): AnyNode[] {
  if (!sel) return [root];
  const all = css.selectAll(sel, root);
  return all.filter((el) => !all.some((o) => o !== el && contains(o, el)));
}

/**
 * An ingredient line whose note the card sets apart ("4 large eggs" + "room temperature"), read as
 * the card's own structured data writes it: "4 large eggs (room temperature)". A note the page
 * already wraps in parentheses, or none, leaves the line as shown.
 */
function withNotes(sel: string, read: (el: AnyNode) => string = text): (el: AnyNode) => string {
  return (el) => {
    const note = css.selectOne(sel, el);
    const n = text(note).replace(/^[,;:–-]\s*/, "");
    if (!note || !n || /^\(.*\)$/.test(n)) return read(el);
    const whole = read(el);
    const at = whole.lastIndexOf(text(note));
    const head = (at > 0 ? whole.slice(0, at) : whole).replace(/[\s,;:–-]+$/, "");
    return head ? `${head} (${n})` : whole;
  };
}

/**
 * An ingredient line without the parts `sel` names (a second unit system's amounts), so long as an
 * amount is left: a line whose only amount is in those parts keeps it.
 */
function withoutExtras(sel: string): (el: AnyNode) => string {
  return (el) => {
    const extras = css.selectAll(sel, el);
    if (!extras.length) return text(el);
    const rest = textOf(el, new Set(extras));
    return /\d|[¼½¾⅐-⅞]/u.test(rest) ? rest : text(el);
  };
}

/** An item's text without the parts `sel` names (a step's list of the ingredients it uses). */
function without(sel: string): (el: AnyNode) => string {
  return (el) => {
    const extras = css.selectAll(sel, el);
    return extras.length ? textOf(el, new Set(extras)) : text(el);
  };
}

const FIRST_STEP_NUMBER = /^1\s*[.)]\s/;

/**
 * The steps (`li`, `p`) of a box that open with a bare bold lead and go on after it, by their
 * text: the lead (without its closing colon or full stop) and the rest. A lead with attributes or
 * markup inside (a link) stays in the step, as the card's structured data keeps it.
 */
function stepNamesIn(box: AnyNode): Map<string, { name: string; rest: string }> {
  const out = new Map<string, { name: string; rest: string }>();
  for (const el of findAll(box, (e) => e.name === "li" || e.name === "p")) {
    const lead = el.children.find((c) => !(c.type === "text" && !c.data.trim()));
    if (!lead || !isElement(lead) || lead.name !== "strong" || Object.keys(lead.attribs).length) continue;
    if (!lead.children.length || lead.children.some((c) => c.type !== "text")) continue;
    const name = text(lead).replace(/\s*[:.]$/, "");
    const rest = textOf(el, new Set([lead]));
    if (name && rest) out.set(text(el), { name, rest });
  }
  return out;
}

const SCALE_BUTTONS = /(?:\s+\d+(?:[.,/]\d+)?x)+\s*$/;

/**
 * The first card of the plugin on the page that reads as a recipe: a page may show a card's
 * snippet first ("Jump to recipe" with the times, class "wprm-recipe wprm-recipe-snippet") and the
 * whole card further down.
 */
export function fromPlugin(doc: Document, p: CardPlugin): PartialRecipe | null {
  for (const root of css.selectAll(p.root, doc) as unknown as Element[]) {
    const r = readCard(root, p);
    if (r) return r;
  }
  return null;
}

function readCard(root: Element, p: CardPlugin): PartialRecipe | null {
  const r: PartialRecipe = {};
  const title = text(css.selectOne(p.title, root));
  if (title) r.name = title;

  const ingBoxes = boxes(root, p.ingredientsBox);
  if (!ingBoxes.length) return null;
  const ingLines = ingBoxes.flatMap((box) => {
    const shown = p.lineNotes
      ? withNotes(p.lineNotes, p.lineExtras ? withoutExtras(p.lineExtras) : text)
      : p.lineExtras
        ? withoutExtras(p.lineExtras)
        : text;
    const { lineParts, lineNotes, lineExtras } = p;
    const lines = namesWithinItems(box, p.ingredients);
    if (lines) return lines;
    const items = itemsWithGroups(
      box,
      p.ingredients,
      p.groups,
      lineParts && lineNotes ? (el) => cardLine(el, lineParts, lineNotes, lineExtras) ?? shown(el) : shown,
    );
    // A box of plain text lines (no item markup) still lists the ingredients (not its heading).
    if (!items.some((x) => !x.group) && box !== root)
      return linesOf(box as Element).filter((l) => !isIngredientsWord(l) && !isWidgetLine(l));
    return items.map((x) => (x.group ? `${x.text.replace(/:$/, "")}:` : x.text));
  });
  // Without the checkbox a card draws before each line ("▢ 1 cup flour").
  // A card whose group names are plain items ("Muffins dough" over "2 cups flour") reads as a page's list does.
  const ingredients = parseIngredientList(namesAPart(ingLines.map(stripBullet)));
  if (ingredients.length) r.ingredients = ingredients;

  const insBoxes = boxes(root, p.instructionsBox);
  if (!insBoxes.length) return null;
  const steps: Instruction[] = [];
  let section: string | null = null;
  for (const box of insBoxes) {
    const named = p.stepNames ? stepNamesIn(box) : null;
    const items = itemsWithGroups(
      box,
      p.instructions,
      box === root ? undefined : p.groups,
      p.itemExtras ? without(p.itemExtras) : text,
    );
    // A box of plain text lines (no item markup) still holds the steps; its sub-headings, the
    // only items found then ("Make the dough" over paragraphs), name their sections.
    if (!items.some((x) => !x.group) && box !== root) {
      const heads = new Set(items.map((x) => x.text));
      items.length = 0;
      for (const l of linesOf(box as Element))
        if (!isStepsWord(l) && !isWidgetLine(l)) items.push({ group: heads.has(l), text: l });
    }
    for (const x of items) {
      // Named as the card shows it ("Cake:"), as its structured data names the same section.
      if (x.group) section = x.text || null;
      else if (!isNumberLabel(x.text))
        // One item holding the numbered method ("1. Make the dressing… 2. Boil the pasta…") is
        // cut where its numbers count on, as the page-text reader cuts such a paragraph.
        for (const t of FIRST_STEP_NUMBER.test(x.text) ? splitNumbered(x.text) : [x.text]) {
          const n = named?.get(t);
          // A titled step outside any section has its title as its section (domain/recipe.ts).
          if (n)
            steps.push(
              section ? { text: n.rest, section, title: n.name } : { text: n.rest, section: n.name },
            );
          else steps.push({ text: stripBullet(t).replace(AFFILIATE_MARK, ""), section });
        }
    }
  }
  if (steps.length) r.instructions = steps;

  const description = text(p.description ? css.selectOne(p.description, root) : null);
  if (description) r.description = description;
  const author = labelled(text(p.author ? css.selectOne(p.author, root) : null));
  // "Recipe by Magda": the byline's label is not the name.
  const who = author && personName(author);
  if (who) r.author = who;
  for (const [key, sel] of [
    ["prepTimeMinutes", p.prep],
    ["cookTimeMinutes", p.cook],
    ["totalTimeMinutes", p.total],
  ] as const) {
    const v = sel ? parseDuration(labelled(text(css.selectOne(sel, root)))) : null;
    if (v !== null) r[key] = v;
  }
  if (p.servings) {
    // Without the card's scaling buttons ("Serves 6 – 8 1x", "4 1x 2x 3x").
    const y = parseYield(labelled(text(css.selectOne(p.servings, root)).replace(SCALE_BUTTONS, "")));
    if (y.text) {
      r.yield = y.text;
      r.servings = p.rangeBottom && y.max && y.min && y.min >= 1 ? Math.round(y.min) : y.servings;
    }
  }
  if (p.details)
    scanMeta(
      css
        .selectAll(p.details, root)
        .map((d) => text(d))
        .join("\n"),
      r,
    );
  return r.ingredients || r.instructions ? r : null;
}
