import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startFixtureServer, type FixtureServer } from "../../../test/helpers/fixtureServer.ts";
import { articlePage, PNG_1x1 } from "../../../test/helpers/articlePages.ts";
import { startTestLadle, type TestLadle } from "../../../test/helpers/testLadle.ts";
import { createTestUser, type TestUser } from "../../../test/helpers/users.ts";

// Each article goes through the queue, a fetch and Readability: on a busy 2-core machine (two
// suites at once) one took over 25 s, so a test waits for its article as long as it needs.
vi.setConfig({ testTimeout: 120_000 });

let t: TestLadle;
let site: FixtureServer;
let ann: TestUser;
let ben: TestUser;
let cat: TestUser;

const BIG = Buffer.concat([PNG_1x1, Buffer.alloc(70_000, 1)]);

beforeAll(async () => {
  site = await startFixtureServer({
    "/bread": {
      body: articlePage({
        body: `<figure><img src="data:image/gif;base64,R0lGOD" data-src="/img/loaf.png" alt="A loaf"><figcaption>The loaf</figcaption></figure>
<p><img src="/img/logo.svg" alt="svg"><img src="/img/page.html" alt="html"><img src="/img/big.png" alt="big">
<img src="http://10.0.0.1/private.png" alt="private"><img src="/img/redirect.png" alt="redirect"></p>`,
      }),
    },
    "/img/loaf.png": { headers: { "content-type": "image/png" }, body: PNG_1x1 },
    // Declared as an image, but the bytes are SVG.
    "/img/logo.svg": {
      headers: { "content-type": "image/png" },
      body: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
    },
    "/img/page.html": { headers: { "content-type": "image/jpeg" }, body: "<html>not an image</html>" },
    "/img/big.png": { headers: { "content-type": "image/png" }, body: BIG },
    "/img/redirect.png": { status: 302, headers: { location: "http://10.0.0.2/elsewhere.png" } },
    "/moved": { status: 301, headers: { location: "/bread-final?x=1" } },
    "/bread-final": { body: articlePage({ title: "Moved Bread" }) },
    "/empty": { body: "<html><head><title>Nothing</title></head><body></body></html>" },
    "/private-redirect": { status: 302, headers: { location: "http://10.0.0.1/admin" } },
    "/data.json": { headers: { "content-type": "application/json" }, body: '{"a":1}' },
    "/paper.pdf": { headers: { "content-type": "application/pdf" }, body: "%PDF-1.7\n..." },
    "/book.epub": {
      headers: { "content-type": "application/epub+zip" },
      body: "PK\u0003\u0004mimetypeapplication/epub+zip",
    },
    "/challenge": {
      status: 403,
      headers: { "cf-mitigated": "challenge" },
      body: "<html><head><title>Just a moment...</title></head><body>Checking your browser</body></html>",
    },
  });
  t = await startTestLadle({
    config: {
      Articles: { Render: "never", RetryDelaySeconds: 0, MaxFetchAttempts: 2, MaxImageBytes: 50_000 },
      Fetch: { AllowPrivateHosts: ["127.0.0.1"], PerDomainIntervalMs: 0, MaxRetries: 0 },
      // Every fixture shares the host 127.0.0.1: the failure cases must not pause it for the others.
      Ingest: { CircuitBreaker: { FailureThreshold: 1000 } },
    },
  });
  ann = await createTestUser(t, { name: "ann" });
  ben = await createTestUser(t, { name: "ben" });
  cat = await createTestUser(t, { name: "cat" });
});
afterAll(async () => {
  await t?.close();
  await site?.close();
});

async function submit(user: TestUser, url: string, libraryId?: string) {
  return t.json(
    "POST",
    "/media/web-articles",
    { url, ...(libraryId ? { library_id: libraryId } : {}) },
    user.headers,
  );
}

