import type { AnyNode, Element } from "domhandler";
import { findAll, findFirst, isElement, textOf, type Document } from "./dom.ts";
import { metaOf, type PageScan } from "./pageScan.ts";
import type { PartialRecipe } from "./schemaRecipe.ts";
import { PLUGINS, fromPlugin, rootNames } from "./cardPlugins.ts";
import { rootNamesInTree } from "./cardRootNames.ts";
import { generic } from "./genericReader.ts";
import { METHOD_INTRO } from "./genericSteps.ts";
import { appStateRecipe, mayHoldAppState } from "./appState.ts";
import { HEADING_TAGS, SKIP_TAGS, pageBlocks, text } from "./pageBlocks.ts";
import { restMinutes, scanMeta } from "./timesAndYields.ts";
import { noscriptCopy } from "./noscriptCopy.ts";
import { countAndTime } from "./countAndTime.ts";
import { scalerServings } from "./servingScaler.ts";
import { edgedBySectionWord, isIngredientsWord, isStepsWord } from "./sectionWords.ts";
import { DASHES, lettersOf as letters, siteHost, withoutTld } from "./siteName.ts";
import { TYPED_TEXT } from "./textRecipe.ts";
import { headlineDish } from "./headlineDish.ts";
import { sharedTitleMarks } from "./sharedTitleMarks.ts";

const TITLE_CLASS = /(?:^|[\s_-])(?:entry|post|recipe|article|page)[-_]?(?:title|name|headline)(?:$|\s)/i;
const SITE_CLASS = /(?:site|blog)[-_]?(?:title|name)|logo|brand/i;
// A section's heading written as a phrase ("Les ingrédients de la recette", "Navigieren auf …").
const SECTION_TITLE = /^(?:les ingrédients|la préparation|navigieren|navigation|menu|menü|search|suche)\b/i;
// A heading's label around the dish's name: "Get the Recipe: …", "Recette de …", "Receita de …",
// "… Recept", "… Tarifi", "… - Recette Cookeo". English "… Recipe" stays: sites name dishes so.
const RECIPE_PREFIX =
  /^(?:(?:get the|jump to(?: the)?|print(?: the)?) recipe\s*:\s*|(?:recette|receita|receta|ricetta|rezept|recept|przepis)\s*(?::\s*|(?:de|do|da|di|del|für|na|von|voor)\s+(?=\p{L})))/iu;
const RECIPE_SUFFIX =
  /(?:\s+(?:[-–|]\s+)?(?:recept|rezept|tarifi|opskrift|oppskrift|przepis)|\s+[-–|]\s+(?:recette|receita|receta|ricetta|rezept|recept)(?:\s+\p{L}+)?)$/iu;
// A heading that goes on with the dish's name in the one right above it ("Thai Pork Rice Bowl" /
// "with Green Beans and Rice"), written in lower case as the middle of a name is.
const CONTINUATION = /^(?:with|avec|mit|con|com|met|med)\s/u;

/** The element right before or after one, text between them blank. */
function sibling(el: Element, way: "prev" | "next"): Element | null {
  for (let n = el[way]; n; n = n[way]) {
    if (isElement(n)) return n;
    if ("data" in n && typeof n.data === "string" && n.data.trim()) return null;
  }
  return null;
}

/** The heading right after a title heading that goes on with its name, if there is one. */
function continuation(h: Element): Element | null {
  const next = sibling(h, "next");
  return next && HEADING_TAGS.has(next.name) && CONTINUATION.test(text(next)) ? next : null;
}

/** A heading broken into lines (a `br`, a block) whose text ends with a title and says more. */
function endsOnItsOwnLine(h: Element, title: string): boolean {
  const all = letters(text(h));
  const end = letters(title);
  return (
    end.length >= 6 &&
    all.length > end.length &&
    all.endsWith(end) &&
    findFirst(h, (e) => e.name === "br" || e.name === "div" || e.name === "p") !== null
  );
}

// The page's footer and navigation: a heading there ("Instagram" over the footer's feed) is the
// site's. (Not aside: some sites set the whole article in one.)
const FRAME_TAGS = new Set(["footer", "nav"]);
function inPageFrame(el: Element): boolean {
  for (let p = el.parent; p && isElement(p); p = p.parent) if (FRAME_TAGS.has(p.name)) return true;
  return false;
}

// A card's heading that is no dish's name: a how-to, a sentence, a list of recipes ("Other pork recipes").
const NO_DISH =
  /^(?:how to|comment|so machst du)\s|[.?]$|\b(?:recipes|recettes|rezepte|recetas|ricette|receitas|recepten)\b/iu;
