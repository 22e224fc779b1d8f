import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFixtureServer, type FixtureServer } from "../../test/helpers/fixtureServer.ts";
import { openTestDatabase, type TestDatabase } from "../../test/helpers/testDb.ts";
import { PANCAKES_HTML, startTestLadle } from "../../test/helpers/testLadle.ts";
import { createTestUser } from "../../test/helpers/users.ts";
import { CircuitBreakersRepo } from "../storage/circuitBreakers.repo.ts";
import { MemoryBreakerStore, type BreakerStore } from "./circuitBreaker.ts";
import { EgressGateway, type GatewayOptions } from "./gateway.ts";
import { siteHealth } from "../domain/outcomes.ts";
import type { Resolver } from "./policy.ts";

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;
let server: http.Server;
let port: number;
/** A port nothing listens on: connections to it are refused. */
let deadPort: number;
const routes = new Map<string, Handler>();
const hits = new Map<string, number>();
const held: http.ServerResponse[] = [];
let db: TestDatabase;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const key = `${req.headers.host?.split(":")[0]}${req.url}`;
    hits.set(key, (hits.get(key) ?? 0) + 1);
    const h = routes.get(key);
    if (h) return h(req, res);
    res.writeHead(404).end("not found");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as AddressInfo).port;
  const dead = http.createServer();
  await new Promise<void>((r) => dead.listen(0, "127.0.0.1", r));
  deadPort = (dead.address() as AddressInfo).port;
  await new Promise((r) => dead.close(r));
  db = await openTestDatabase();
});
afterAll(async () => {
  for (const r of held.splice(0)) r.destroy();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await db?.close();
});

// Every test host is a name resolved by this stub to loopback; nothing leaves the machine.
const resolver: Resolver = async (host) =>
  host.endsWith(".test") ? ["127.0.0.1"] : Promise.reject(new Error("no"));
const url = (host: string, path: string, p = port) => `http://${host}.test:${p}${path}`;
const status =
  (code: number, body = "<html><body>hello</body></html>"): Handler =>
  (_q, s) =>
    s.writeHead(code, { "content-type": "text/html; charset=utf-8" }).end(body);
const route = (host: string, path: string, h: Handler) => routes.set(`${host}.test${path}`, h);

const PROBE_AFTER = 30_000;

function gateway(store: BreakerStore, clock: { t: number }, o: Partial<GatewayOptions> = {}) {
  return new EgressGateway({
    userAgent: "LadleBot/0.1 (+https://ladle.test/bot)",
    maxBytes: 5 * 1024 * 1024,
    maxRedirects: 5,
    // Generous: a loopback answer on a loaded CI host can take seconds, and only a stall may time out.
    connectTimeoutMs: 10_000,
    headersTimeoutMs: 10_000,
    bodyTimeoutMs: 10_000,
    totalTimeoutMs: 30_000,
    policy: { allowPrivateHosts: ["127.0.0.1"] },
    resolver,
    respectRobotsTxt: false,
    robotsTtlMs: 3_600_000,
    maxCrawlDelayMs: 30_000,
    allowDomains: [],
    denyDomains: [],
    limits: {
      globalConcurrency: 8,
      perDomainConcurrency: 8,
      perDomainIntervalCap: 100,
      perDomainIntervalMs: 0,
    },
    breaker: {
      failureThreshold: 5,
      failureWindowMs: 600_000,
      blockDurationMs: 1_800_000,
      probeAfterMs: PROBE_AFTER,
    },
    breakerStore: store,
    maxRetries: 0,
    retryBaseDelayMs: 20,
    retryAfterCapMs: 5000,
    now: () => clock.t,
    ...o,
  });
}

describe("what counts against a site", () => {
  it.each([
    [{ ok: true }, "up"],
    [{ ok: false, code: "HTTP_ERROR", status: 404 }, "up"],
    [{ ok: false, code: "HTTP_ERROR", status: 410 }, "up"],
    [{ ok: false, code: "HTTP_ERROR", status: 403 }, "down"],
    [{ ok: false, code: "HTTP_ERROR", status: 401 }, "up"],
    [{ ok: false, code: "HTTP_ERROR", status: 500 }, "down"],
    [{ ok: false, code: "HTTP_ERROR", status: 503 }, "down"],
    [{ ok: false, code: "HTTP_ERROR", status: 429 }, "down"],
    [{ ok: false, code: "TIMEOUT" }, "down"],
    [{ ok: false, code: "CONNECTION_FAILED" }, "down"],
    [{ ok: false, code: "BLOCKED", status: 503 }, "down"],
    [{ ok: false, code: "BLOCKED", status: 403 }, "down"],
    [{ ok: false, code: "BLOCKED", status: 200, details: { evidence: { kind: "captcha" } } }, "down"],
    [
      { ok: false, code: "BLOCKED", status: 200, details: { evidence: { kind: "cloudflare-challenge" } } },
      "down",
    ],
    [{ ok: false, code: "BLOCKED", status: 401, details: { evidence: { kind: "login-wall" } } }, "unknown"],
    [{ ok: false, code: "BLOCKED", status: 200, details: { evidence: { kind: "consent-wall" } } }, "unknown"],
    [{ ok: false, code: "ROBOTS_DISALLOWED" }, "unknown"],
    [{ ok: false, code: "ADDRESS_NOT_ALLOWED" }, "unknown"],
    [{ ok: false, code: "DNS_FAILED" }, "unknown"],
  ] as const)("%o → %s", (outcome, health) => {
    expect(siteHealth(outcome)).toBe(health);
  });
});