/** The media once it is settled; the test's own timeout says when it is stuck. */
async function settle(user: TestUser, id: string): Promise<any> {
  let last: any;
  await expect
    .poll(
      async () => {
        last = (await t.json("GET", `/media/${id}`, undefined, user.headers)).body?.data;
        return last?.processing_status;
      },
      { timeout: 110_000, interval: 50 },
    )
    .toMatch(/^(ready_for_reading|failed)$/);
  return last;
}

async function mediaRows(): Promise<number> {
  const rows = await t.ladle.database.db.selectFrom("media").select("id").execute();
  return rows.length;
}

describe("successful ingestion", () => {
  let id: string;
  let html: string;
  it("creates the media row, reaches ready_for_reading, and serves sanitized html with rewritten links and images", async () => {
    const r = await submit(ann, `${site.origin}/bread#comments`);
    expect(r.status).toBe(202);
    expect(r.body.data).toMatchObject({ kind: "web_article", processing_status: "pending" });
    id = r.body.data.id;
    const media = await settle(ann, id);
    expect(media).toMatchObject({
      processing_status: "ready_for_reading",
      title: "The Slow Bread Movement",
      canonical_url: `${site.origin}/bread`,
      failure_code: null,
      processing_attempts: 1,
    });
    const frags = await t.json("GET", `/media/${id}/fragments`, undefined, ann.headers);
    expect(frags.status).toBe(200);
    expect(frags.body.data.fragments).toHaveLength(1);
    const f = frags.body.data.fragments[0];
    expect(f.ordinal).toBe(0);
    expect(f).not.toHaveProperty("canonical_text");
    html = f.html_sanitized;
    expect(html).toContain(
      `<a href="${site.origin}/starter" target="_blank" rel="noopener noreferrer" referrerpolicy="no-referrer">`,
    );
    expect(html).not.toMatch(/src="(?!\/api\/images\/)/);
    expect(html.match(/<img /g)).toHaveLength(6);
    const text = await t.ladle.articles.canonicalText(id);
    expect(text).toContain("Sourdough asks for patience");
    // The picture stays; its caption is no part of the article's text (extract/article/dropCaptions.ts).
    expect(text).not.toContain("The loaf");
  });

  it("proxies images: stored after the first fetch; SVG, non-images, oversized, private and redirected-to-private ones are broken images only", async () => {
    const ids = [...html.matchAll(/src="\/api\/images\/([0-9a-f-]+)"/g)].map((m) => m[1]!);
    const get = (imageId: string, user = ann) =>
      t.app.request(`/api/images/${imageId}`, { headers: user.headers });
    const loaf = await get(ids[0]!);
    expect(loaf.status).toBe(200);
    expect(loaf.headers.get("content-type")).toBe("image/png");
    expect(loaf.headers.get("cache-control")).toContain("max-age");
    expect(Buffer.from(await loaf.arrayBuffer())).toEqual(PNG_1x1);
    expect((await get(ids[0]!)).status).toBe(200);
    expect(site.hits.get("/img/loaf.png")).toBe(1); // the second came from the blob store
    const codes = [];
    for (const i of ids.slice(1)) {
      const r = await get(i);
      codes.push([r.status, ((await r.json()) as { error: { code: string } }).error.code]);
    }
    expect(codes).toEqual([
      [415, "E_IMAGE_UNSUPPORTED"],
      [415, "E_IMAGE_UNSUPPORTED"],
      [413, "E_IMAGE_TOO_LARGE"],
      [403, "E_IMAGE_FORBIDDEN"],
      [403, "E_IMAGE_FORBIDDEN"],
    ]);
    // Only viewers of an article referencing the image may load it.
    expect((await get(ids[0]!, cat)).status).toBe(404);
  });

  it("dedup attach: another user's submission reuses the row and is readable at once", async () => {
    const before = await mediaRows();
    const r = await submit(ben, `${site.origin.toUpperCase().replace("HTTP://", "http://")}/bread`);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ id, processing_status: "ready_for_reading" });
    expect(await mediaRows()).toBe(before);
    expect((await t.json("GET", `/media/${id}/fragments`, undefined, ben.headers)).status).toBe(200);
    const list = await t.json("GET", `/media?library_id=${ben.defaultLibraryId}`, undefined, ben.headers);
    expect(list.body.data.media.map((m: { id: string }) => m.id)).toEqual([id]);
  });

  it("visibility: media, fragments, retry and images of articles outside the viewer's libraries are 404", async () => {
    for (const path of [`/media/${id}`, `/media/${id}/fragments`]) {
      const r = await t.json("GET", path, undefined, cat.headers);
      expect(r).toMatchObject({ status: 404, body: { error: { code: "E_NOT_FOUND" } } });
    }
    expect((await t.json("POST", `/media/${id}/retry`, undefined, cat.headers)).status).toBe(404);
    expect((await t.json("GET", `/media/not-a-uuid`, undefined, cat.headers)).status).toBe(404);
    expect((await t.json("GET", `/media/${id}`)).body).toMatchObject({ error: { code: "E_UNAUTHORIZED" } });
  });
});

