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

// The fields Ladle reads of POST /search (Tavily Search API).
const zTavilyResponse = z.looseObject({
  results: z.array(
    z.looseObject({
      url: z.string(),
      title: z.string().nullish(),
      content: z.string().nullish(),
      score: z.number().nullish(),
    }),
  ),
});

/**
 * Tavily's hosted search API, widely used by agent frameworks (LangChain, Open WebUI): POST JSON
 * with a bearer key; 429 is its rate limit, 432/433 its plan and pay-as-you-go limits.
 */
export class TavilyProvider implements SearchProvider {
  readonly type = "tavily";
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
    this.baseUrl = (cfg.BaseUrl ?? "https://api.tavily.com").replace(/\/+$/, "");
    this.apiKey = cfg.ApiKey ?? "";
    this.transport = transport;
    this.timeoutMs = cfg.TimeoutMs;
  }

  async search(req: SearchRequest, signal?: AbortSignal): Promise<SearchOutcome> {
    const res = await this.transport.endpoint(`${this.baseUrl}/search`, {
      method: "POST",
      accept: "application/json",
      headers: { "content-type": "application/json", authorization: `Bearer ${this.apiKey}` },
      body: JSON.stringify({
        query: queryText(req),
        search_depth: "basic",
        topic: "general",
        max_results: Math.min(20, req.limit),
        include_answer: false,
      }),
      totalTimeoutMs: this.timeoutMs,
      headersTimeoutMs: this.timeoutMs,
      ...(signal ? { signal } : {}),
    });
    if (!res.ok) {
      if (res.code === "HTTP_ERROR" && (res.status === 432 || res.status === 433))
        return {
          ok: false,
          kind: "quota",
          status: res.status,
          message: `${this.name} (Tavily): the plan's usage limit is reached (HTTP ${res.status})`,
        };
      return endpointError(`${this.name} (Tavily)`, res);
    }
    const json = parseJsonBody(this.name, res.body);
    if (!json.ok) return json;
    const parsed = zTavilyResponse.safeParse(json.value);
    if (!parsed.success)
      return {
        ok: false,
        kind: "invalid-response",
        message: `${this.name} (Tavily) answered without results`,
      };
    return {
      ok: true,
      candidates: parsed.data.results.slice(0, req.limit).map((r, i) => ({
        url: r.url,
        title: (r.title ?? "").trim(),
        snippet: (r.content ?? "").trim().slice(0, 400),
        siteName: siteOf(r.url),
        score: typeof r.score === "number" ? Math.max(0, Math.min(1, r.score)) : rankScore(i),
      })),
    };
  }
}
