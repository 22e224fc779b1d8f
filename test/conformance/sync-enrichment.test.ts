/**
 * Conformance: sync-enrichment.md (`../shared/spec/sync-enrichment.md`), through `/api/v1/items`.
 * Each test names the section whose clause it checks. The API-only process runs no async job, so
 * what a create answers is the synchronous enrichment alone.
 */
import { existsSync } from "node:fs";
import type http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { startFixtureServer, type FixtureServer } from "../helpers/fixtureServer.ts";
import { readSse } from "../helpers/readSse.ts";
import { loadPageReader, startTestLadle, type TestLadle } from "../helpers/testLadle.ts";
import { createTestUser, type TestUser } from "../helpers/users.ts";

let t: TestLadle;
let site: FixtureServer;
/** An origin whose robots.txt never answers: only the master budget can end a request to it. */
let hanging: FixtureServer;
let ann: TestUser;
let ben: TestUser;

const page = (head: string) =>
  `<!doctype html><html><head><meta charset="utf-8">${head}</head><body><p>Words.</p></body></html>`;

beforeAll(async () => {
  await loadPageReader();
  site = await startFixtureServer({
    "/all": {
      body: page(
        `<title>All three</title><meta property="og:description" content="An excerpt."><meta property="og:image" content="/img/a.jpg">`,
      ),
    },
    "/no-image": { body: page(`<title>No image</title><meta name="description" content="An excerpt.">`) },
    "/no-excerpt": { body: page(`<title>No excerpt</title><meta property="og:image" content="/img/b.jpg">`) },
    "/title-only": { body: page(`<title>Title only</title>`) },
    "/nothing": { body: page(``) },
    // Never answers: only the HTML fetch budget ends the wait.
    "/never": () => {},
    // A page over the 5 MB cap, and one just under it.
    "/huge": { body: page(`<title>Huge</title>`).replace("<p>", `<p>${"x".repeat(5 * 1024 * 1024 + 10)}`) },
    "/big": { body: page(`<title>Big</title>`).replace("<p>", `<p>${"x".repeat(4 * 1024 * 1024)}`) },
  });
  hanging = await startFixtureServer({ "/robots.txt": () => {} });
  t = await startTestLadle({ worker: false });
  ann = await createTestUser(t, { name: "ann" });
  ben = await createTestUser(t, { name: "ben" });
});
afterAll(async () => {
  await t?.close();
  await site?.close();
  await hanging?.close();
});

const create = (body: unknown, u = ann) => t.json("POST", "/api/v1/items", body, u.headers);

describe("sync enrichment service design", () => {
  it("partial success mapping: title/excerpt/image found → enrichmentStatus as the table says", async () => {
    const rows: [string, string][] = [
      ["/all", "succeeded"],
      ["/no-image", "pending"],
      ["/no-excerpt", "succeeded"],
      ["/title-only", "pending"],
      ["/nothing", "pending"],
    ];
    for (const [path, status] of rows) {
      const r = await create({ url: site.origin + path });
      expect([path, r.status, r.body.enrichmentStatus]).toEqual([path, 201, status]);
    }
  });

  it("(FR-008): a title or excerpt the user gives wins over the page's", async () => {
    const r = await create({ url: `${site.origin}/all?mine`, title: "My title", excerpt: "My words" });
    expect(r.body).toMatchObject({ title: "My title", excerpt: "My words", enrichmentStatus: "succeeded" });
  });

  it("the preview image URL is stored as the page gives it (made absolute), not downloaded in the request", async () => {
    const r = await create({ url: `${site.origin}/all?image` });
    expect(r.body.previewImageUrl).toBe(`${site.origin}/img/a.jpg`);
    expect(site.hits.get("/img/a.jpg") ?? 0).toBe(0);
  });
});

describe("ownership-safe write-back", () => {
  it("another user's item does not exist for them (404 ITEM_NOT_FOUND), on read and on re-enrichment", async () => {
    const r = await create({ url: `${site.origin}/all?owned` });
    const read = await t.json("GET", `/api/v1/items/${r.body.id}`, undefined, ben.headers);
    expect(read).toMatchObject({ status: 404, body: { code: "ITEM_NOT_FOUND" } });
    const enrich = await t.json("POST", `/api/v1/items/${r.body.id}/enrich`, undefined, ben.headers);
    expect(enrich).toMatchObject({ status: 404, body: { code: "ITEM_NOT_FOUND" } });
  });
});