describe("submission", () => {
  it("converges two users submitting one new URL at the same moment on one media row", async () => {
    site.route("/same", { body: articlePage({ title: "Same" }) });
    const [a, b] = await Promise.all([
      submit(ann, `${site.origin}/same`),
      submit(ben, `${site.origin}/same`),
    ]);
    expect(a.body.data.id).toBe(b.body.data.id);
    expect([a.status, b.status].sort()).toEqual([200, 202]);
    const rows = await t.ladle.database.db
      .selectFrom("media")
      .select("id")
      .where("canonical_url", "=", `${site.origin}/same`)
      .execute();
    expect(rows).toHaveLength(1);
    await settle(ann, a.body.data.id);
  });

  it("adds to a target library the caller administers, and always to their default library too", async () => {
    const lib = await t.json("POST", "/api/libraries", { name: "Bread club" }, ann.headers);
    await t.json("POST", `/api/libraries/${lib.body.id}/members`, { user: "cat" }, ann.headers);
    site.route("/club", { body: articlePage({ title: "Club bread" }) });
    const r = await submit(ann, `${site.origin}/club`, lib.body.id);
    expect(r.status).toBe(202);
    const links = await t.ladle.database.db
      .selectFrom("library_media")
      .select("library_id")
      .where("media_id", "=", r.body.data.id)
      .execute();
    expect(links.map((l) => l.library_id).sort()).toEqual([lib.body.id, ann.defaultLibraryId].sort());
    // cat is a member (not admin) of the club: may read, may not add.
    expect((await t.json("GET", `/media/${r.body.data.id}`, undefined, cat.headers)).status).toBe(200);
    const denied = await submit(cat, `${site.origin}/club`, lib.body.id);
    expect(denied).toMatchObject({ status: 403, body: { error: { code: "E_FORBIDDEN" } } });
    const stranger = await submit(ben, `${site.origin}/club`, lib.body.id);
    expect(stranger.status).toBe(403);
  });

  it("refuses invalid URLs with E_URL_INVALID and stores nothing", async () => {
    const before = await mediaRows();
    for (const url of ["ftp://example.com/a", "javascript:alert(1)", "not a url", "http://"]) {
      const r = await submit(ann, url);
      expect(r, url).toMatchObject({ status: 400, body: { error: { code: "E_URL_INVALID" } } });
    }
    const noUrl = await t.json("POST", "/media/web-articles", { link: "x" }, ann.headers);
    expect(noUrl.body.error.code).toBe("E_URL_INVALID");
    const notJson = await t.json("POST", "/media/web-articles", "{", ann.headers);
    expect(notJson).toMatchObject({ status: 400, body: { error: { code: "E_INVALID_REQUEST" } } });
    expect(await mediaRows()).toBe(before);
  });

  it("follows network redirects: the final URL is the canonical one, query kept", async () => {
    const r = await submit(ann, `${site.origin}/moved`);
    const media = await settle(ann, r.body.data.id);
    expect(media).toMatchObject({
      processing_status: "ready_for_reading",
      source_url: `${site.origin}/moved`,
      canonical_url: `${site.origin}/bread-final?x=1`,
    });
    // Submitting the pre-redirect address again is the same article.
    expect((await submit(ben, `${site.origin}/moved`)).body.data.id).toBe(r.body.data.id);
  });
});