// The words two titles may share, past the ones every recipe's title may hold.
const SHARED_WORD = /^(?:recipe|recept|rezept|receta|ricetta|recette|receita|easy|best|homemade|with|avec)$/;
const WORDS = (t: string) =>
  new Set((t.toLowerCase().match(/\p{L}{4,}/gu) ?? []).filter((w) => !SHARED_WORD.test(w)));

/**
 * The recipe card's own heading: the one that heads the last ingredients heading, ranked above it
 * (an h2 over the card's "Ingredients" h3, a description or an equipment list between), when it
 * shares a word with the page's title or its h1 (the card names the dish the page is about).
 */
function cardHeading(
  heads: Element[],
  fit: (h: Element) => boolean,
  titles: string[],
  url?: string,
): Element | undefined {
  // The last ingredients heading first; an earlier one when the last is the post's own ("Recipe
  // Ingredients" under the h1, after the card).
  for (const ing of heads
    .filter((h) => isIngredientsWord(controlless(h).replace(SCALER_BUTTONS, "")))
    .reverse()) {
    const h = headingOver(heads, ing, fit, titles, url);
    if (h) return h;
  }
  return undefined;
}

// A card's scaler buttons printed in its ingredients heading ("Ingredients 1x 2x 3x").
const SCALER_BUTTONS = /(?:\s+\d(?:[.,]5)?x)+\s*$/i;

/**
 * A heading's text without its buttons' (a card's scaler "1", "2", "3" glued into "Ingredients
 * 123" once the page's class names are gone): the controls are no words of the heading.
 */
function controlless(h: Element): string {
  return textOf(h, new Set(findAll(h, (e) => e.name === "button")));
}

/** The card's heading over one ingredients heading, as cardHeading says. */
function headingOver(
  heads: Element[],
  ing: Element,
  fit: (h: Element) => boolean,
  titles: string[],
  url?: string,
): Element | undefined {
  const rank = Number(ing.name[1]);
  for (let i = heads.indexOf(ing) - 1; i >= 0; i--) {
    const h = heads[i]!;
    const r = Number(h.name[1]);
    if (r >= rank) continue;
    if (r < 2 || !fit(h) || NO_DISH.test(text(h)) || linksAway(h, url)) return undefined;
    const words = WORDS(text(h));
    const page = titles.flatMap((t) => [...WORDS(t)]);
    return page.some((w) => words.has(w)) ? h : undefined;
  }
  return undefined;
}

/**
 * Whether a heading is a teaser of another page: all its text one link's, to another page than
 * this one (a related recipe's card under the post, with "Ingredients" and "Method" labels of its
 * own). A card's heading linking to the post itself, or to an anchor in it, names this dish.
 */
function linksAway(h: Element, url?: string): boolean {
  const a = findFirst(h, (e) => e.name === "a" && !!e.attribs.href);
  if (!url || !a || letters(text(a)) !== letters(text(h))) return false;
  try {
    const [to, here] = [new URL(a.attribs.href!, url), new URL(url)];
    const path = (u: URL) => u.pathname.replace(/\/+$/, "");
    return to.hostname !== here.hostname || path(to) !== path(here);
  } catch {
    return false;
  }
}

function withoutRecipeWord(t: string): string {
  return t.replace(RECIPE_PREFIX, "").replace(RECIPE_SUFFIX, "").trim();
}

// The dish in a page's title: the part before a spaced separator ("Lemon Cake | Bake Test Kitchen").
const TITLE_DISH = new RegExp(String.raw`^(.+?)\s+[|·${DASHES}-]\s+`, "u");

/**
 * A heading that is the page's title's dish exactly ("Lemon Cake" under `<title>` "Lemon Cake | Bake
 * Test Kitchen") where no `<h1>` or titled heading names the dish: the `<h1>` says "Recipe", "Jump to
 * recipe", a category or the site's name. Not over a card's heading, which cardHeading chose.
 */
function titledDish(
  heads: Element[],
  fit: (h: Element) => boolean,
  title: string | null,
  card: Element | undefined,
): Element | undefined {
  if (!title || card) return undefined;
  const named = TITLE_DISH.exec(title)?.[1] ?? title;
  const dish = letters(named);
  if (dish.length < 3) return undefined;
  // A top heading that shares a word with the dish names it in its own way ("… Recipe", another
  // wording of the dish): only one with none of its words is no dish's name.
  const words = WORDS(named);
  const tops = heads.filter((h) => h.name === "h1" || TITLE_CLASS.test(h.attribs.class ?? ""));
  if (tops.some((h) => dish.includes(letters(text(h))) || [...WORDS(text(h))].some((w) => words.has(w))))
    return undefined;
  return heads.find((h) => Number(h.name[1]) <= 3 && letters(text(h)) === dish && fit(h));
}

