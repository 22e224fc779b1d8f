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

// The fields Ladle reads of SearXNG's `format=json` answer (searx/results.py); others pass through.
const zSearxResponse = z.object({
  results: z.array(
    z.looseObject({
      url: z.string(),
      title: z.string().nullish(),
      content: z.string().nullish(),
      score: z.number().nullish(),
      engine: z.string().nullish(),
      parsed_url: z.array(z.string()).nullish(),
    }),
  ),
  unresponsive_engines: z.array(z.unknown()).nullish(),
});

/**
 * A self-hosted SearXNG instance through its JSON API (`/search?format=json`). SearXNG ships with
 * JSON output disabled and then answers 403: the error says how to enable it.
 */
export class SearxngProvider implements SearchProvider {
  readonly type = "searxng";
  readonly name: string;
  private readonly baseUrl: string;
  private readonly transport: SearchTransport;
  private readonly timeoutMs: number;

  constructor(name: string, cfg: { BaseUrl: string; TimeoutMs: number }, transport: SearchTransport) {
    this.name = name;
    this.baseUrl = cfg.BaseUrl.replace(/\/+$/, "");
    this.transport = transport;
    this.timeoutMs = cfg.TimeoutMs;
  }

  async search(req: SearchRequest, signal?: AbortSignal): Promise<SearchOutcome> {
    const u = new URL(`${this.baseUrl}/search`);
    u.searchParams.set("q", queryText(req));
    u.searchParams.set("format", "json");
    u.searchParams.set("categories", "general");
    u.searchParams.set("safesearch", "1");
    const res = await this.transport.endpoint(u.href, {
      accept: "application/json",
      totalTimeoutMs: this.timeoutMs,
      headersTimeoutMs: this.timeoutMs,
      ...(signal ? { signal } : {}),
    });
    if (!res.ok) {
      if (res.code === "HTTP_ERROR" && res.status === 403)
        return {
          ok: false,
          kind: "refused",
          status: 403,
          message: `${this.name} (SearXNG) refused JSON output (HTTP 403): add "json" to search.formats in the instance's settings.yml`,
        };
      return endpointError(`${this.name} (SearXNG)`, res);
    }
    const json = parseJsonBody(this.name, res.body);
    if (!json.ok) return json;
    const parsed = zSearxResponse.safeParse(json.value);
    if (!parsed.success)
      return {
        ok: false,
        kind: "invalid-response",
        message: `${this.name} (SearXNG) answered without results`,
      };
    const rows = parsed.data.results.slice(0, req.limit);
    const top = Math.max(0, ...rows.map((r) => r.score ?? 0));
    return {
      ok: true,
      candidates: rows.map((r, i) => ({
        url: r.url,
        title: (r.title ?? "").trim(),
        snippet: (r.content ?? "").trim(),
        siteName: siteOf(r.url),
        // SearXNG scores are unbounded sums over engines: scaled to the best of this answer.
        score: top > 0 && r.score ? Math.round((r.score / top) * 1000) / 1000 : rankScore(i),
      })),
    };
  }
}