describe("failures", () => {
  const cases: [string, string][] = [
    ["/empty", "E_EXTRACT_NO_CONTENT"],
    ["/private-redirect", "E_FETCH_FORBIDDEN"],
    ["/data.json", "E_FETCH_UNSUPPORTED_CONTENT_TYPE"],
    ["/paper.pdf", "E_FETCH_KIND_MISMATCH_PDF"],
    ["/book.epub", "E_FETCH_KIND_MISMATCH_EPUB"],
    ["/challenge", "E_FETCH_FORBIDDEN"],
  ];
  it("fails each unreadable page with its own code and keeps no fragment", async () => {
    const ids = await Promise.all(
      cases.map(async ([path]) => (await submit(ann, site.origin + path)).body.data.id),
    );
    for (const [i, [path, code]] of cases.entries()) {
      const m = await settle(ann, ids[i]);
      expect([path, m.processing_status, m.failure_code]).toEqual([path, "failed", code]);
      expect(m.failure_message).toBeTruthy();
    }
    const frags = await t.ladle.database.db
      .selectFrom("fragments")
      .select("id")
      .where("media_id", "in", ids)
      .execute();
    expect(frags).toHaveLength(0);
    const notReady = await t.json("GET", `/media/${ids[0]}/fragments`, undefined, ann.headers);
    expect(notReady).toMatchObject({ status: 409, body: { error: { code: "E_NOT_READY" } } });
  });

  it("refuses a private address at once, storing nothing and connecting nowhere", async () => {
    const r = await submit(ann, "http://10.0.0.1/secret");
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe("E_FETCH_FORBIDDEN");
    expect(r.body.error.message).toMatch(/private network/);
  });

  it("retries E_FETCH_FAILED automatically up to Articles:MaxFetchAttempts, then fails", async () => {
    site.route("/reset", (req) => req.socket.destroy());
    const r = await submit(ann, `${site.origin}/reset`);
    const m = await settle(ann, r.body.data.id);
    expect(m).toMatchObject({
      processing_status: "failed",
      failure_code: "E_FETCH_FAILED",
      processing_attempts: 2,
    });
    expect(site.hits.get("/reset")).toBe(2);
  });

  it("manual retry reuses the row: failed → extracting → ready_for_reading, attempts counted", async () => {
    site.route("/later", { body: "<html><body></body></html>" });
    const r = await submit(ann, `${site.origin}/later`);
    const failed = await settle(ann, r.body.data.id);
    expect(failed).toMatchObject({ failure_code: "E_EXTRACT_NO_CONTENT", processing_attempts: 1 });
    // A ready article cannot be retried; a failed one can, by anyone who sees it.
    site.route("/later", { body: articlePage({ title: "Later" }) });
    const retried = await t.json("POST", `/media/${r.body.data.id}/retry`, undefined, ann.headers);
    expect(retried.status).toBe(202);
    expect(retried.body.data).toMatchObject({
      id: r.body.data.id,
      processing_status: "extracting",
      failure_code: null,
    });
    const ready = await settle(ann, r.body.data.id);
    expect(ready).toMatchObject({
      processing_status: "ready_for_reading",
      title: "Later",
      processing_attempts: 2,
    });
    const again = await t.json("POST", `/media/${r.body.data.id}/retry`, undefined, ann.headers);
    expect(again).toMatchObject({ status: 409, body: { error: { code: "E_NOT_RETRYABLE" } } });
    expect((await t.json("GET", `/media/${r.body.data.id}/fragments`, undefined, ann.headers)).status).toBe(
      200,
    );
  });
});