/**
 * The post title: a titled heading, else an h1 that is not the site name, else og:title without the
 * site suffix. A heading that names a section ("Ingrédients") or the site itself (its og:site_name
 * or its host's letters: a logo set in an h1) is no title; when the document's title is known, a
 * heading it contains is preferred to one it does not.
 */
function pageTitle(doc: Document, page: PageScan, url?: string, firstLine?: string): string | null {
  const heads = findAll(doc, (e) => HEADING_TAGS.has(e.name) && !SKIP_TAGS.has(e.name) && !inPageFrame(e));
  const siteName = metaOf(page, "og:site_name");
  const host = url ? withoutTld(siteHost(url) ?? "") : undefined;
  const siteLetters = [siteName, host].filter((x): x is string => !!x).map(letters);
  // The page's shared title, else its document title: what a heading is checked against.
  const shared = metaOf(page, "og:title", "twitter:title");
  const titleText = shared ?? documentTitle(doc);
  const docTitle = letters(titleText ?? "");
  const fit = (h: Element) => {
    const t = text(h);
    return (
      !!t &&
      !isIngredientsWord(t) &&
      !isStepsWord(t) &&
      !SECTION_TITLE.test(t) &&
      !siteLetters.includes(letters(t)) &&
      // "with Green Beans and Rice" under the name is the end of it, not a name of its own.
      !(CONTINUATION.test(t) && HEADING_TAGS.has(sibling(h, "prev")?.name ?? "")) &&
      // "Execution Method", "Preparation Mode": a section's heading, unless the document's title
      // holds it (or there is no other title to take).
      !(docTitle && edgedBySectionWord(t) && !docTitle.includes(letters(t)))
    );
  };
  const titled = heads.filter(
    (h) => Number(h.name[1]) <= 3 && TITLE_CLASS.test(h.attribs.class ?? "") && fit(h),
  );
  const h1s = heads.filter(
    (h) =>
      h.name === "h1" &&
      !SITE_CLASS.test(`${h.attribs.class ?? ""} ${h.attribs.id ?? ""}`) &&
      !(
        h.parent &&
        isElement(h.parent) &&
        SITE_CLASS.test(`${h.parent.attribs.class ?? ""} ${h.parent.attribs.id ?? ""}`)
      ) &&
      fit(h),
  );
  const named = docTitle ? [...titled, ...h1s].find((h) => docTitle.includes(letters(text(h)))) : undefined;
  const card = titled.length
    ? undefined
    : cardHeading(heads, fit, [titleText ?? "", ...h1s.map((h) => text(h))], url);
  const head =
    titledDish(heads, fit, titleText, card) ??
    (titled.length ? (named ?? titled[0]) : (card ?? named ?? h1s[0]));
  // A story's headline over a recipe ("… vegan recipe for ram-don noodles …"): the heading over
  // its ingredient lines names the dish.
  if (head?.name === "h1" && firstLine) {
    const headline = WORDS(text(head));
    const dish = headlineDish(
      head,
      heads,
      firstLine,
      (h) => fit(h) && !NO_DISH.test(text(h)) && !linksAway(h, url),
      (h) => [...WORDS(text(h))].some((w) => headline.has(w)),
    );
    if (dish) return text(dish);
  }
  // "RECEITA PARA A BIMBY ®" / "1 Arroz de Polvo": a heading printed on lines of its own, a label
  // over the dish's name, whose end is the page's shared title: that title is the name.
  if (head && !named && shared && endsOnItsOwnLine(head, shared)) return shared;
  if (head) {
    const more = continuation(head);
    // "Palacinky <span>fotorecept</span>": the shared title writes the brackets the styling drew.
    return more ? `${text(head)} ${text(more)}` : sharedTitleMarks(text(head), shared);
  }
  // No heading and no shared title: the document's own title (the site's name after it is cut later).
  const og = titleText;
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

/** The text of the document's `<title>`, null when it has none. */
function documentTitle(doc: Document): string | null {
  const t = findFirst(doc, (e) => e.name === "title");
  return (t && text(t)) || null;
}

/** The first `body` element in document order (what findAll(...)[0] gave, without walking on). */
function firstBody(doc: Document): Element | undefined {
  const stack: AnyNode[] = [doc];
  while (stack.length) {
    const n = stack.pop()!;
    if (isElement(n) && n.name === "body") return n;
    const kids = (n as { children?: AnyNode[] }).children;
    if (kids) for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!);
  }
  return undefined;
}