describe.each([
  ["in the database", () => new CircuitBreakersRepo(db.db)],
  ["in memory", () => new MemoryBreakerStore()],
])("circuit breaker %s", (_where, store) => {
  it("does not count a page's 404 or 410: twelve of them leave the site open for the next request", async () => {
    const clock = { t: Date.now() };
    const g = gateway(store(), clock);
    route("pages", "/ok", status(200));
    route("pages", "/gone", status(410));
    route("pages", "/private", status(403));
    for (let i = 0; i < 12; i++)
      expect(await g.fetch(url("pages", `/missing-${i}`))).toMatchObject({ ok: false, status: 404 });
    expect(await g.fetch(url("pages", "/gone"))).toMatchObject({ ok: false, status: 410 });
    expect(await g.fetch(url("pages", "/private"))).toMatchObject({ ok: false, status: 403 });
    expect(await g.breaker.blockedFor("pages.test")).toBe(0);
    expect(await g.fetch(url("pages", "/ok"))).toMatchObject({ ok: true });
  });

  it("counts 5xx, 429, timeouts and refused connections; a page's answer resets the count", async () => {
    const clock = { t: Date.now() };
    const s = store();
    const g = gateway(s, clock);
    // The same site's count, with a short wait for the one request that stalls.
    const impatient = gateway(s, clock, { headersTimeoutMs: 300, bodyTimeoutMs: 300, totalTimeoutMs: 3000 });
    route("flaky", "/503", status(503));
    route("flaky", "/429", status(429));
    route("flaky", "/404", status(404));
    route("flaky", "/stall", (_q, res) => void held.push(res));
    for (let i = 0; i < 3; i++) await g.fetch(url("flaky", "/503"));
    await g.fetch(url("flaky", "/429"));
    // The site answered a page: its health is fine, the count starts over.
    await g.fetch(url("flaky", "/404"));
    for (let i = 0; i < 4; i++) await g.fetch(url("flaky", "/503"));
    expect(await g.breaker.blockedFor("flaky.test")).toBe(0);
    // A timeout is one failure: the fifth.
    expect(await impatient.fetch(url("flaky", "/stall"))).toMatchObject({ code: "TIMEOUT" });
    const before = hits.get("flaky.test/503")!;
    expect(await g.fetch(url("flaky", "/503"))).toMatchObject({ ok: false, code: "CIRCUIT_OPEN" });
    expect(hits.get("flaky.test/503")).toBe(before);

    const down = gateway(store(), clock);
    for (let i = 0; i < 5; i++)
      expect(await down.fetch(url("down", "/r", deadPort))).toMatchObject({ code: "CONNECTION_FAILED" });
    expect(await down.fetch(url("down", "/r", deadPort))).toMatchObject({ code: "CIRCUIT_OPEN" });
  });

  it("lets one probe through after a short pause; a failed probe pauses twice as long, an answer closes", async () => {
    const clock = { t: Date.now() };
    const s = store();
    const g = gateway(s, clock);
    let answer = 503;
    let reached = 0;
    route("probe", "/r", (_q, res) => {
      reached++;
      status(answer)(_q, res);
    });
    for (let i = 0; i < 5; i++) await g.fetch(url("probe", "/r"));
    expect(reached).toBe(5);
    const first = await g.fetch(url("probe", "/r"));
    expect(first).toMatchObject({ code: "CIRCUIT_OPEN", details: { retryAfterSeconds: PROBE_AFTER / 1000 } });
    expect((await g.circuits()).find((c) => c.domain === "probe.test")?.state).toBe("open");

    // The pause is over: of two requests at once, one probes the site, the other waits.
    clock.t += PROBE_AFTER + 1000;
    expect((await g.circuits()).find((c) => c.domain === "probe.test")?.state).toBe("half-open");
    const [a, b] = await Promise.all([g.fetch(url("probe", "/r")), g.fetch(url("probe", "/r"))]);
    expect(reached).toBe(6);
    expect([a, b].map((r) => (r.ok ? "ok" : r.code)).sort()).toEqual(["CIRCUIT_OPEN", "HTTP_ERROR"]);
    // The probe failed: paused again, for twice as long.
    expect(await g.breaker.blockedFor("probe.test")).toBe(2 * PROBE_AFTER);
    clock.t += PROBE_AFTER + 1000;
    expect(await g.fetch(url("probe", "/r"))).toMatchObject({ code: "CIRCUIT_OPEN" });
    expect(reached).toBe(6);

    // The site is back: the next probe closes the circuit, and every request goes again.
    answer = 200;
    clock.t += PROBE_AFTER + 1000;
    expect(await g.fetch(url("probe", "/r"))).toMatchObject({ ok: true });
    clock.t += 1000;
    expect(await g.fetch(url("probe", "/r"))).toMatchObject({ ok: true });
    expect(reached).toBe(8);
    expect((await g.circuits()).find((c) => c.domain === "probe.test")).toBeUndefined();
  });
});

