import { z } from "zod";
import { HttpSearchProvider, type HttpSearchCall } from "./httpSearch.ts";
import {
  queryText,
  rankScore,
  siteOf,
  type SearchCandidate,
  type SearchError,
  type SearchRequest,
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
export class TavilyProvider extends HttpSearchProvider<z.infer<typeof zTavilyResponse>> {
  readonly type = "tavily";
  protected readonly engine = "Tavily";
  protected readonly answer = zTavilyResponse;
  protected override readonly defaultBaseUrl = "https://api.tavily.com";

  protected request(req: SearchRequest): HttpSearchCall {
    return {
      path: "/search",
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${this.apiKey}` },
      body: JSON.stringify({
        query: queryText(req),
        search_depth: "basic",
        topic: "general",
        max_results: Math.min(20, req.limit),
        include_answer: false,
      }),
    };
  }

  // A spent plan is not an outage: "quota" lets discovery say so instead of reporting Tavily down.
  protected override statusError(status: number): SearchError | undefined {
    if (status === 432 || status === 433)
      return {
        ok: false,
        kind: "quota",
        status,
        message: `${this.label}: the plan's usage limit is reached (HTTP ${status})`,
      };
    return undefined;
  }

  protected candidates(answer: z.infer<typeof zTavilyResponse>, limit: number): SearchCandidate[] {
    return answer.results.slice(0, limit).map((r, i) => ({
      url: r.url,
      title: (r.title ?? "").trim(),
      snippet: (r.content ?? "").trim().slice(0, 400),
      siteName: siteOf(r.url),
      score: typeof r.score === "number" ? Math.max(0, Math.min(1, r.score)) : rankScore(i),
    }));
  }
}
