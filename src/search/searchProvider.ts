import type { Constraints } from "../domain/discovery.ts";
import type { FetchOptions, FetchResult } from "../fetcher/fetchPage.ts";
import type { GatewayResult } from "../fetcher/gateway.ts";

/** What the user looks for (`SearchRequest`). */
export interface SearchRequest {
  query: string;
  /** dietType, cuisine, and any other constraint the caller gives. */
  constraints: Constraints;
  /** Results wanted. */
  limit: number;
}

/** One search hit (`SearchCandidate`); `score` is the provider's own, 0..1. */
export interface SearchCandidate {
  url: string;
  title: string;
  snippet: string;
  siteName: string | null;
  score: number;
}

/** Why a provider gave no answer; `kind` decides the task's code (429 and quota are not outages). */
export interface SearchError {
  ok: false;
  kind: "down" | "rate-limited" | "refused" | "quota" | "invalid-response";
  message: string;
  status?: number;
}

export type SearchOutcome = { ok: true; candidates: SearchCandidate[] } | SearchError;

/** The transports a provider may use; both go through the egress gateway. */
export interface SearchTransport {
  /** An operator-configured endpoint (search API): one attempt, any method and headers. */
  endpoint(url: string, init: Partial<FetchOptions>): Promise<FetchResult>;
  /** A public page (sitemaps, site search): robots.txt, allow/deny lists, politeness and retries apply. */
  page(url: string): Promise<GatewayResult>;
}

/** A search engine behind the one interface (Open WebUI / Perplexica habit: `{link, title, snippet}`). */
export interface SearchProvider {
  readonly name: string;
  readonly type: string;
  search(request: SearchRequest, signal?: AbortSignal): Promise<SearchOutcome>;
}

/** The query text sent to engines: the query plus the constraints as words. */
export function queryText(req: SearchRequest): string {
  const extra = Object.values(req.constraints)
    .filter((v): v is string => typeof v === "string" && v.trim() !== "")
    .filter((v) => !req.query.toLowerCase().includes(v.toLowerCase()));
  return [req.query, ...extra].join(" ").trim();
}

/** The host of a URL without "www.", or null. */
export function siteOf(url: string): string | null {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, "");
  } catch {
    return null;
  }
}

/** Score by rank when an engine gives none: 1 for the first, falling gently. */
export const rankScore = (i: number) => Math.round((1 / (1 + i * 0.15)) * 1000) / 1000;
