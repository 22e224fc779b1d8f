import { z } from "zod";
import { zBool, zList } from "../configParts.ts";

// The Discovery section (search providers).
// Declared beside the code that reads it; src/config.ts composes every section into one validated object.

// Discovery: search providers by name, like Llm:Providers.
export const zSearchProvider = z.object({
  /** searxng (self-hosted JSON API), brave (Brave Search API), tavily (Tavily search API), curated (operator's sites). */
  Type: z.enum(["searxng", "brave", "tavily", "curated"]),
  /** API base; defaults: brave https://api.search.brave.com, tavily https://api.tavily.com; required for searxng. */
  BaseUrl: z.url().optional(),
  ApiKey: z.string().optional(),
  /** One search request's time limit. */
  TimeoutMs: z.coerce.number().int().positive().default(10_000),
  /** Requests started per minute to this provider (this process). */
  RequestsPerMinute: z.coerce.number().int().positive().default(30),
  /** Requests per UTC day, all processes (0: no limit). */
  DailyQuota: z.coerce.number().int().min(0).default(0),
  /** What one request costs (any currency unit), counted against DailyCostCap. */
  CostPerRequest: z.coerce.number().min(0).default(0),
  /** Spend per UTC day (0: no cap). */
  DailyCostCap: z.coerce.number().min(0).default(0),
  /** Results asked for per search. */
  MaxResults: z.coerce.number().int().positive().max(50).default(20),
  /** curated: site origins (their /sitemap.xml and robots.txt Sitemap lines) or sitemap URLs, indexed locally. */
  Sites: zList().default([]),
  /** curated: site-search URLs with {query}, e.g. https://site.example/?s={query}. */
  SearchUrlTemplates: zList().default([]),
});

/**
 * Recipe sites whose own search pages the built-in provider reads (WordPress site search, public,
 * no account). Candidates come from result links on each site; pages go through the gateway.
 */
export const BUILTIN_SEARCH_PAGES = [
  "https://www.cookingclassy.com/?s={query}",
  "https://www.spendwithpennies.com/?s={query}",
  "https://www.wellplated.com/?s={query}",
  "https://www.inspiredtaste.net/?s={query}",
  "https://www.loveandlemons.com/?s={query}",
  "https://www.justonecookbook.com/?s={query}",
  "https://www.culinaryhill.com/?s={query}",
  "https://therecipecritic.com/?s={query}",
  "https://tastesbetterfromscratch.com/?s={query}",
  "https://littlespicejar.com/?s={query}",
];

export const zDiscovery = z.object({
  /** Named search providers; hosts of API providers become reachable endpoints of the gateway. */
  Providers: z.record(z.string(), zSearchProvider).default({}),
  /**
   * The provider that needs no account (Flow A out of the box): when Providers is empty, a curated
   * provider named "builtin" reads these recipe sites' own search pages through the gateway.
   */
  Builtin: z
    .object({
      /** false: no built-in provider; a Query import then needs a configured one. */
      Enabled: zBool().default(true),
      SearchUrlTemplates: zList().default(BUILTIN_SEARCH_PAGES),
    })
    .prefault({}),
  /** Providers asked, in order, until one answers; empty: all, in declaration order. */
  Use: zList().default([]),
  /** Only results from these domains (and subdomains) when non-empty. */
  AllowDomains: zList().default([]),
  /** Results from these domains (and subdomains) are dropped. */
  DenyDomains: zList().default([]),
  /** Candidates tried, in rank order, before a query import gives up. */
  MaxCandidateAttempts: z.coerce.number().int().min(1).max(10).default(3),
  /** How old the curated title index may grow before the scheduler refreshes it. */
  CuratedRefreshMinutes: z.coerce.number().int().positive().default(1440),
  /** Pages read per curated site when indexing (sitemap entries). */
  CuratedMaxPagesPerSite: z.coerce.number().int().positive().default(5000),
});
