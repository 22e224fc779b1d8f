import { z } from "zod";
import { HttpSearchProvider, type HttpSearchCall } from "./httpSearch.ts";
import {
  queryText,
  rankScore,
  siteOf,
  type SearchCandidate,
  type SearchError,
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
export class SearxngProvider extends HttpSearchProvider<z.infer<typeof zSearxResponse>> {
  readonly type = "searxng";
  protected readonly engine = "SearXNG";
  protected readonly answer = zSearxResponse;

  // Narrower than the base's settings: an instance has no public default and takes no key.
  constructor(name: string, cfg: { BaseUrl: string; TimeoutMs: number }, transport: SearchTransport) {
    super(name, cfg, transport);
  }

  protected request(req: SearchRequest): HttpSearchCall {
    return {
      path: "/search",
      query: { q: queryText(req), format: "json", categories: "general", safesearch: "1" },
    };
  }

  protected override statusError(status: number): SearchError | undefined {
    if (status === 403)
      return {
        ok: false,
        kind: "refused",
        status: 403,
        message: `${this.label} refused JSON output (HTTP 403): add "json" to search.formats in the instance's settings.yml`,
      };
    return undefined;
  }

  protected candidates(answer: z.infer<typeof zSearxResponse>, limit: number): SearchCandidate[] {
    const rows = answer.results.slice(0, limit);
    const top = Math.max(0, ...rows.map((r) => r.score ?? 0));
    return rows.map((r, i) => ({
      url: r.url,
      title: (r.title ?? "").trim(),
      snippet: (r.content ?? "").trim(),
      siteName: siteOf(r.url),
      // SearXNG scores are unbounded sums over engines: scaled to the best of this answer.
      score: top > 0 && r.score ? Math.round((r.score / top) * 1000) / 1000 : rankScore(i),
    }));
  }
}
