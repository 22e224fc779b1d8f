import { sql } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFixtureServer, type FixtureServer } from "../../../test/helpers/fixtureServer.ts";
import { loadPageReader, startTestLadle, type TestLadle } from "../../../test/helpers/testLadle.ts";
import { createTestUser, type TestUser } from "../../../test/helpers/users.ts";

let alice: TestUser;
let bob: TestUser;
let ALICE: Record<string, string>;
let BOB: Record<string, string>;

const page = (head: string, body = "<p>Some words.</p>") =>
  `<!doctype html><html><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`;

const FULL = page(
  `<title>Full page</title><meta property="og:description" content="All three found."><meta property="og:image" content="/img/full.jpg">`,
);
const NO_IMAGE = page(`<title>No image</title><meta name="description" content="Title and excerpt only.">`);
const NO_EXCERPT = page(
  `<title>No excerpt</title><meta name="twitter:image" content="https://cdn.example/t.png">`,
);
const TITLE_ONLY = page(`<title>Title only</title>`);
const NOTHING = page(``, "<div></div>");
const CHALLENGE = `<!doctype html><html><head><title>Just a moment...</title></head><body><div id="cf-browser-verification">Checking your browser</div></body></html>`;

let t: TestLadle;
let site: FixtureServer;
let hanging: FixtureServer;

async function jobsFor(itemId: string): Promise<unknown[]> {
  const r = await sql<{
    data: unknown;
  }>`SELECT data FROM pgboss.job WHERE name = 'ladle-item-enrich' AND data->>'itemId' = ${itemId}`.execute(
    t.ladle.database.db,
  );
  return r.rows.map((x) => x.data);
}

const create = (body: unknown, headers = ALICE) => t.json("POST", "/api/v1/items", body, headers);

beforeAll(async () => {
  await loadPageReader();
  site = await startFixtureServer({
    "/full": { body: FULL },
    "/no-image": { body: NO_IMAGE },
    "/no-excerpt": { body: NO_EXCERPT },
    "/title-only": { body: TITLE_ONLY },
    "/nothing": { body: NOTHING },
    "/challenge": { status: 403, headers: { "cf-mitigated": "challenge" }, body: CHALLENGE },
    "/challenge-200": { body: CHALLENGE },
    "/slow": (_req, res) => {
      const timer = setTimeout(() => res.writeHead(200, { "content-type": "text/html" }).end(FULL), 3500);
      res.on("close", () => clearTimeout(timer));
    },
  });
  const jpeg = await sharp({ create: { width: 64, height: 40, channels: 3, background: "#c84" } })
    .jpeg()
    .toBuffer();
  site.route("/img/full.jpg", { headers: { "content-type": "image/jpeg" }, body: jpeg });
  site.route("/img/not-an-image.jpg", {
    headers: { "content-type": "image/jpeg" },
    body: "<html>nope</html>",
  });
  site.route("/fake-image", {
    body: page(`<title>Fake image</title><meta property="og:image" content="/img/not-an-image.jpg">`),
  });
  // robots.txt never answers here: only the master budget can end the request in time.
  hanging = await startFixtureServer({ "/robots.txt": () => {} });
  t = await startTestLadle({
    worker: false, // jobs stay queued, so each test sees whether one was sent
    config: {
      Enrichment: { SyncBudgetMs: 2500, HtmlFetchBudgetMs: 1500 },
      // (replaces the helper's Fetch section, so its loopback allowance is repeated)
      Fetch: { MaxRetries: 0, AllowPrivateHosts: ["127.0.0.1"], PerDomainIntervalMs: 0 },
      // Every fixture is 127.0.0.1: walls and 503s on purpose must not pause the whole "site".
      Ingest: { CircuitBreaker: { FailureThreshold: 1000 } },
    },
  });
  alice = await createTestUser(t, { name: "alice" });
  bob = await createTestUser(t, { name: "bob" });
  ALICE = alice.headers;
  BOB = bob.headers;
  // Warm the extraction code and the origin's robots.txt once, so budgets measure the page.
  await t.json("POST", "/api/v1/items", { url: `${site.origin}/warm-up` }, BOB);
});
afterAll(async () => {
  await t?.close();
  await site?.close();
  await hanging?.close();
});

