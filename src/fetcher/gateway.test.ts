import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EgressGateway, type GatewayOptions } from "./gateway.ts";
import type { Resolver } from "./policy.ts";

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;
let server: http.Server;
let port: number;
const routes = new Map<string, Handler>();
const hits = new Map<string, number[]>();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const key = `${req.headers.host?.split(":")[0]}${req.url}`;
    hits.set(key, [...(hits.get(key) ?? []), Date.now()]);
    const h = routes.get(key) ?? routes.get(`*${req.url}`);
    if (h) return h(req, res);
    res.writeHead(404).end("not found");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

// Every test host is a name resolved by this stub to loopback; nothing leaves the machine.
const resolver: Resolver = async (host) =>
  host.endsWith(".test") ? ["127.0.0.1"] : Promise.reject(new Error("no"));
const url = (host: string, path: string) => `http://${host}.test:${port}${path}`;
const route = (host: string, path: string, h: Handler) => routes.set(`${host}.test${path}`, h);
const html =
  (body: string, headers: Record<string, string> = {}, status = 200): Handler =>
  (_q, s) =>
    s.writeHead(status, { "content-type": "text/html; charset=utf-8", ...headers }).end(body);
const PAGE = `<html><head><title>Soup</title></head><body><article>${"<p>A long and honest recipe page about soup. </p>".repeat(60)}</article></body></html>`;

function gateway(o: Partial<GatewayOptions> = {}, clock?: { t: number }) {
  return new EgressGateway({
    userAgent: "LadleBot/0.1 (+https://ladle.test/bot)",
    maxBytes: 5 * 1024 * 1024,
    maxRedirects: 5,
    connectTimeoutMs: 1000,
    headersTimeoutMs: 1000,
    bodyTimeoutMs: 1000,
    totalTimeoutMs: 3000,
    policy: { allowPrivateHosts: ["127.0.0.1"] },
    resolver,
    respectRobotsTxt: true,
    robotsTtlMs: 3_600_000,
    maxCrawlDelayMs: 30_000,
    allowDomains: [],
    denyDomains: [],
    limits: {
      globalConcurrency: 8,
      perDomainConcurrency: 2,
      perDomainIntervalCap: 5,
      perDomainIntervalMs: 0,
    },
    breaker: { failureThreshold: 3, failureWindowMs: 600_000, blockDurationMs: 1_800_000 },
    maxRetries: 2,
    retryBaseDelayMs: 20,
    retryAfterCapMs: 5000,
    ...(clock ? { now: () => clock.t } : {}),
    ...o,
  });
}

