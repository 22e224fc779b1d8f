import { z } from "zod";
import { HttpSearchProvider, type HttpSearchCall } from "./httpSearch.ts";
import { queryText, rankScore, siteOf, type SearchCandidate, type SearchRequest } from "./searchProvider.ts";

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
export class BraveProvider extends HttpSearchProvider<z.infer<typeof zBraveResponse>> {
  readonly type = "brave";
  protected readonly engine = "Brave Search";
  protected readonly answer = zBraveResponse;
  protected override readonly defaultBaseUrl = "https://api.search.brave.com";
  protected override readonly unknownShape = "answered in an unknown shape";

  protected request(req: SearchRequest): HttpSearchCall {
    return {
      path: "/res/v1/web/search",
      query: { q: queryText(req), count: String(Math.min(20, req.limit)), safesearch: "moderate" },
      headers: { "x-subscription-token": this.apiKey },
    };
  }

  protected candidates(answer: z.infer<typeof zBraveResponse>, limit: number): SearchCandidate[] {
    return (answer.web?.results ?? []).slice(0, limit).map((r, i) => ({
      url: r.url,
      title: stripTags(r.title ?? ""),
      snippet: stripTags(r.description ?? ""),
      siteName: r.profile?.name ?? r.meta_url?.hostname ?? siteOf(r.url),
      score: rankScore(i),
    }));
  }
}