describe("partial-success table, row by row", () => {
  it("title ✓ excerpt ✓ image ✓ → succeeded, no async job", async () => {
    const r = await create({ url: `${site.origin}/full` });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      title: "Full page",
      excerpt: "All three found.",
      previewImageUrl: `${site.origin}/img/full.jpg`,
      enrichmentStatus: "succeeded",
      enrichmentError: null,
      titleLocked: false,
    });
    expect(r.body.enrichedAt).not.toBeNull();
    expect(await jobsFor(r.body.id)).toEqual([]);
  });

  it("title ✓ excerpt ✓ image ✗ → pending, async job (screenshot only)", async () => {
    const r = await create({ url: `${site.origin}/no-image` });
    expect(r.body).toMatchObject({
      title: "No image",
      excerpt: "Title and excerpt only.",
      previewImageUrl: null,
      enrichmentStatus: "pending",
    });
    expect(r.body.enrichedAt).toBeNull();
    expect(await jobsFor(r.body.id)).toEqual([{ itemId: r.body.id, userId: alice.id }]);
  });

  it("title ✓ excerpt ✗ image ✓ → succeeded, no async job", async () => {
    const r = await create({ url: `${site.origin}/no-excerpt` });
    expect(r.body).toMatchObject({
      title: "No excerpt",
      excerpt: null,
      previewImageUrl: "https://cdn.example/t.png",
      enrichmentStatus: "succeeded",
    });
    expect(await jobsFor(r.body.id)).toEqual([]);
  });

  it("title ✓ excerpt ✗ image ✗ → pending, async job", async () => {
    const r = await create({ url: `${site.origin}/title-only` });
    expect(r.body).toMatchObject({ title: "Title only", excerpt: null, enrichmentStatus: "pending" });
    expect(await jobsFor(r.body.id)).toHaveLength(1);
  });

  it("title ✗ excerpt ✗ image ✗ → pending, async job (full enrichment)", async () => {
    const r = await create({ url: `${site.origin}/nothing` });
    expect(r.body).toMatchObject({
      title: null,
      excerpt: null,
      previewImageUrl: null,
      enrichmentStatus: "pending",
    });
    expect(await jobsFor(r.body.id)).toHaveLength(1);
  });
});