describe("robots.txt", () => {
  it("refuses disallowed paths for our token, caches robots.txt, allows the rest", async () => {
    route(
      "robots1",
      "/robots.txt",
      html("User-agent: LadleBot\nDisallow: /private\n\nUser-agent: *\nDisallow: /", {
        "content-type": "text/plain",
      }),
    );
    route("robots1", "/private/r", html(PAGE));
    route("robots1", "/public/r", html(PAGE));
    const g = gateway();
    expect(await g.fetch(url("robots1", "/private/r"))).toMatchObject({
      ok: false,
      code: "ROBOTS_DISALLOWED",
    });
    expect(await g.fetch(url("robots1", "/public/r"))).toMatchObject({ ok: true });
    expect(hits.get("robots1.test/private/r")).toBeUndefined();
    expect(hits.get("robots1.test/robots.txt")).toHaveLength(1);
  });

  it("resolves a page's host once: fetchPage connects to the addresses the robots.txt check vetted", async () => {
    route("onelookup", "/a", html(PAGE));
    route("onelookup", "/b", html(PAGE));
    const looked: string[] = [];
    const counting: Resolver = async (host) => {
      looked.push(host);
      return resolver(host);
    };
    const g = gateway({ resolver: counting });
    expect(await g.fetch(url("onelookup", "/a"))).toMatchObject({ ok: true });
    // robots.txt is cached now: the second page costs one check of its own.
    looked.length = 0;
    expect(await g.fetch(url("onelookup", "/b"))).toMatchObject({ ok: true });
    expect(looked).toEqual(["onelookup.test"]);
  });

  it("honours Crawl-delay between requests to the same host, counted from the first one's answer", async () => {
    route(
      "slowbot",
      "/robots.txt",
      html("User-agent: *\nCrawl-delay: 1\n", { "content-type": "text/plain" }),
    );
    route("slowbot", "/a", html(PAGE));
    const g = gateway();
    await Promise.all([g.fetch(url("slowbot", "/a")), g.fetch(url("slowbot", "/a"))]);
    const [first, second] = hits.get("slowbot.test/a")!;
    // The site sees the whole delay however late the first request reached it (a timer may fire
    // a millisecond early).
    expect(second! - first!).toBeGreaterThanOrEqual(995);
  });

  it("treats a missing robots.txt as allow-all and an erroring one as the site not answering (RFC 9309: no fetch)", async () => {
    route("norobots", "/r", html(PAGE));
    expect(await gateway().fetch(url("norobots", "/r"))).toMatchObject({ ok: true });
    route("badrobots", "/robots.txt", html("oops", {}, 503));
    route("badrobots", "/r", html(PAGE));
    expect(await gateway({ maxRetries: 0 }).fetch(url("badrobots", "/r"))).toMatchObject({
      ok: false,
      code: "CONNECTION_FAILED",
      reason: expect.stringMatching(/is not answering/),
    });
    expect(await gateway({ respectRobotsTxt: false }).fetch(url("badrobots", "/r"))).toMatchObject({
      ok: true,
    });
  });
});

describe("retries", () => {
  it("waits for Retry-After on 429, then succeeds", async () => {
    let n = 0;
    route("busy", "/r", (q, s) =>
      n++ === 0 ? html("slow down", { "retry-after": "1" }, 429)(q, s) : html(PAGE)(q, s),
    );
    const r = await gateway().fetch(url("busy", "/r"));
    expect(r).toMatchObject({ ok: true, attempts: 2 });
    const [a, b] = hits.get("busy.test/r")!;
    expect(b! - a!).toBeGreaterThanOrEqual(900);
  });

  it("does not wait for a Retry-After beyond the cap", async () => {
    route("verybusy", "/r", html("later", { "retry-after": "3600" }, 429));
    const r = await gateway().fetch(url("verybusy", "/r"));
    expect(r).toMatchObject({
      ok: false,
      code: "HTTP_ERROR",
      status: 429,
      attempts: 1,
      details: { retryAfterSeconds: 3600 },
    });
  });

  it("retries a 503 and succeeds; gives up after 2 retries on a 500", async () => {
    let n = 0;
    route("flaky", "/r", (q, s) => (n++ === 0 ? html("down", {}, 503)(q, s) : html(PAGE)(q, s)));
    expect(await gateway().fetch(url("flaky", "/r"))).toMatchObject({ ok: true, attempts: 2 });
    route("broken", "/r", html("error", {}, 500));
    const r = await gateway().fetch(url("broken", "/r"));
    expect(r).toMatchObject({ ok: false, code: "HTTP_ERROR", status: 500, attempts: 3 });
  });

  it("does not retry other 4xx", async () => {
    route("gone", "/r", html("no", {}, 404));
    expect(await gateway().fetch(url("gone", "/r"))).toMatchObject({ ok: false, status: 404, attempts: 1 });
    expect(hits.get("gone.test/r")).toHaveLength(1);
  });
});

