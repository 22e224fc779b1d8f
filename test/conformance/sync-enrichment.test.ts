/**
 * Conformance: sync-enrichment.md (`../shared/spec/sync-enrichment.md`), through `/api/v1/items`.
 * Each test names the section whose clause it checks. The API-only process runs no async job, so
 * what a create answers is the synchronous enrichment alone.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFixtureServer, type FixtureServer } from "../helpers/fixtureServer.ts";
import { readSse } from "../helpers/readSse.ts";
import { startTestLadle, type TestLadle } from "../helpers/testLadle.ts";
import { createTestUser, type TestUser } from "../helpers/users.ts";

let t: TestLadle;
let site: FixtureServer;
let ann: TestUser;
let ben: TestUser;

const page = (head: string) =>
  `<!doctype html><html><head><meta charset="utf-8">${head}</head><body><p>Words.</p></body></html>`;

beforeAll(async () => {
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
  });
  t = await startTestLadle({ worker: false });
  ann = await createTestUser(t, { name: "ann" });
  ben = await createTestUser(t, { name: "ben" });
}, 180_000);
afterAll(async () => {
  await t?.close();
  await site?.close();
});

const create = (body: unknown, u = ann) => t.json("POST", "/api/v1/items", body, u.headers);

describe("§6 sync enrichment service design", { timeout: 120_000 }, () => {
  it("§6 partial success mapping: title/excerpt/image found → enrichmentStatus as the table says", async () => {
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

  it("§6 (FR-008): a title or excerpt the user gives wins over the page's", async () => {
    const r = await create({ url: `${site.origin}/all?mine`, title: "My title", excerpt: "My words" });
    expect(r.body).toMatchObject({ title: "My title", excerpt: "My words", enrichmentStatus: "succeeded" });
  });

  it("§5: the preview image URL is stored as the page gives it (made absolute), not downloaded in the request", async () => {
    const r = await create({ url: `${site.origin}/all?image` });
    expect(r.body.previewImageUrl).toBe(`${site.origin}/img/a.jpg`);
    expect(site.hits.get("/img/a.jpg") ?? 0).toBe(0);
  });
});

describe("§8 ownership-safe write-back", { timeout: 120_000 }, () => {
  it("§8: another user's item does not exist for them (404 ITEM_NOT_FOUND), on read and on re-enrichment", async () => {
    const r = await create({ url: `${site.origin}/all?owned` });
    const read = await t.json("GET", `/api/v1/items/${r.body.id}`, undefined, ben.headers);
    expect(read).toMatchObject({ status: 404, body: { code: "ITEM_NOT_FOUND" } });
    const enrich = await t.json("POST", `/api/v1/items/${r.body.id}/enrich`, undefined, ben.headers);
    expect(enrich).toMatchObject({ status: 404, body: { code: "ITEM_NOT_FOUND" } });
  });
});

describe(
  "§10 re-enrichment, as an event stream (spec README: the families that poll)",
  { timeout: 120_000 },
  () => {
    it("README: GET /api/v1/items/{id}/events streams ingest.progress from pending until the status is final", async () => {
      site.route("/later", { body: page(`<title>Later</title>`) });
      const r = await create({ url: `${site.origin}/later` });
      expect(r.body.enrichmentStatus).toBe("pending");
      const res = await t.app.request(`/api/v1/items/${r.body.id}/events`, { headers: ann.headers });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/text\/event-stream/);
      // The page gains a preview image; re-enrichment (§10) finds it once the stream has said "pending".
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

    it("README/§8: another user's bookmark has no event stream for them (404 ITEM_NOT_FOUND)", async () => {
      const r = await create({ url: `${site.origin}/all?events` });
      const denied = await t.json("GET", `/api/v1/items/${r.body.id}/events`, undefined, ben.headers);
      expect(denied).toMatchObject({ status: 404, body: { code: "ITEM_NOT_FOUND" } });
      const events = await readSse(
        await t.app.request(`/api/v1/items/${r.body.id}/events`, { headers: ann.headers }),
      );
      expect(events.map((e) => [e.event, e.data.enrichmentStatus])).toEqual([
        ["ingest.progress", "succeeded"],
      ]);
    });
  },
);