describe("re-enrichment, as an event stream (spec README: the families that poll)", () => {
  it("README: GET /api/v1/items/{id}/events streams ingest.progress from pending until the status is final", async () => {
    site.route("/later", { body: page(`<title>Later</title>`) });
    const r = await create({ url: `${site.origin}/later` });
    expect(r.body.enrichmentStatus).toBe("pending");
    const res = await t.app.request(`/api/v1/items/${r.body.id}/events`, { headers: ann.headers });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/event-stream/);
    // The page gains a preview image; re-enrichment finds it once the stream has said "pending".
    site.route("/later", {
      body: page(`<title>Later</title><meta property="og:image" content="/img/l.jpg">`),
    });
    const events = await readSse(res, undefined, (e) => {
      if (e.data.enrichmentStatus === "pending")
        void t.json("POST", `/api/v1/items/${r.body.id}/enrich`, undefined, ann.headers);
    });
    expect(events.every((e) => e.event === "ingest.progress")).toBe(true);
    expect(events[0]!.data).toMatchObject({ itemId: r.body.id, enrichmentStatus: "pending" });
    expect(events.at(-1)!.data).toMatchObject({
      itemId: r.body.id,
      enrichmentStatus: "succeeded",
      progress: 100,
    });
  });

  it("another user's bookmark has no event stream for them (404 ITEM_NOT_FOUND)", async () => {
    const r = await create({ url: `${site.origin}/all?events` });
    const denied = await t.json("GET", `/api/v1/items/${r.body.id}/events`, undefined, ben.headers);
    expect(denied).toMatchObject({ status: 404, body: { code: "ITEM_NOT_FOUND" } });
    const events = await readSse(
      await t.app.request(`/api/v1/items/${r.body.id}/events`, { headers: ann.headers }),
    );
    expect(events.map((e) => [e.event, e.data.enrichmentStatus])).toEqual([["ingest.progress", "succeeded"]]);
  });
});

describe("timeout composition, memory management", () => {
  it("the budgets are 4000 ms (master) and 3000 ms (HTML fetch) unless configured", () => {
    const c = loadConfig({ env: {}, file: null, overrides: {} });
    expect([c.Enrichment.SyncBudgetMs, c.Enrichment.HtmlFetchBudgetMs]).toEqual([4000, 3000]);
  });

  it("a page that does not arrive within the 3 s HTML budget → the item is saved pending (async fallback), with why", async () => {
    const r = await create({ url: `${site.origin}/never`, title: "Saved anyway" });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      title: "Saved anyway",
      enrichmentStatus: "pending",
      previewImageUrl: null,
    });
    expect(r.body.enrichmentError).toMatch(/within 3000 ms/);
  });

  it("when something before the page hangs, the 4 s master budget ends enrichment → pending", async () => {
    const r = await create({ url: `${hanging.origin}/page` });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ enrichmentStatus: "pending" });
    expect(r.body.enrichmentError).toMatch(/within 4000 ms/);
  });

  it("the HTML fetch stops at 5 MB: a larger page gives no metadata (pending, with why); a smaller one is read", async () => {
    const huge = await create({ url: `${site.origin}/huge` });
    expect(huge.body).toMatchObject({ title: null, enrichmentStatus: "pending" });
    expect(huge.body.enrichmentError).toBeTruthy();
    const big = await create({ url: `${site.origin}/big` });
    expect(big.body).toMatchObject({ title: "Big", enrichmentError: null });
  });
});

const hasBrowser = existsSync("/usr/bin/chromium");

