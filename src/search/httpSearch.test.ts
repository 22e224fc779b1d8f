import { describe, expect, it } from "vitest";
import type { FetchOptions, FetchResult } from "../fetcher/fetchPage.ts";
import { BraveProvider } from "./braveProvider.ts";
import type { SearchRequest, SearchTransport } from "./searchProvider.ts";
import { SearxngProvider } from "./searxngProvider.ts";
import { TavilyProvider } from "./tavilyProvider.ts";

// The providers' exact requests and words are pinned here: users and the discovery task read them.

const REQ: SearchRequest = { query: "ramen", constraints: { cuisine: "Japanese", dietType: null }, limit: 2 };

/** A transport answering every endpoint call with `answer`, recording what it was asked. */
function fakeTransport(answer: FetchResult) {
  const calls: { url: string; init: Partial<FetchOptions> }[] = [];
  const transport: SearchTransport = {
    endpoint: async (url, init) => {
      calls.push({ url, init });
      return answer;
    },
    page: async () => {
      throw new Error("not used by HTTP search providers");
    },
  };
  return { transport, calls };
}

const json = (value: unknown): FetchResult => ({
  ok: true,
  url: "http://engine.test/",
  status: 200,
  headers: {},
  contentType: "application/json",
  body: Buffer.from(typeof value === "string" ? value : JSON.stringify(value)),
  redirects: [],
  elapsedMs: 1,
});

const httpError = (status: number, headers?: Record<string, string>): FetchResult => ({
  ok: false,
  code: "HTTP_ERROR",
  reason: `HTTP ${status}`,
  status,
  url: "http://engine.test/",
  redirects: [],
  ...(headers ? { headers } : {}),
});

const unreachable: FetchResult = {
  ok: false,
  code: "CONNECTION_FAILED",
  reason: "connect ECONNREFUSED 127.0.0.1:9",
  url: "http://engine.test/",
  redirects: [],
};

const brave = (answer: FetchResult, cfg: { BaseUrl?: string } = {}) => {
  const t = fakeTransport(answer);
  return { ...t, p: new BraveProvider("b1", { ApiKey: "bk", TimeoutMs: 1234, ...cfg }, t.transport) };
};
const tavily = (answer: FetchResult, cfg: { BaseUrl?: string; ApiKey?: string } = { ApiKey: "tk" }) => {
  const t = fakeTransport(answer);
  return { ...t, p: new TavilyProvider("t1", { TimeoutMs: 2345, ...cfg }, t.transport) };
};
const searxng = (answer: FetchResult) => {
  const t = fakeTransport(answer);
  return {
    ...t,
    p: new SearxngProvider("s1", { BaseUrl: "http://searx.test/x//", TimeoutMs: 3456 }, t.transport),
  };
};

