import type http from "node:http";
import { startFixtureServer, type FixtureServer } from "./fixtureServer.ts";

/** A result as the stubs are told to return it. */
export interface StubHit {
  url: string;
  title: string;
  snippet?: string;
  score?: number;
}

/** What a stub answers next: hits, an HTTP status, or (searxng) JSON output disabled. */
export type StubMode =
  { hits: StubHit[] } | { status: number; body?: string; headers?: Record<string, string> };

/** Requests a stub received. */
export interface StubRequestLog {
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * Loopback stand-ins for search engines, each speaking its real response format:
 * SearXNG `GET /search?format=json`, Brave `GET /res/v1/web/search`, Tavily `POST /search`
 * (on separate servers, since SearXNG and Tavily share the path).
 */
export async function startSearchStub(kind: "searxng" | "brave" | "tavily") {
  let mode: StubMode = { hits: [] };
  const requests: StubRequestLog[] = [];
  const handler = (req: http.IncomingMessage, res: http.ServerResponse) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const u = new URL(req.url ?? "/", "http://stub");
      requests.push({ path: u.pathname, query: u.searchParams, headers: req.headers, body });
      if ("status" in mode) {
        res
          .writeHead(mode.status, { "content-type": "text/html", ...(mode.headers ?? {}) })
          .end(mode.body ?? "");
        return;
      }
      const hits = mode.hits;
      if (kind === "searxng") {
        if (u.searchParams.get("format") !== "json") return void res.writeHead(403).end("Forbidden");
        res.writeHead(200, { "content-type": "application/json" }).end(
          JSON.stringify({
            query: u.searchParams.get("q"),
            number_of_results: 0,
            results: hits.map((h, i) => ({
              url: h.url,
              title: h.title,
              content: h.snippet ?? "",
              engine: "duckduckgo",
              parsed_url: ["https", new URL(h.url).host, new URL(h.url).pathname, "", "", ""],
              template: "default.html",
              engines: ["duckduckgo", "brave"],
              positions: [i + 1],
              score: h.score ?? 2 / (i + 1),
              category: "general",
            })),
            answers: [],
            corrections: [],
            infoboxes: [],
            suggestions: [],
            unresponsive_engines: [],
          }),
        );
      } else if (kind === "brave") {
        if (!req.headers["x-subscription-token"]) return void res.writeHead(401).end("{}");
        res.writeHead(200, { "content-type": "application/json" }).end(
          JSON.stringify({
            type: "search",
            query: { original: u.searchParams.get("q"), more_results_available: false },
            mixed: { type: "mixed", main: [] },
            web: {
              type: "search",
              family_friendly: true,
              results: hits.map((h) => ({
                type: "search_result",
                title: h.title.replace(/ramen/i, "<strong>$&</strong>"),
                url: h.url,
                is_source_local: false,
                description: h.snippet ?? "",
                profile: { name: new URL(h.url).hostname, url: h.url, long_name: new URL(h.url).hostname },
                meta_url: { scheme: "https", netloc: new URL(h.url).host, hostname: new URL(h.url).hostname },
                language: "en",
                family_friendly: true,
              })),
            },
          }),
        );
      } else {
        if (!/^Bearer tvly-/.test(req.headers.authorization ?? "")) return void res.writeHead(401).end("{}");
        const q = JSON.parse(body || "{}") as { query?: string };
        res.writeHead(200, { "content-type": "application/json" }).end(
          JSON.stringify({
            query: q.query,
            follow_up_questions: null,
            answer: null,
            images: [],
            results: hits.map((h, i) => ({
              title: h.title,
              url: h.url,
              content: h.snippet ?? "",
              score: h.score ?? 0.9 - i * 0.1,
              raw_content: null,
            })),
            response_time: 0.42,
          }),
        );
      }
    });
  };
  const server: FixtureServer = await startFixtureServer({});
  for (const p of ["/search", "/res/v1/web/search"]) server.route(p, handler);
  return {
    server,
    url: server.origin,
    requests,
    set(next: StubMode) {
      mode = next;
    },
    close: () => server.close(),
  };
}
