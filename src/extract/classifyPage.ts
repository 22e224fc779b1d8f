import type { PageClass } from "../domain/draft.ts";
import { findAll, textOf } from "./dom.ts";
import { typesOf } from "./jsonld.ts";
import { metaOf, type PageScan } from "./pageScan.ts";

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
  const ogType = metaOf(page, "og:type")?.toLowerCase();
  const doc = page.doc();
  const hasArticleLd = jsonLdNodes.some((n) => typesOf(n).some((t) => ARTICLE_TYPES.has(t.toLowerCase())));
  const articles = findAll(doc, (el) => el.name === "article");
  const paragraphs = findAll(doc, (el) => el.name === "p");
  const words = paragraphs.reduce((s, p) => s + textOf(p).split(" ").length, 0);
  if (hasArticleLd || ogType === "article") return { kind: "article", confidence: words > 150 ? 0.9 : 0.7 };
  if (articles.length && words > 300) return { kind: "article", confidence: 0.7 };
  if (words > 600) return { kind: "article", confidence: 0.5 };
  return { kind: "other", confidence: 0.6 };
}