describe("async worker narrowing, screenshot fallback, re-enrichment (with the worker)", () => {
  let w: TestLadle;
  let pages: FixtureServer;
  let zoe: TestUser;
  /** Requests for a path that did not come from the browser (the gateway's HTML fetches). */
  const htmlFetches = new Map<string, number>();
  const serve = (html: string) => (req: http.IncomingMessage, res: http.ServerResponse) => {
    const path = (req.url ?? "/").split("?")[0]!;
    // The browser asks like a browser (it says it prefers https); the gateway's HTML fetch does not.
    if (!req.headers["upgrade-insecure-requests"]) htmlFetches.set(path, (htmlFetches.get(path) ?? 0) + 1);
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html);
  };
  const settled = async (id: string) => {
    let item: any;
    await expect
      .poll(
        async () => {
          item = (await w.json("GET", `/api/v1/items/${id}`, undefined, zoe.headers)).body;
          return item.enrichmentStatus;
        },
        { timeout: 150_000, interval: 50 },
      )
      .not.toBe("pending");
    return item;
  };

  beforeAll(async () => {
    pages = await startFixtureServer({
      "/described": serve(page(`<title>Described</title><meta name="description" content="Words.">`)),
      "/bare": serve(page(`<title>Bare</title>`)),
      "/re": serve(page(`<title>Before</title>`)),
    });
    w = await startTestLadle({
      config: {
        Fetch: { MaxRetries: 0, AllowPrivateHosts: ["127.0.0.1"], PerDomainIntervalMs: 0 },
        Ingest: { CircuitBreaker: { FailureThreshold: 1000 } },
      },
    });
    zoe = await createTestUser(w, { name: "zoe" });
  });
  afterAll(async () => {
    await w?.close();
    await pages?.close();
  });

  it.skipIf(!hasBrowser)(
    "title and excerpt known → the worker skips the HTML fetch and only takes the screenshot; the thumbnail is served",
    async () => {
      const r = await w.json("POST", "/api/v1/items", { url: `${pages.origin}/described` }, zoe.headers);
      expect(r.body).toMatchObject({ title: "Described", excerpt: "Words.", enrichmentStatus: "pending" });
      const done = await settled(r.body.id);
      expect(done).toMatchObject({ enrichmentStatus: "succeeded", previewImageUrl: null });
      expect(done.thumbnailUrl).toMatch(new RegExp(`^/api/v1/items/${r.body.id}/thumbnail`));
      // One HTML fetch: the request's own; the worker went straight to the browser.
      expect(htmlFetches.get("/described")).toBe(1);
      const thumb = await w.app.request(`/api/v1/items/${r.body.id}/thumbnail`, { headers: zoe.headers });
      expect(thumb.status).toBe(200);
      expect(thumb.headers.get("content-type")).toMatch(/^image\/(webp|jpeg)$/);
      expect((await thumb.arrayBuffer()).byteLength).toBeGreaterThan(100);
    },
  );

  it.skipIf(!hasBrowser)(
    "an excerpt missing → the worker does the full enrichment (HTML fetch again, then the screenshot)",
    async () => {
      const r = await w.json("POST", "/api/v1/items", { url: `${pages.origin}/bare` }, zoe.headers);
      expect(r.body).toMatchObject({ title: "Bare", excerpt: null, enrichmentStatus: "pending" });
      const done = await settled(r.body.id);
      expect(done.enrichmentStatus).toBe("succeeded");
      expect(htmlFetches.get("/bare")).toBe(2);
    },
  );

  it("re-enrichment runs sync first: a preview image found → 200 succeeded, refreshed values, no async job; user values stay", async () => {
    const r = await w.json(
      "POST",
      "/api/v1/items",
      { url: `${pages.origin}/re`, excerpt: "Mine" },
      zoe.headers,
    );
    await settled(r.body.id);
    pages.route(
      "/re",
      serve(
        page(
          `<title>After</title><meta name="description" content="Theirs"><meta property="og:image" content="/i.jpg">`,
        ),
      ),
    );
    const before = htmlFetches.get("/re") ?? 0;
    const e = await w.json("POST", `/api/v1/items/${r.body.id}/enrich`, undefined, zoe.headers);
    expect(e.status).toBe(200);
    expect(e.body).toMatchObject({
      title: "After",
      excerpt: "Mine",
      previewImageUrl: `${pages.origin}/i.jpg`,
      enrichmentStatus: "succeeded",
    });
    // Sync only: one fetch, and no job left to run.
    expect(htmlFetches.get("/re")).toBe(before + 1);
  });

  it("re-enrichment without a preview image → 202 pending and the async fallback queued", async () => {
    pages.route("/re2", serve(page(`<title>Re two</title><meta name="description" content="W">`)));
    const r = await w.json("POST", "/api/v1/items", { url: `${pages.origin}/re2` }, zoe.headers);
    if (hasBrowser) await settled(r.body.id);
    const e = await w.json("POST", `/api/v1/items/${r.body.id}/enrich`, undefined, zoe.headers);
    expect(e).toMatchObject({ status: 202, body: { enrichmentStatus: "pending" } });
    if (hasBrowser) expect((await settled(r.body.id)).enrichmentStatus).toBe("succeeded");
  });
});
