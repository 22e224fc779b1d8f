import { z } from "zod";
import {
  endpointError,
  parseJsonBody,
  queryText,
  rankScore,
  siteOf,
  type SearchOutcome,
  type SearchProvider,
  type SearchRequest,
  type SearchTransport,
} from "./searchProvider.ts";

// The fields Ladle reads of GET /res/v1/web/search (Brave Search API "WebSearchApiResponse").
const zBraveResponse = z.looseObject({
  web: z
    .looseObject({
      results: z.array(
        z.looseObject({
          url: z.string(),
          title: z.string().nullish(),
          description: z.string().nullish(),
          profile: z.looseObject({ name: z.string().nullish() }).nullish(),
          meta_url: z.looseObject({ hostname: z.string().nullish() }).nullish(),
        }),
      ),
    })
    .nullish(),
});

/** Brave's highlights come as <strong> markup in descriptions. */
const stripTags = (s: string) =>
  s
    .replace(/<[^>]*>/g, "")
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .trim();

/** Brave Search API (`X-Subscription-Token`). Results carry no score: rank order becomes one. */
export class BraveProvider implements SearchProvider {
  readonly type = "brave";
  readonly name: string;
  private readonly baseUrl: string;
  private readonly apiKey: string;
  private readonly transport: SearchTransport;
  private readonly timeoutMs: number;

  constructor(
    name: string,
    cfg: { BaseUrl?: string | undefined; ApiKey?: string | undefined; TimeoutMs: number },
    transport: SearchTransport,
  ) {
    this.name = name;
    this.baseUrl = (cfg.BaseUrl ?? "https://api.search.brave.com").replace(/\/+$/, "");
    this.apiKey = cfg.ApiKey ?? "";
    this.transport = transport;
    this.timeoutMs = cfg.TimeoutMs;
  }

  async search(req: SearchRequest, signal?: AbortSignal): Promise<SearchOutcome> {
    const u = new URL(`${this.baseUrl}/res/v1/web/search`);
    u.searchParams.set("q", queryText(req));
    u.searchParams.set("count", String(Math.min(20, req.limit)));
    u.searchParams.set("safesearch", "moderate");
    const res = await this.transport.endpoint(u.href, {
      accept: "application/json",
      headers: { "x-subscription-token": this.apiKey },
      totalTimeoutMs: this.timeoutMs,
      headersTimeoutMs: this.timeoutMs,
      ...(signal ? { signal } : {}),
    });
    if (!res.ok) return endpointError(`${this.name} (Brave Search)`, res);
    const json = parseJsonBody(this.name, res.body);
    if (!json.ok) return json;
    const parsed = zBraveResponse.safeParse(json.value);
    if (!parsed.success)
      return {
        ok: false,
        kind: "invalid-response",
        message: `${this.name} (Brave Search) answered in an unknown shape`,
      };
    const rows = (parsed.data.web?.results ?? []).slice(0, req.limit);
    return {
      ok: true,
      candidates: rows.map((r, i) => ({
        url: r.url,
        title: stripTags(r.title ?? ""),
        snippet: stripTags(r.description ?? ""),
        siteName: r.profile?.name ?? r.meta_url?.hostname ?? siteOf(r.url),
        score: rankScore(i),
      })),
    };
  }
}