/**
 * Heuristic DOM extraction for pages without structured data: recipe-card plugins first, then a
 * generic reader that finds ingredient and instruction lists by headings (8 languages), classes and
 * list structure; the title from headings or Open Graph; times and yields from text patterns.
 * (Open Graph fills a missing image, description and author for every method, in extractRecipe.)
 */
export function extractHeuristic(page: PageScan, url?: string): PartialRecipe | null {
  const doc = page.doc();
  const body = firstBody(doc) ?? doc;
  const blocks = pageBlocks(body);
  // A cook's text made HTML by textToHtml (pasted, a PDF's, a photo's): its lines are the cook's own.
  const typed = metaOf(page, "generator") === TYPED_TEXT;
  let r: PartialRecipe | null = null;
  const named = rootNamesInTree(doc);
  for (const p of PLUGINS) {
    // A card's class or id names must appear in the page before its selectors walk the tree.
    // The tree is asked first: one walk answers every card, where each search of the page's
    // source (hundreds of KB) for each name took 3 ms a page in all. A card is only read when
    // an element bears one of its names, so asking changes nothing.
    const names = rootNames(p);
    if (!names.some((n) => named.has(n)) || !names.some((n) => page.source.includes(n))) continue;
    r = fromPlugin(doc, p);
    if (r) break;
  }
  // A card that gives one list only (its names on the ingredients, none on the method): the page's
  // text gives the other.
  if (r && (!r.ingredients?.length || !r.instructions?.length)) {
    const g = generic(doc, blocks, typed);
    if (!r.ingredients?.length && g?.ingredients?.length) r.ingredients = g.ingredients;
    if (!r.instructions?.length && g?.instructions?.length) r.instructions = g.instructions;
  }
  r ??= generic(doc, blocks, typed);
  // A list the page's text lacks may be in its app state (shown only once the script runs).
  if (!r?.ingredients?.length || !r.instructions?.length) {
    const state = mayHoldAppState(page.source) ? appStateRecipe(doc) : null;
    if (state) {
      r ??= {};
      // Its head's times and yield, printed for readers without script, before the page text's.
      const copy = noscriptCopy(doc);
      if (copy) scanMeta(copy, r);
      if (!r.ingredients?.length && state.ingredients) r.ingredients = state.ingredients;
      if (!r.instructions?.length && state.instructions) r.instructions = state.instructions;
    }
  }
  if (!r) return null;
  // A part named by a call to start ("Let's get cooking...", "Si cucina!") is the method itself,
  // not a part of it: its steps belong to no part.
  if (r.instructions?.some((s) => s.section && METHOD_INTRO.test(s.section)))
    r.instructions = r.instructions.map((s) =>
      s.section && METHOD_INTRO.test(s.section) ? { ...s, section: null } : s,
    );
  if (!r.name) {
    const title = pageTitle(doc, page, url, r.ingredients?.[0]?.text);
    if (title) r.name = title;
  }
  if (r.name) r.name = withoutRecipeWord(r.name) || r.name;
  const blockText = blocks.map((b) => b.text).join("\n");
  countAndTime(blockText, r);
  scanMeta(blockText, r);
  if (r.servings === undefined) {
    const y = scalerServings(body);
    if (y) {
      r.servings = y.servings;
      r.yield = y.text;
    }
  }
  // A part from a printed total only: a total summed here with a card's rests is no prep plus cook.
  partFromTotal(r);
  if (r.totalTimeMinutes === undefined && (r.prepTimeMinutes || r.cookTimeMinutes)) {
    r.totalTimeMinutes = (r.prepTimeMinutes ?? 0) + (r.cookTimeMinutes ?? 0) + restMinutes(blockText);
  }
  return r;
}

/**
 * A card that prints the total and one part ("Prep-time: 30 minutes / Ready in: 1 hour") leaves
 * the other part as what the total has beyond it: the cook time 30 minutes, as the recipe's data
 * states it (a total no longer than the part it states says nothing of the other).
 */
function partFromTotal(r: PartialRecipe): void {
  const total = r.totalTimeMinutes ?? 0;
  const prep = r.prepTimeMinutes ?? 0;
  const cook = r.cookTimeMinutes ?? 0;
  if (prep && !cook && total > prep) r.cookTimeMinutes = total - prep;
  else if (cook && !prep && total > cook) r.prepTimeMinutes = total - cook;
}
