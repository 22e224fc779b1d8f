import type { Constraints, RankedCandidate } from "../domain/discovery.ts";
import { urlKey } from "../domain/normalizeUrl.ts";
import { searchTokens } from "./curatedProvider.ts";
import { siteOf, type SearchCandidate } from "./searchProvider.ts";

export type { RankedCandidate };

/** What Ladle knows besides the provider's answer. */
export interface RankingFacts {
  constraints: Constraints;
  /** urlKey → id of a stored recipe from that URL. */
  stored: Map<string, string>;
  /** host → recipes committed from it (the domain has given good drafts before). */
  goodDomains: Map<string, number>;
}

// A round-up ("25 best ramen recipes", "/category/soups/") is a list of recipes, not one.
const ROUNDUP_TITLE =
  /\b(\d{1,3}\s+(?:best|easy|quick|great|delicious|amazing|\w+\s+)?(?:recipes|ideas|ways|dishes|meals)|best\s+\w+\s+recipes|recipes\s+(?:for|to|you)|round-?up|collection|ideas)\b/i;
const LISTING_PATH =
  /\/(category|categories|tag|tags|collections?|search|topics?|recipes\/?$|page\/\d+|author|archive)(\/|$)|[?&](s|q|query|search)=/i;
const RECIPE_PATH =
  /\/(recipes?|rezept[e]?|recette[s]?|receta[s]?|ricetta|ricette|recept(?:en)?|receita[s]?)\/[^/?#]+/i;

/** Hand-written: a few weighted signals; a learning-to-rank library would need training data Ladle lacks. */
export function rankCandidates(
  found: (SearchCandidate & { provider: string })[],
  facts: RankingFacts,
  limit: number,
): RankedCandidate[] {
  const constraintTokens = Object.values(facts.constraints)
    .filter((v): v is string => typeof v === "string" && v.trim() !== "")
    .map((v) => searchTokens(v));
  const byKey = new Map<string, RankedCandidate>();
  for (const c of found) {
    if (!URL.canParse(c.url)) continue;
    const key = urlKey(c.url);
    const u = new URL(c.url);
    const path = u.pathname + u.search;
    const signals: Record<string, number> = { provider: round(c.score * 0.5) };
    const text = `${c.title} ${c.snippet}`;
    if (ROUNDUP_TITLE.test(c.title)) signals.roundup = -0.25;
    if (LISTING_PATH.test(path)) signals.listingPage = -0.25;
    if (RECIPE_PATH.test(path)) signals.recipePath = 0.1;
    if (constraintTokens.length) {
      const words = new Set(searchTokens(text));
      const met = constraintTokens.filter((t) => t.length && t.every((w) => words.has(w))).length;
      signals.constraints = round((met / constraintTokens.length) * 0.2);
    }
    const host = siteOf(c.url);
    const good = host ? (facts.goodDomains.get(host) ?? 0) : 0;
    if (good > 0) signals.goodDomain = round(Math.min(0.15, 0.05 * Math.log2(1 + good)));
    const recipeId = facts.stored.get(key) ?? null;
    // Already stored: still shown, but a new recipe is more useful to import first.
    if (recipeId) signals.alreadyStored = -0.05;
    const score = round(Math.max(0, Math.min(1, 0.3 + Object.values(signals).reduce((s, v) => s + v, 0))));
    const cand: RankedCandidate = {
      url: c.url,
      title: c.title || null,
      snippet: c.snippet,
      siteName: c.siteName,
      score,
      providerScore: c.score,
      provider: c.provider,
      alreadyStored: recipeId !== null,
      recipeId,
      signals,
    };
    const prev = byKey.get(key);
    if (!prev || prev.score < cand.score) byKey.set(key, cand);
  }
  return [...byKey.values()]
    .sort((a, b) => b.score - a.score || b.providerScore - a.providerScore || a.url.localeCompare(b.url))
    .slice(0, limit);
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/** True when `host` is one of `domains` or below one. */
export function inDomains(host: string, domains: string[]): boolean {
  return domains.some((d) => {
    const x = d
      .trim()
      .toLowerCase()
      .replace(/^\*?\./, "");
    return x !== "" && (host === x || host.endsWith(`.${x}`));
  });
}