describe("Brave", () => {
  it("GETs the web search with the subscription token, JSON accepted and the timeout", async () => {
    const { p, calls } = brave(json({ web: { results: [] } }));
    const signal = new AbortController().signal;
    expect(await p.search({ ...REQ, limit: 50 }, signal)).toEqual({ ok: true, candidates: [] });
    expect(calls).toStrictEqual([
      {
        url: "https://api.search.brave.com/res/v1/web/search?q=ramen+Japanese&count=20&safesearch=moderate",
        init: {
          accept: "application/json",
          headers: { "x-subscription-token": "bk" },
          totalTimeoutMs: 1234,
          headersTimeoutMs: 1234,
          signal,
        },
      },
    ]);
    expect(p.type).toBe("brave");
    expect(p.name).toBe("b1");
  });

  it("uses BaseUrl without trailing slashes and sends no signal when none is given", async () => {
    const { p, calls } = brave(json({}), { BaseUrl: "http://127.0.0.1:1/brave/" });
    expect(await p.search(REQ)).toEqual({ ok: true, candidates: [] });
    expect(calls[0]!.url).toBe(
      "http://127.0.0.1:1/brave/res/v1/web/search?q=ramen+Japanese&count=2&safesearch=moderate",
    );
    expect("signal" in calls[0]!.init).toBe(false);
  });

  it("maps results: tags stripped, site from profile or host, rank as score, at most limit", async () => {
    const { p } = brave(
      json({
        web: {
          results: [
            {
              url: "https://www.a.example/r/1",
              title: "<strong>Ramen</strong> &amp; eggs",
              description: " It&#39;s <b>&quot;good&quot;</b> ",
              profile: { name: "A Kitchen" },
            },
            { url: "https://www.b.example/r/2", title: null, meta_url: { hostname: "b.example" } },
            { url: "https://c.example/3" },
          ],
        },
      }),
    );
    expect(await p.search(REQ)).toStrictEqual({
      ok: true,
      candidates: [
        {
          url: "https://www.a.example/r/1",
          title: "Ramen & eggs",
          snippet: `It's "good"`,
          siteName: "A Kitchen",
          score: 1,
        },
        { url: "https://www.b.example/r/2", title: "", snippet: "", siteName: "b.example", score: 0.87 },
      ],
    });
  });

  it("names itself in failures", async () => {
    expect(await brave(httpError(429, { "retry-after": "7" })).p.search(REQ)).toStrictEqual({
      ok: false,
      kind: "rate-limited",
      status: 429,
      message: "b1 (Brave Search) answered 429 Too Many Requests (retry after 7 s)",
    });
    expect(await brave(httpError(429)).p.search(REQ)).toStrictEqual({
      ok: false,
      kind: "rate-limited",
      status: 429,
      message: "b1 (Brave Search) answered 429 Too Many Requests",
    });
    expect(await brave(httpError(401)).p.search(REQ)).toStrictEqual({
      ok: false,
      kind: "refused",
      status: 401,
      message: "b1 (Brave Search) refused the request (HTTP 401); check its ApiKey",
    });
    expect(await brave(httpError(503)).p.search(REQ)).toStrictEqual({
      ok: false,
      kind: "down",
      status: 503,
      message: "b1 (Brave Search) answered HTTP 503",
    });
    expect(await brave(unreachable).p.search(REQ)).toStrictEqual({
      ok: false,
      kind: "down",
      message: "b1 (Brave Search) is unreachable: connect ECONNREFUSED 127.0.0.1:9",
    });
    expect(await brave(json("<html>")).p.search(REQ)).toStrictEqual({
      ok: false,
      kind: "invalid-response",
      message: "b1 did not answer with JSON",
    });
    expect(await brave(json({ web: { results: [{ title: "no url" }] } })).p.search(REQ)).toStrictEqual({
      ok: false,
      kind: "invalid-response",
      message: "b1 (Brave Search) answered in an unknown shape",
    });
  });
});

describe("Tavily", () => {
  it("POSTs JSON with the bearer key, JSON accepted and the timeout", async () => {
    const { p, calls } = tavily(json({ results: [] }));
    expect(await p.search({ ...REQ, limit: 30 })).toEqual({ ok: true, candidates: [] });
    expect(calls).toStrictEqual([
      {
        url: "https://api.tavily.com/search",
        init: {
          method: "POST",
          accept: "application/json",
          headers: { "content-type": "application/json", authorization: "Bearer tk" },
          body: JSON.stringify({
            query: "ramen Japanese",
            search_depth: "basic",
            topic: "general",
            max_results: 20,
            include_answer: false,
          }),
          totalTimeoutMs: 2345,
          headersTimeoutMs: 2345,
        },
      },
    ]);
    expect(p.type).toBe("tavily");
  });

  it("uses BaseUrl without trailing slashes, and an empty key when none is configured", async () => {
    const { p, calls } = tavily(json({ results: [] }), { BaseUrl: "http://127.0.0.1:1/t///" });
    await p.search(REQ);
    expect(calls[0]!.url).toBe("http://127.0.0.1:1/t/search");
    expect(calls[0]!.init.headers).toStrictEqual({
      "content-type": "application/json",
      authorization: "Bearer ",
    });
  });

  it("maps results: trimmed, snippet cut at 400, its score clamped to 0..1 or rank", async () => {
    const { p } = tavily(
      json({
        results: [
          { url: "https://www.a.example/1", title: " A ", content: ` ${"x".repeat(500)} `, score: 1.7 },
          { url: "https://b.example/2", title: null, content: null },
          { url: "https://c.example/3", score: -1 },
        ],
      }),
    );
    expect(await p.search({ ...REQ, limit: 3 })).toStrictEqual({
      ok: true,
      candidates: [
        {
          url: "https://www.a.example/1",
          title: "A",
          snippet: "x".repeat(400),
          siteName: "a.example",
          score: 1,
        },
        { url: "https://b.example/2", title: "", snippet: "", siteName: "b.example", score: 0.87 },
        { url: "https://c.example/3", title: "", snippet: "", siteName: "c.example", score: 0 },
      ],
    });
  });

  it("reads 432 and 433 as the plan's limit, and names itself in other failures", async () => {
    for (const status of [432, 433])
      expect(await tavily(httpError(status)).p.search(REQ)).toStrictEqual({
        ok: false,
        kind: "quota",
        status,
        message: `t1 (Tavily): the plan's usage limit is reached (HTTP ${status})`,
      });
    expect(await tavily(httpError(429)).p.search(REQ)).toStrictEqual({
      ok: false,
      kind: "rate-limited",
      status: 429,
      message: "t1 (Tavily) answered 429 Too Many Requests",
    });
    expect(await tavily(httpError(403)).p.search(REQ)).toStrictEqual({
      ok: false,
      kind: "refused",
      status: 403,
      message: "t1 (Tavily) refused the request (HTTP 403); check its ApiKey",
    });
    expect(await tavily(unreachable).p.search(REQ)).toStrictEqual({
      ok: false,
      kind: "down",
      message: "t1 (Tavily) is unreachable: connect ECONNREFUSED 127.0.0.1:9",
    });
    expect(await tavily(json("nope")).p.search(REQ)).toStrictEqual({
      ok: false,
      kind: "invalid-response",
      message: "t1 did not answer with JSON",
    });
    expect(await tavily(json({ answer: "x" })).p.search(REQ)).toStrictEqual({
      ok: false,
      kind: "invalid-response",
      message: "t1 (Tavily) answered without results",
    });
  });
});