describe("circuit breaker", () => {
  it("opens after the threshold, refuses without connecting, closes after the block", async () => {
    const clock = { t: Date.now() };
    const g = gateway({ maxRetries: 0 }, clock);
    route("down", "/r", html("err", {}, 502));
    for (let i = 0; i < 3; i++)
      expect(await g.fetch(url("down", "/r"))).toMatchObject({ code: "HTTP_ERROR" });
    const before = hits.get("down.test/r")!.length;
    const open = await g.fetch(url("down", "/r"));
    expect(open).toMatchObject({ ok: false, code: "CIRCUIT_OPEN" });
    expect(hits.get("down.test/r")).toHaveLength(before);
    expect(await g.circuits()).toContainEqual(
      expect.objectContaining({ domain: "down.test", state: "open" }),
    );
    clock.t += 31 * 60_000;
    route("down", "/r", html(PAGE));
    expect(await g.fetch(url("down", "/r"))).toMatchObject({ ok: true });
    expect((await g.circuits()).find((c) => c.domain === "down.test")).toBeUndefined();
  });

  it("does not count a 404 against the domain", async () => {
    const g = gateway({ maxRetries: 0 });
    for (let i = 0; i < 4; i++) await g.fetch(url("gone", "/r"));
    expect(await g.breaker.blockedFor("gone.test")).toBe(0);
  });
});

describe("walls are blocked, not empty", () => {
  it.each([
    [
      "a Cloudflare challenge (403)",
      html(
        "<html><head><title>Just a moment...</title></head><body>Checking your browser</body></html>",
        { server: "cloudflare", "cf-ray": "abc" },
        403,
      ),
      "cloudflare-challenge",
    ],
    [
      "a challenge served with 200 and cf-mitigated",
      html("<html><body>wait</body></html>", { "cf-mitigated": "challenge" }),
      "cloudflare-challenge",
    ],
    [
      "a captcha page",
      html(
        '<html><body><div class="g-recaptcha" data-sitekey="x"></div>Please verify you are a human</body></html>',
      ),
      "captcha",
    ],
    [
      "a DataDome block",
      html(
        "<html><body><script src='https://ct.captcha-delivery.com/c.js'></script></body></html>",
        { "x-datadome": "protected" },
        403,
      ),
      "captcha",
    ],
    ["a login wall (401)", html("<html><body>Members only</body></html>", {}, 401), "login-wall"],
    [
      "a login form on a thin page",
      html('<html><body><h1>Sign in</h1><form><input type="password"></form></body></html>'),
      "login-wall",
    ],
    [
      "a cookie wall",
      html("<html><body><h1>We value your privacy</h1><button>Accept all cookies</button></body></html>"),
      "consent-wall",
    ],
  ])("recognises %s with evidence", async (_name, handler, kind) => {
    const host = `wall${Math.random().toString(36).slice(2, 8)}`;
    route(host, "/r", handler);
    const r = await gateway({ maxRetries: 0 }).fetch(url(host, "/r"));
    expect(r).toMatchObject({ ok: false, code: "BLOCKED", details: { evidence: { kind } } });
    const ev = (r as any).details.evidence as { snippet: string };
    expect(typeof ev.snippet).toBe("string");
  });

  it("does not mistake a real page with a comment-form captcha for a wall", async () => {
    route("realpage", "/r", html(PAGE.replace("</article>", '</article><div class="g-recaptcha"></div>')));
    expect(await gateway().fetch(url("realpage", "/r"))).toMatchObject({ ok: true });
    // The captcha's script at the end of a head of 15 KB of scripts: the first 16 KB hold little text,
    // the recipe comes after them.
    const head = `<head><script>${"var a=1;".repeat(1900)}</script><script src="https://www.google.com/recaptcha/api.js"></script><div class="g-recaptcha"></div></head>`;
    route(
      "bighead",
      "/r",
      html(PAGE.replace("<head>", head).replace(/<head><title>Soup<\/title><\/head>/, head)),
    );
    expect(await gateway().fetch(url("bighead", "/r"))).toMatchObject({ ok: true });
    // A wall stays a wall, however long its scripts.
    route("bigwall", "/r", html(`<html>${head}<body>Please verify you are a human</body></html>`));
    expect(await gateway({ maxRetries: 0 }).fetch(url("bigwall", "/r"))).toMatchObject({
      ok: false,
      code: "BLOCKED",
      details: { evidence: { kind: "captcha" } },
    });
  });
});