describe("half-open across processes", () => {
  it("lets exactly one process probe, and a probe that learned nothing lets another go", async () => {
    const clock = { t: Date.now() };
    // Two processes: each its own gateway and its own view of the table.
    const one = gateway(new CircuitBreakersRepo(db.db), clock);
    const two = gateway(new CircuitBreakersRepo(db.db), clock);
    for (let i = 0; i < 5; i++) await one.breaker.recordFailure("shared.test", "HTTP_503");
    clock.t += 1000;
    expect(await two.breaker.blockedFor("shared.test")).toBeGreaterThan(0);
    clock.t += PROBE_AFTER;
    const admissions = await Promise.all([
      one.breaker.admit("shared.test"),
      two.breaker.admit("shared.test"),
      two.breaker.admit("shared.test"),
    ]);
    expect(admissions.filter((a) => a.ok)).toEqual([{ ok: true, probe: true }]);
    // The probe ended without an answer about the site (say, refused by robots.txt): another may probe.
    await one.breaker.releaseProbe("shared.test");
    expect(await two.breaker.admit("shared.test")).toEqual({ ok: true, probe: true });
    // A probe whose process died: its lease lapses and another request probes.
    clock.t += 120_000;
    expect(await one.breaker.admit("shared.test")).toEqual({ ok: true, probe: true });
  });
});

describe("one user's broken links", () => {
  let site: FixtureServer;
  beforeAll(async () => {
    site = await startFixtureServer({
      "/pancakes": { body: PANCAKES_HTML },
      // Pages that refuse: the answer of each page, not the site's health.
      "/members": { status: 401, body: "sign in" },
      "/private": { status: 403, body: "forbidden" },
      "/bad": { status: 400, body: "bad request" },
      "/post-only": { status: 405, body: "method not allowed" },
      "/legal": { status: 451, body: "unavailable for legal reasons" },
    });
  });
  afterAll(async () => site?.close());

  it("twelve imports of missing pages (and five refused ones) by one user leave the site open for another user's import", async () => {
    const t = await startTestLadle();
    try {
      const ann = await createTestUser(t, { name: "ann" });
      const bob = await createTestUser(t, { name: "bob" });
      const submit = async (who: typeof ann, path: string) => {
        const r = await t.json(
          "POST",
          "/api/tasks",
          { agentType: "Ingest", payload: { mode: "Url", url: `${site.origin}${path}` } },
          who.headers,
        );
        expect(r.status).toBe(202);
        return r.body.taskId as string;
      };
      const final = async (who: typeof ann, id: string) => {
        for (;;) {
          const r = await t.json("GET", `/api/tasks/${id}`, undefined, who.headers);
          if (!["Pending", "Running"].includes(r.body.status)) return r.body;
          await new Promise((res) => setTimeout(res, 25));
        }
      };
      const missing = await Promise.all(Array.from({ length: 12 }, (_, i) => submit(ann, `/missing-${i}`)));
      const refused = await Promise.all(
        ["/members", "/private", "/bad", "/post-only", "/legal"].map((p) => submit(ann, p)),
      );
      for (const id of missing)
        expect(await final(ann, id)).toMatchObject({ status: "Failed", error: { code: "FETCH_HTTP_ERROR" } });
      // Refused by the page (the 401 reads as a login wall), never by a paused site.
      for (const id of refused) {
        const r = await final(ann, id);
        expect(r.status).toBe("Failed");
        expect(["FETCH_HTTP_ERROR", "FETCH_BLOCKED"]).toContain(r.error.code);
      }
      const bobs = await final(bob, await submit(bob, "/pancakes"));
      expect(bobs.status).toBe("ReviewReady");
      expect((await t.ladle.gateway.circuits()).filter((c) => c.state !== "closed")).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
