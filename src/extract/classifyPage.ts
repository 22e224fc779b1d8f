import type { PageClass } from "../domain/draft.ts";
import type { AnyNode, Element } from "domhandler";
import { findAll, isElement, textOf, walk, type Document } from "./dom.ts";
import { typesOf } from "./jsonld.ts";
import { metaOf, type PageScan } from "./pageScan.ts";
import { isIngredientsWord, isStepsWord } from "./sectionWords.ts";

const ARTICLE_TYPES = new Set([
  "article",
  "newsarticle",
  "blogposting",
  "report",
  "scholarlyarticle",
  "techarticle",
]);

/** Recipe, article or other, with a confidence. */
export function classifyPage(
  page: PageScan,
  jsonLdNodes: Record<string, unknown>[],
  recipeFound: boolean,
): PageClass {
  if (recipeFound) return { kind: "recipe", confidence: 0.95 };
  // A recipe written in prose ("You need 500 g of flour, 300 ml of water…") is no article: the
  // page is left "other", so an import hands it to the LLM instead of answering NOT_A_RECIPE.
  if (measuredAmounts(page.snapshot) >= PROSE_RECIPE_AMOUNTS) return { kind: "other", confidence: 0.5 };
  const doc = page.doc();
  // A recipe's two sections named in headings ("Ingredienser", "Sådan gør du"), whose lists the
  // page fills in with script: a recipe the readers could not read, not an article.
  if (namesRecipeSections(doc)) return { kind: "other", confidence: 0.5 };
  const ogType = metaOf(page, "og:type")?.toLowerCase();
  const hasArticleLd = jsonLdNodes.some((n) => typesOf(n).some((t) => ARTICLE_TYPES.has(t.toLowerCase())));
  const articles = findAll(doc, (el) => el.name === "article");
  const paragraphs = findAll(doc, (el) => el.name === "p");
  const words = paragraphs.reduce((s, p) => s + textOf(p).split(" ").length, 0);
  if (hasArticleLd || ogType === "article") return { kind: "article", confidence: words > 150 ? 0.9 : 0.7 };
  if (articles.length && words > 300) return { kind: "article", confidence: 0.7 };
  if (words > 600) return { kind: "article", confidence: 0.5 };
  // A page Readability would offer to read: a news page without og:type, a wiki, a blog post.
  if (probablyReaderable(doc)) return { kind: "article", confidence: 0.5 };
  return { kind: "other", confidence: 0.6 };
}

const SECTION_HEAD = new Set(["h1", "h2", "h3", "h4", "h5", "h6", "strong", "b", "dt", "label"]);

function namesRecipeSections(doc: Document): boolean {
  let ingredients = false;
  let steps = false;
  walk(doc, (el) => {
    if (ingredients && steps) return false;
    if (!SECTION_HEAD.has(el.name)) return true;
    const t = textOf(el);
    if (t.length <= 40) {
      ingredients ||= isIngredientsWord(t);
      steps ||= isStepsWord(t);
    }
    return false;
  });
  return ingredients && steps;
}

// Amounts with a kitchen unit ("500 g", "2 cups", "1 teaspoon"), counted in the page's text.
const MEASURED =
  /(?<![\p{L}\d])\d+(?:[.,/]\d+)?\s*(?:g|grams?|kg|ml|l|dl|cl|oz|ounces?|lbs?|pounds?|cups?|tbsps?|tablespoons?|tsps?|teaspoons?|el|tl|cuillères?|cucharadas?|cucchia\w*|colher(?:es)?)(?![\p{L}])/giu;
const PROSE_RECIPE_AMOUNTS = 3;

function measuredAmounts(text: string): number {
  let n = 0;
  for (const _ of text.matchAll(MEASURED)) if (++n >= PROSE_RECIPE_AMOUNTS) break;
  return n;
}

// Readability's own test of a page that reads as an article (isProbablyReaderable of
// @mozilla/readability 0.6, its thresholds and patterns), here over the htmlparser2 tree: the
// library's function wants a browser DOM (jsdom), which costs more than the whole extraction.
const UNLIKELY =
  /-ad-|ai2html|banner|breadcrumbs|combx|comment|community|cover-wrap|disqus|extra|footer|gdpr|header|legends|menu|related|remark|replies|rss|shoutbox|sidebar|skyscraper|social|sponsor|supplemental|ad-break|agegate|pagination|pager|popup|yom-remote/i;
const OK_MAYBE = /and|article|body|column|content|main|shadow/i;
const DISPLAY_NONE = /(?:^|;)\s*display\s*:\s*none\s*(?:!important\s*)?(?:;|$)/i;
const MIN_LENGTH = 140;
const MIN_SCORE = 20;

function visible(el: Element): boolean {
  const a = el.attribs;
  if (DISPLAY_NONE.test(a.style ?? "") || "hidden" in a) return false;
  return a["aria-hidden"] !== "true" || (a.class ?? "").includes("fallback-image");
}

/** The DOM's textContent: every text node's text, scripts' included, comments' not. */
function textContent(n: AnyNode): string {
  if (n.type === "text" || n.type === "cdata") return (n as unknown as { data: string }).data ?? "";
  const kids = (n as { children?: AnyNode[] }).children;
  let s = "";
  if (kids) for (const k of kids) s += textContent(k);
  return s;
}

function insideListItem(el: Element): boolean {
  for (let p = el.parent; p; p = p.parent) if (isElement(p) && p.name === "li") return true;
  return false;
}

/** Paragraphs (p, pre, article, a div of lines broken by <br>) long enough, by Readability's score. */
export function probablyReaderable(doc: Document): boolean {
  const nodes = new Set<Element>();
  walk(doc, (el) => {
    if (el.name === "p" || el.name === "pre" || el.name === "article") nodes.add(el);
    else if (el.name === "br" && el.parent && isElement(el.parent) && el.parent.name === "div")
      nodes.add(el.parent);
  });
  let score = 0;
  for (const n of nodes) {
    if (!visible(n)) continue;
    if (
      UNLIKELY.test(`${n.attribs.class ?? ""} ${n.attribs.id ?? ""}`) &&
      !OK_MAYBE.test(`${n.attribs.class ?? ""} ${n.attribs.id ?? ""}`)
    )
      continue;
    if (n.name === "p" && insideListItem(n)) continue;
    const length = textContent(n).trim().length;
    if (length < MIN_LENGTH) continue;
    score += Math.sqrt(length - MIN_LENGTH);
    if (score > MIN_SCORE) return true;
  }
  return false;
}