describe("SearXNG", () => {
  it("GETs format=json below BaseUrl, with no headers of its own", async () => {
    const { p, calls } = searxng(json({ results: [] }));
    expect(await p.search(REQ)).toEqual({ ok: true, candidates: [] });
    expect(calls).toStrictEqual([
      {
        url: "http://searx.test/x/search?q=ramen+Japanese&format=json&categories=general&safesearch=1",
        init: { accept: "application/json", totalTimeoutMs: 3456, headersTimeoutMs: 3456 },
      },
    ]);
    expect(p.type).toBe("searxng");
  });

  it("maps results: trimmed, scores scaled to the best, rank when it has none", async () => {
    const { p } = searxng(
      json({
        results: [
          { url: "https://www.a.example/1", title: " A ", content: " a ", score: 4 },
          { url: "https://b.example/2", score: 1 },
          { url: "https://c.example/3", score: 3 },
        ],
      }),
    );
    expect(await p.search(REQ)).toStrictEqual({
      ok: true,
      candidates: [
        { url: "https://www.a.example/1", title: "A", snippet: "a", siteName: "a.example", score: 1 },
        { url: "https://b.example/2", title: "", snippet: "", siteName: "b.example", score: 0.25 },
      ],
    });
    const unscored = searxng(
      json({ results: [{ url: "https://a.example/1" }, { url: "https://b.example/2" }] }),
    );
    const out = await unscored.p.search(REQ);
    expect(out.ok && out.candidates.map((c) => c.score)).toEqual([1, 0.87]);
  });

  it("says how to enable JSON output on 403, and names itself in other failures", async () => {
    expect(await searxng(httpError(403)).p.search(REQ)).toStrictEqual({
      ok: false,
      kind: "refused",
      status: 403,
      message: `s1 (SearXNG) refused JSON output (HTTP 403): add "json" to search.formats in the instance's settings.yml`,
    });
    expect(await searxng(httpError(401)).p.search(REQ)).toStrictEqual({
      ok: false,
      kind: "refused",
      status: 401,
      message: "s1 (SearXNG) refused the request (HTTP 401); check its ApiKey",
    });
    expect(await searxng(httpError(500)).p.search(REQ)).toStrictEqual({
      ok: false,
      kind: "down",
      status: 500,
      message: "s1 (SearXNG) answered HTTP 500",
    });
    expect(await searxng(json("<html>")).p.search(REQ)).toStrictEqual({
      ok: false,
      kind: "invalid-response",
      message: "s1 did not answer with JSON",
    });
    expect(await searxng(json({ results: "none" })).p.search(REQ)).toStrictEqual({
      ok: false,
      kind: "invalid-response",
      message: "s1 (SearXNG) answered without results",
    });
  });
});