describe("create", () => {
  it("lets user-given title and excerpt win over the page's, and locks them", async () => {
    const r = await create({ url: `${site.origin}/full?from=user`, title: "My title", excerpt: "My words" });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      title: "My title",
      excerpt: "My words",
      titleLocked: true,
      excerptLocked: true,
      previewImageUrl: `${site.origin}/img/full.jpg`,
      enrichmentStatus: "succeeded",
    });
  });

  it("keeps the tags, folder, first-saved date and archived flag it is given (another app's)", async () => {
    const r = await create({
      url: `${site.origin}/full?from=export`,
      tags: ["bread", " baking "],
      folder: "Recipes / Baking",
      savedAt: "2021-03-04T05:06:07Z",
      archived: true,
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      tags: ["bread", "baking"],
      folder: "Recipes / Baking",
      savedAt: "2021-03-04T05:06:07.000Z",
      archived: true,
    });
    const plain = await create({ url: `${site.origin}/full?from=plain` });
    expect(plain.body).toMatchObject({ tags: [], folder: null, savedAt: null, archived: false });
    const bad = await create({ url: `${site.origin}/full?from=bad`, savedAt: "yesterday" });
    expect(bad.status).toBe(400);
  });

  it("fills only what the user left out", async () => {
    const r = await create({ url: `${site.origin}/full?from=half`, title: "  ", excerpt: "Mine" });
    expect(r.body).toMatchObject({
      title: "Full page",
      titleLocked: false,
      excerpt: "Mine",
      excerptLocked: true,
    });
  });

  it("answers in time with pending when the page is slower than the HTML budget, and queues the job", async () => {
    const t0 = performance.now();
    const r = await create({ url: `${site.origin}/slow` });
    const ms = performance.now() - t0;
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ title: null, enrichmentStatus: "pending" });
    expect(r.body.enrichmentError).toMatch(/did not arrive within 1500 ms/);
    expect(ms).toBeLessThan(3400); // the page needs 3500 ms
    expect(await jobsFor(r.body.id)).toHaveLength(1);
  });

  it("answers within the master budget when something before the page hangs (robots.txt)", async () => {
    const r = await create({ url: `${hanging.origin}/page`, title: "Kept" });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ title: "Kept", enrichmentStatus: "pending" });
    expect(r.body.enrichmentError).toMatch(/within 2500 ms/);
    expect(await jobsFor(r.body.id)).toHaveLength(1);
  });

  it("never takes a challenge page's title", async () => {
    for (const path of ["/challenge", "/challenge-200"]) {
      const r = await create({ url: `${site.origin}${path}` });
      expect(r.status).toBe(201);
      expect(r.body.title).toBeNull();
      expect(r.body.enrichmentStatus).toBe("pending");
      expect(r.body.enrichmentError).toMatch(/bot check or sign-in wall/);
    }
  });

  it("refuses a private address or a URL with credentials at create, storing nothing", async () => {
    for (const url of [
      "http://10.1.2.3/router",
      "http://192.168.0.1/",
      "http://metadata.internal/latest",
      "https://bob:hunter2@example.com/page",
    ]) {
      const r = await create({ url, title: "Router" });
      expect(r.status, url).toBe(400);
      expect(r.body.code).toBe("INVALID_ITEM");
      expect(r.body.message).toMatch(/private network|user name and password/);
    }
  });

  it("returns the existing bookmark for a URL the user already saved", async () => {
    const a = await create({ url: `${site.origin}/full?b=2&a=1` });
    const b = await create({ url: `${site.origin}/full?a=1&b=2#top` });
    expect(b.status).toBe(200);
    expect(b.body.id).toBe(a.body.id);
  });

  it("refuses bad input with INVALID_ITEM and stores nothing", async () => {
    const before = (await t.json("GET", "/api/v1/items?limit=100", undefined, ALICE)).body.items.length;
    const cases: [unknown, RegExp][] = [
      [{}, /url/],
      [{ url: "ftp://example.com/x" }, /http\(s\)/],
      [{ url: "not a url" }, /http\(s\)/],
      [{ url: `${site.origin}/x`, title: "x".repeat(501) }, /title must be at most 500/],
      [{ url: `${site.origin}/x`, excerpt: 5 }, /excerpt/],
      ["{not json", /not valid JSON/],
      ["", /JSON object/],
    ];
    for (const [body, msg] of cases) {
      const r = await create(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.code).toBe("INVALID_ITEM");
      expect(r.body.message).toMatch(msg);
    }
    expect((await t.json("GET", "/api/v1/items?limit=100", undefined, ALICE)).body.items).toHaveLength(
      before,
    );
  });
});