describe("limits and kinds", () => {
  it("refuses a 50 MB body at the 5 MB cap", async () => {
    route("huge", "/r", (_q, s) => {
      s.writeHead(200, { "content-type": "text/html" });
      const chunk = Buffer.alloc(1024 * 1024, 0x61);
      let sent = 0;
      const pump = () => {
        while (sent < 50) {
          sent++;
          if (!s.write(chunk)) return void s.once("drain", pump);
        }
        s.end();
      };
      pump();
    });
    expect(await gateway({ maxRetries: 0 }).fetch(url("huge", "/r"))).toMatchObject({
      ok: false,
      code: "TOO_LARGE",
    });
  });

  it("stops a slow-loris body at the total time limit", async () => {
    route("loris", "/r", (_q, s) => {
      s.writeHead(200, { "content-type": "text/html" });
      const t = setInterval(() => (s.writable ? s.write("a") : clearInterval(t)), 200);
      s.on("close", () => clearInterval(t));
    });
    const r = await gateway({ maxRetries: 0, totalTimeoutMs: 1200 }).fetch(url("loris", "/r"));
    expect(r).toMatchObject({ ok: false, code: "TIMEOUT" });
  });

  it("classifies PDF, EPUB and other content", async () => {
    route("docs", "/a.pdf", html("%PDF-1.7 ...", { "content-type": "application/pdf" }));
    route("docs", "/b.epub", html("PK..", { "content-type": "application/epub+zip" }));
    route("docs", "/c.png", html("\x89PNG", { "content-type": "image/png" }));
    route("docs", "/d", (_q, s) => s.writeHead(200).end("<!doctype html><html><body>x</body></html>"));
    const g = gateway();
    expect(await g.fetch(url("docs", "/a.pdf"))).toMatchObject({ ok: true, kind: "pdf" });
    expect(await g.fetch(url("docs", "/b.epub"))).toMatchObject({ ok: true, kind: "epub" });
    expect(await g.fetch(url("docs", "/c.png"))).toMatchObject({ ok: true, kind: "other" });
    expect(await g.fetch(url("docs", "/d"))).toMatchObject({ ok: true, kind: "html" });
  });

  it("applies the operator's allow and deny lists", async () => {
    route("listed", "/r", html(PAGE));
    route("sub.listed", "/r", html(PAGE));
    expect(await gateway({ denyDomains: ["listed.test"] }).fetch(url("sub.listed", "/r"))).toMatchObject({
      code: "DOMAIN_DENIED",
    });
    expect(await gateway({ allowDomains: ["other.test"] }).fetch(url("listed", "/r"))).toMatchObject({
      code: "DOMAIN_DENIED",
    });
    expect(await gateway({ allowDomains: ["listed.test"] }).fetch(url("sub.listed", "/r"))).toMatchObject({
      ok: true,
    });
  });

  it("reports a refused address as such, before robots.txt", async () => {
    const g = gateway({ policy: { allowPrivateHosts: [] } });
    expect(await g.fetch(url("private", "/r"))).toMatchObject({ ok: false, code: "ADDRESS_NOT_ALLOWED" });
    expect(hits.get("private.test/robots.txt")).toBeUndefined();
  });
});

describe("operator-configured endpoints", () => {
  it("reaches a private endpoint because configuration names it, not because checks are skipped", async () => {
    route("llm", "/v1/models", (_q, s) => s.writeHead(200, { "content-type": "application/json" }).end("{}"));
    const g = gateway({ policy: { allowPrivateHosts: [] }, endpointHosts: ["llm.test"] });
    expect(await g.fetch(url("llm", "/v1/models"), { purpose: "endpoint" })).toMatchObject({ ok: true });
    // The same host as a page, or an endpoint nobody configured, stays refused.
    expect(await g.fetch(url("llm", "/v1/models"))).toMatchObject({ ok: false, code: "ADDRESS_NOT_ALLOWED" });
    expect(await g.fetch(url("other", "/v1/models"), { purpose: "endpoint" })).toMatchObject({
      ok: false,
      code: "ADDRESS_NOT_ALLOWED",
    });
  });
});