describe("list, get, update, delete", () => {
  it("lists newest first in pages and filters by enrichment status", async () => {
    const all: string[] = [];
    let cursor: string | null = null;
    do {
      const r: { status: number; body: any } = await t.json(
        "GET",
        `/api/v1/items?limit=3${cursor ? `&cursor=${cursor}` : ""}`,
        undefined,
        ALICE,
      );
      expect(r.status).toBe(200);
      all.push(...r.body.items.map((i: { createdAt: string }) => i.createdAt));
      cursor = r.body.nextCursor;
    } while (cursor);
    expect(all.length).toBeGreaterThan(6);
    expect([...all].sort().reverse()).toEqual(all);
    const done = await t.json("GET", "/api/v1/items?enrichmentStatus=succeeded&limit=100", undefined, ALICE);
    expect(done.body.items.length).toBeGreaterThan(0);
    expect(
      done.body.items.every((i: { enrichmentStatus: string }) => i.enrichmentStatus === "succeeded"),
    ).toBe(true);
    const bad = await t.json("GET", "/api/v1/items?enrichmentStatus=done", undefined, ALICE);
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("INVALID_REQUEST");
    const badCursor = await t.json("GET", "/api/v1/items?cursor=zzz", undefined, ALICE);
    expect(badCursor.status).toBe(400);
    expect(badCursor.body.message).toMatch(/start again without it/);
    for (const limit of ["0", "101", "ten"]) {
      const r = await t.json("GET", `/api/v1/items?limit=${limit}`, undefined, ALICE);
      expect(r.status, limit).toBe(400);
      expect(r.body.message).toMatch(/limit/);
    }
  });

  it("locks an edited title; null unlocks it; unknown fields are refused", async () => {
    const c = await create({ url: `${site.origin}/full?edit=1` });
    const e = await t.json("PATCH", `/api/v1/items/${c.body.id}`, { title: "Edited" }, ALICE);
    expect(e.status).toBe(200);
    expect(e.body).toMatchObject({
      title: "Edited",
      titleLocked: true,
      excerpt: "All three found.",
      excerptLocked: false,
    });
    const bad = await t.json(
      "PATCH",
      `/api/v1/items/${c.body.id}`,
      { url: "https://elsewhere.example/" },
      ALICE,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("INVALID_ITEM");
    const broken = await t.json("PATCH", `/api/v1/items/${c.body.id}`, "{title:", ALICE);
    expect(broken.status).toBe(400);
    expect(broken.body.code).toBe("INVALID_ITEM");
    const long = await t.json("PATCH", `/api/v1/items/${c.body.id}`, { excerpt: "x".repeat(2001) }, ALICE);
    expect(long.body.message).toMatch(/excerpt must be at most 2000/);
    // Nothing of the refused edits was stored.
    expect((await t.json("GET", `/api/v1/items/${c.body.id}`, undefined, ALICE)).body.title).toBe("Edited");
    const un = await t.json("PATCH", `/api/v1/items/${c.body.id}`, { title: null }, ALICE);
    expect(un.body).toMatchObject({ title: null, titleLocked: false });
  });

  it("deletes a bookmark", async () => {
    const c = await create({ url: `${site.origin}/full?del=1` });
    expect((await t.json("DELETE", `/api/v1/items/${c.body.id}`, undefined, ALICE)).status).toBe(204);
    expect((await t.json("GET", `/api/v1/items/${c.body.id}`, undefined, ALICE)).status).toBe(404);
    expect((await t.json("DELETE", `/api/v1/items/${c.body.id}`, undefined, ALICE)).status).toBe(404);
  });

  it("has no thumbnail before a screenshot was taken", async () => {
    const c = await create({ url: `${site.origin}/full?thumb=1` });
    const r = await t.json("GET", `/api/v1/items/${c.body.id}/thumbnail`, undefined, ALICE);
    expect(r.status).toBe(404);
    expect(r.body.code).toBe("THUMBNAIL_NOT_FOUND");
  });
});

describe("libraries", () => {
  it("files a bookmark in the user's default library, or one of theirs; never in someone else's", async () => {
    const d = await create({ url: `${site.origin}/full?lib=default` });
    expect(d.body.libraryId).toBe(alice.defaultLibraryId);
    const other = await create({ url: `${site.origin}/full?lib=bob`, libraryId: bob.defaultLibraryId });
    expect(other.status).toBe(404);
    expect(other.body.code).toBe("LIBRARY_NOT_FOUND");
    const shared = await t.ladle.users.createLibrary(alice.id, "Weeknight ideas");
    const s = await create({ url: `${site.origin}/full?lib=shared`, libraryId: shared.id });
    expect(s.status).toBe(201);
    expect(s.body.libraryId).toBe(shared.id);
    const inShared = await t.json("GET", `/api/v1/items?libraryId=${shared.id}`, undefined, ALICE);
    expect(inShared.body.items.map((i: { id: string }) => i.id)).toEqual([s.body.id]);
    const moved = await t.json("PATCH", `/api/v1/items/${s.body.id}`, { libraryId: null }, ALICE);
    expect(moved.body.libraryId).toBe(alice.defaultLibraryId);
    const refused = await t.json(
      "PATCH",
      `/api/v1/items/${s.body.id}`,
      { libraryId: bob.defaultLibraryId },
      ALICE,
    );
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe("LIBRARY_NOT_FOUND");
  });
});

describe("preview images through Ladle's image proxy", () => {
  it("serves the page's preview image from Ladle, never pointing the UI at the origin", async () => {
    const c = await create({ url: `${site.origin}/full?preview=1` });
    expect(c.body.previewImageUrl).toBe(`${site.origin}/img/full.jpg`);
    expect(c.body.displayImageUrl).toMatch(
      new RegExp(`^/api/v1/items/${c.body.id}/preview\\?v=[0-9a-f]{16}$`),
    );
    const before = site.hits.get("/img/full.jpg") ?? 0;
    const res = await t.app.request(c.body.displayImageUrl, { headers: ALICE });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(res.headers.get("cache-control")).toBe("private, max-age=86400");
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(64);
    // Cached: a second view does not reach the origin again.
    expect((await t.app.request(c.body.displayImageUrl, { headers: ALICE })).status).toBe(200);
    expect((site.hits.get("/img/full.jpg") ?? 0) - before).toBe(1);
    const bobs = await t.json("GET", `/api/v1/items/${c.body.id}/preview`, undefined, BOB);
    expect(bobs.status).toBe(404);
    expect(bobs.body.code).toBe("ITEM_NOT_FOUND");
  });

  it("answers PREVIEW_NOT_AVAILABLE when there is no image, or the origin's is not one", async () => {
    const none = await create({ url: `${site.origin}/no-image?preview=1` });
    expect(none.body.displayImageUrl).toBeNull();
    const r1 = await t.json("GET", `/api/v1/items/${none.body.id}/preview`, undefined, ALICE);
    expect(r1.status).toBe(404);
    expect(r1.body.code).toBe("PREVIEW_NOT_AVAILABLE");
    const fake = await create({ url: `${site.origin}/fake-image` });
    const r2 = await t.json("GET", `/api/v1/items/${fake.body.id}/preview`, undefined, ALICE);
    expect(r2.status).toBe(404);
    expect(r2.body.code).toBe("PREVIEW_NOT_AVAILABLE");
    expect(r2.body.message).toMatch(/not a raster image/);
  });
});

describe("ownership", () => {
  it("answers 404 for another user's bookmark on every call, and lists only one's own", async () => {
    const mine = await create({ url: `${site.origin}/full?owner=alice` });
    const id = mine.body.id;
    const calls: [string, string, unknown?][] = [
      ["GET", `/api/v1/items/${id}`],
      ["PATCH", `/api/v1/items/${id}`, { title: "Bob was here" }],
      ["DELETE", `/api/v1/items/${id}`],
      ["POST", `/api/v1/items/${id}/enrich`],
      ["GET", `/api/v1/items/${id}/thumbnail`],
      ["GET", `/api/v1/items/${id}/preview`],
    ];
    for (const [method, path, body] of calls) {
      const r = await t.json(method, path, body, BOB);
      expect(r.status, `${method} ${path}`).toBe(404);
      expect(r.body.code).toBe("ITEM_NOT_FOUND");
    }
    const bobs = await t.json("GET", "/api/v1/items?limit=100", undefined, BOB);
    expect(bobs.body.items.map((i: { id: string }) => i.id)).not.toContain(id);
    // Bob may bookmark the same URL: it is his own bookmark.
    const his = await create({ url: `${site.origin}/full?owner=alice` }, BOB);
    expect(his.status).toBe(201);
    expect(his.body.id).not.toBe(id);
    const still = await t.json("GET", `/api/v1/items/${id}`, undefined, ALICE);
    expect(still.body.title).toBe("Full page");
    expect((await t.json("GET", "/api/v1/items", undefined, {})).status).toBe(401);
  });
});

describe("re-enrichment", () => {
  it("with an image: sync only, 200 succeeded, no async job; locked values stay", async () => {
    site.route("/changing", {
      body: page(`<title>Old</title><meta name="description" content="Old words">`),
    });
    const c = await create({ url: `${site.origin}/changing` });
    expect(c.body.enrichmentStatus).toBe("pending");
    await t.json("PATCH", `/api/v1/items/${c.body.id}`, { title: "Mine" }, ALICE);
    site.route("/changing", {
      body: page(
        `<title>New</title><meta name="description" content="New words"><meta property="og:image" content="https://cdn.example/new.jpg">`,
      ),
    });
    const r = await t.json("POST", `/api/v1/items/${c.body.id}/enrich`, undefined, ALICE);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      title: "Mine",
      excerpt: "New words",
      previewImageUrl: "https://cdn.example/new.jpg",
      enrichmentStatus: "succeeded",
    });
    expect(await jobsFor(c.body.id)).toHaveLength(1); // only the create's
  });

  it("without an image: 202 pending and the async job queued", async () => {
    const c = await create({ url: `${site.origin}/full?re=1` });
    site.route("/full-later", { body: NO_IMAGE });
    // The page lost its image since it was saved.
    site.route("/full", { body: NO_IMAGE });
    const r = await t.json("POST", `/api/v1/items/${c.body.id}/enrich`, undefined, ALICE);
    site.route("/full", { body: FULL });
    expect(r.status).toBe(202);
    expect(r.body).toMatchObject({ enrichmentStatus: "pending", previewImageUrl: null, title: "No image" });
    expect(await jobsFor(c.body.id)).toHaveLength(1);
  });
});
