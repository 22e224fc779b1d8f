/**
 * Conformance: web-article-ingestion.md (`../shared/spec/web-article-ingestion.md`), through the
 * HTTP API (`/media/...`). Each test names the section whose clause it checks.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { canonicalArticleUrl } from "../../src/domain/article.ts";
import { articlePage, PNG_1x1 } from "../helpers/articlePages.ts";
import { startFixtureServer, type FixtureServer } from "../helpers/fixtureServer.ts";
import { readSse } from "../helpers/readSse.ts";
import { startTestLadle, type TestLadle } from "../helpers/testLadle.ts";
import { createTestUser, type TestUser } from "../helpers/users.ts";

let t: TestLadle;
let site: FixtureServer;
let ann: TestUser;
let ben: TestUser;
let eve: TestUser;

beforeAll(async () => {
  site = await startFixtureServer({
    "/saved": { body: articlePage({ title: "Saved Bread" }) },
    "/short-link": { status: 301, headers: { location: "/saved" } },
    "/empty": { body: "<html><head><title>Nothing</title></head><body></body></html>" },
    "/challenge": {
      status: 403,
      headers: { "cf-mitigated": "challenge" },
      body: "<html><head><title>Just a moment...</title></head><body>Checking your browser</body></html>",
    },
    "/based": {
      body: articlePage({
        title: "Based Bread",
        head: '<base href="http://evil.example/trap/">',
        body: '<p>See <a href="crumb">the crumb</a> and <img src="loaf.png" alt="loaf"> here.</p>',
      }),
    },
  });
  t = await startTestLadle({
    config: {
      // A busy machine: the reader may take long; the tests wait for states, not for time.
      Articles: { Render: "never", RetryDelaySeconds: 0, ParseTimeoutMs: 120_000 },
      Fetch: { AllowPrivateHosts: ["127.0.0.1"], PerDomainIntervalMs: 0, MaxRetries: 0 },
      Ingest: { CircuitBreaker: { FailureThreshold: 1000 } },
    },
  });
  ann = await createTestUser(t, { name: "ann" });
  ben = await createTestUser(t, { name: "ben" });
  eve = await createTestUser(t, { name: "eve" });
});
afterAll(async () => {
  await t?.close();
  await site?.close();
});

const submit = (u: TestUser, url: string) => t.json("POST", "/media/web-articles", { url }, u.headers);

async function settle(u: TestUser, id: string): Promise<any> {
  const end = Date.now() + 100_000;
  for (;;) {
    const r = await t.json("GET", `/media/${id}`, undefined, u.headers);
    const s = r.body?.data?.processing_status;
    if (s === "ready_for_reading" || s === "failed") return r.body.data;
    if (Date.now() > end) throw new Error(`media ${id} stuck in ${s} (${r.status})`);
    await new Promise((res) => setTimeout(res, 50));
  }
}

describe("html sanitization + rewriting", () => {
  it("`<base>` is removed and relative hrefs and images are made absolute from canonical_url, not the page's <base>", async () => {
    const r = await submit(ann, `${site.origin}/based`);
    expect(r.status).toBe(202);
    const media = await settle(ann, r.body.data.id);
    expect([media.processing_status, media.failure_message]).toEqual(["ready_for_reading", null]);
    const frags = await t.json("GET", `/media/${media.id}/fragments`, undefined, ann.headers);
    const html: string = frags.body.data.fragments[0].html_sanitized;
    expect(html).not.toContain("evil.example");
    expect(html).not.toMatch(/<base/i);
    expect(html).toContain(`href="${site.origin}/crumb"`);
    expect(html).toContain(`href="${site.origin}/starter"`);
    // The image behind the opaque proxy points at the canonical URL's host too.
    const assets = await t.ladle.database.db
      .selectFrom("image_assets")
      .select("origin_url")
      .where("media_id", "=", media.id)
      .execute();
    expect(assets.map((a) => a.origin_url)).toEqual([`${site.origin}/loaf.png`]);
  });
});

describe("dedup rule, invariants", () => {
  it("an id returned for a URL that redirects to an article already saved stays that article's id for its whole life", async () => {
    const first = await submit(ann, `${site.origin}/saved`);
    const saved = await settle(ann, first.body.data.id);
    expect(saved.processing_status).toBe("ready_for_reading");

    // Ben submits another address of the same article: a new row while its redirect is unknown.
    const r = await submit(ben, `${site.origin}/short-link`);
    expect(r.status).toBe(202);
    const id = r.body.data.id;
    expect(id).not.toBe(saved.id);
    // Polling that id never answers 404: it reaches the saved article, readable.
    const media = await settle(ben, id);
    expect(media).toMatchObject({
      id: saved.id,
      processing_status: "ready_for_reading",
      title: "Saved Bread",
      canonical_url: `${site.origin}/saved`,
    });
    const frags = await t.json("GET", `/media/${id}/fragments`, undefined, ben.headers);
    expect(frags.status).toBe(200);
    expect(frags.body.data.fragments[0].html_sanitized).toContain("Sourdough");
    // one media row per canonical_url; Ben's library now holds it.
    const rows = await t.ladle.database.db
      .selectFrom("media")
      .select("id")
      .where("canonical_url", "=", `${site.origin}/saved`)
      .execute();
    expect(rows).toEqual([{ id: saved.id }]);
    const list = await t.json("GET", "/media", undefined, ben.headers);
    expect(list.body.data.media.map((m: { id: string }) => m.id)).toContain(saved.id);
    // The pre-redirect address submitted again is the same article, at once.
    const again = await submit(ben, `${site.origin}/short-link`);
    expect(again).toMatchObject({ status: 200, body: { data: { id: saved.id } } });
    // visibility: the old id is no key to the article for someone outside its libraries.
    const eveView = await t.json("GET", `/media/${id}`, undefined, eve.headers);
    expect(eveView).toMatchObject({ status: 404, body: { error: { code: "E_NOT_FOUND" } } });
  });
});

describe("acceptance scenarios", () => {
  it("failed extraction: an unreadable page ends failed with E_EXTRACT_NO_CONTENT, no fragment, retry available", async () => {
    const r = await submit(ann, `${site.origin}/empty`);
    const media = await settle(ann, r.body.data.id);
    expect(media).toMatchObject({ processing_status: "failed", failure_code: "E_EXTRACT_NO_CONTENT" });
    const frags = await t.json("GET", `/media/${media.id}/fragments`, undefined, ann.headers);
    expect(frags.status).toBe(409);
    const retry = await t.json("POST", `/media/${media.id}/retry`, undefined, ann.headers);
    expect(retry).toMatchObject({
      status: 202,
      body: { data: { id: media.id, processing_status: "extracting" } },
    });
    await settle(ann, media.id);
  });

  it("visibility enforcement: media not in the viewer's libraries → 404 on metadata and fragments", async () => {
    const r = await submit(ann, `${site.origin}/saved?private`);
    const media = await settle(ann, r.body.data.id);
    for (const path of [`/media/${media.id}`, `/media/${media.id}/fragments`])
      expect(await t.json("GET", path, undefined, eve.headers)).toMatchObject({
        status: 404,
        body: { error: { code: "E_NOT_FOUND" } },
      });
  });
});

describe("domain model, input contract, failure taxonomy", () => {
  const STABLE = [
    "E_URL_INVALID",
    "E_FETCH_FAILED",
    "E_FETCH_FORBIDDEN",
    "E_FETCH_UNSUPPORTED_CONTENT_TYPE",
    "E_FETCH_KIND_MISMATCH_PDF",
    "E_FETCH_KIND_MISMATCH_EPUB",
    "E_EXTRACT_NO_CONTENT",
    "E_SANITIZE_FAILED",
    "E_CANONICALIZE_FAILED",
  ];
  const mediaCount = async () =>
    Number(
      (
        await t.ladle.database.db
          .selectFrom("media")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("a private or blocked host submitted directly → 400 E_FETCH_FORBIDDEN, nothing stored", async () => {
    const before = await mediaCount();
    for (const url of [
      "http://10.0.0.1/secret",
      "http://169.254.169.254/latest/meta-data/",
      "http://[::1]/admin",
      "http://printer.local/status",
      "http://user:pw@example.com/a",
    ]) {
      const r = await submit(ann, url);
      expect([url, r.status, r.body.error?.code]).toEqual([url, 400, "E_FETCH_FORBIDDEN"]);
      expect(r.body.error.message).toBeTruthy();
    }
    expect(await mediaCount()).toBe(before);
  });

  it("E_URL_INVALID is kept for an invalid scheme or a malformed URL", async () => {
    for (const url of ["ftp://example.com/a", "javascript:alert(1)", "not a url", "http://"]) {
      const r = await submit(ann, url);
      expect([url, r.status, r.body.error?.code]).toEqual([url, 400, "E_URL_INVALID"]);
    }
  });

  it("a site that answers with a challenge wall fails with a code from the stable list (E_FETCH_FORBIDDEN)", async () => {
    const r = await submit(ann, `${site.origin}/challenge`);
    const media = await settle(ann, r.body.data.id);
    expect(media).toMatchObject({ processing_status: "failed", failure_code: "E_FETCH_FORBIDDEN" });
    expect(STABLE).toContain(media.failure_code);
    expect(media.failure_message).toMatch(/challenge|login/i);
  });

  it("source_url is the URL as submitted (fragment included); canonical_url drops the fragment and keeps the query", async () => {
    const submitted = `${site.origin}/saved?page=2&a=b#comments`;
    const r = await submit(ann, submitted);
    const media = await settle(ann, r.body.data.id);
    expect(media).toMatchObject({
      source_url: submitted,
      canonical_url: `${site.origin}/saved?page=2&a=b`,
      processing_status: "ready_for_reading",
    });
    // The same page under another fragment is the same article (dedup by canonical_url).
    const again = await submit(ben, `${site.origin}/saved?page=2&a=b#top`);
    expect(again).toMatchObject({ status: 200, body: { data: { id: media.id } } });
  });
});

describe("processing_status, as an event stream (spec README: the families that poll)", () => {
  it("README: GET /media/{id}/events streams ingest.progress from the current state to ready_for_reading, in order", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    site.route("/held", (_req, res) => {
      void gate.then(() =>
        res
          .writeHead(200, { "content-type": "text/html; charset=utf-8" })
          .end(articlePage({ title: "Held Bread" })),
      );
    });
    const r = await submit(ann, `${site.origin}/held`);
    const id = r.body.data.id;
    const res = await t.app.request(`/media/${id}/events`, { headers: ann.headers });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/event-stream/);
    const events = await readSse(res, undefined, () => release());
    expect(events.every((e) => e.event === "ingest.progress")).toBe(true);
    const states = events.map((e) => e.data.processing_status as string);
    expect(["pending", "extracting"]).toContain(states[0]);
    expect(states.at(-1)).toBe("ready_for_reading");
    const order = ["pending", "extracting", "ready_for_reading"];
    const ranks = states.map((s) => order.indexOf(s));
    expect([...ranks].sort()).toEqual(ranks);
    expect(events.at(-1)!.data).toMatchObject({ mediaId: id, progress: 100 });
  });

  it("another user's media has no event stream for them (404 E_NOT_FOUND); a failed one ends at failed with its code", async () => {
    const r = await submit(ann, `${site.origin}/empty?events`);
    await settle(ann, r.body.data.id);
    const denied = await t.json("GET", `/media/${r.body.data.id}/events`, undefined, eve.headers);
    expect(denied).toMatchObject({ status: 404, body: { error: { code: "E_NOT_FOUND" } } });
    const events = await readSse(
      await t.app.request(`/media/${r.body.data.id}/events`, { headers: ann.headers }),
    );
    expect(events.map((e) => [e.event, e.data.processing_status, e.data.failure_code])).toEqual([
      ["ingest.progress", "failed", "E_EXTRACT_NO_CONTENT"],
    ]);
  });
});

describe("url normalization and redirects", () => {
  it("canonical_url lowercases scheme and host, removes default ports, strips the fragment and keeps the query as is", async () => {
    expect(canonicalArticleUrl("HTTPS://News.Example.COM:443/a/B?z=1&utm_source=x&a=2#top")).toBe(
      "https://news.example.com/a/B?z=1&utm_source=x&a=2",
    );
    expect(canonicalArticleUrl("http://example.com:80/p")).toBe("http://example.com/p");
    expect(canonicalArticleUrl("http://example.com:8080/p")).toBe("http://example.com:8080/p");
    site.route("/norm", { body: articlePage({ title: "Normal Bread" }) });
    const r = await submit(
      ann,
      `HTTP://127.0.0.1:${new URL(site.origin).port}/norm?z=1&utm_source=x&a=2#frag`,
    );
    const media = await settle(ann, r.body.data.id);
    expect(media).toMatchObject({
      processing_status: "ready_for_reading",
      canonical_url: `${site.origin}/norm?z=1&utm_source=x&a=2`,
    });
  });

  it("up to 5 redirects are followed (the last URL is canonical); a 6th is not, and the article fails", async () => {
    site.route("/hop-end", { body: articlePage({ title: "Far Bread" }) });
    for (let i = 1; i <= 6; i++)
      site.route(`/hop${i}`, { status: 302, headers: { location: i === 1 ? "/hop-end" : `/hop${i - 1}` } });
    const five = await settle(ann, (await submit(ann, `${site.origin}/hop5`)).body.data.id);
    expect(five).toMatchObject({
      processing_status: "ready_for_reading",
      canonical_url: `${site.origin}/hop-end`,
    });
    const six = await settle(ann, (await submit(ann, `${site.origin}/hop6`)).body.data.id);
    expect(six.processing_status).toBe("failed");
    expect(six.failure_code).toBe("E_FETCH_FAILED");
    expect(six.failure_message).toMatch(/redirect/i);
  });
});

describe("failure taxonomy and retry policy", () => {
  it("each kind of unreadable address fails with its stable code and no fragment", async () => {
    site.route("/data.json", { headers: { "content-type": "application/json" }, body: '{"a":1}' });
    site.route("/paper.pdf", { headers: { "content-type": "application/pdf" }, body: "%PDF-1.4\n%%EOF" });
    site.route("/book.epub", { headers: { "content-type": "application/epub+zip" }, body: "PK\u0003\u0004" });
    site.route("/to-private", { status: 302, headers: { location: "http://10.0.0.1/inside" } });
    site.route("/to-ftp", { status: 302, headers: { location: "ftp://127.0.0.1/file" } });
    const cases: [string, string][] = [
      ["/data.json", "E_FETCH_UNSUPPORTED_CONTENT_TYPE"],
      ["/paper.pdf", "E_FETCH_KIND_MISMATCH_PDF"],
      ["/book.epub", "E_FETCH_KIND_MISMATCH_EPUB"],
      ["/to-private", "E_FETCH_FORBIDDEN"],
      // rejects a redirect to another scheme; files an invalid scheme under E_URL_INVALID.
      ["/to-ftp", "E_URL_INVALID"],
    ];
    for (const [path, code] of cases) {
      const m = await settle(ann, (await submit(ann, site.origin + path)).body.data.id);
      expect([path, m.processing_status, m.failure_code]).toEqual([path, "failed", code]);
      const frags = await t.ladle.database.db
        .selectFrom("fragments")
        .select("id")
        .where("media_id", "=", m.id)
        .execute();
      expect(frags).toEqual([]);
    }
  });

  it("E_FETCH_FAILED is retried automatically up to Articles:MaxFetchAttempts (3); other codes are not", async () => {
    site.route("/reset", (req) => req.socket.destroy());
    const m = await settle(ann, (await submit(ann, `${site.origin}/reset`)).body.data.id);
    expect(m).toMatchObject({
      processing_status: "failed",
      failure_code: "E_FETCH_FAILED",
      processing_attempts: 3,
    });
    expect(site.hits.get("/reset")).toBe(3);
    site.route("/once.pdf", { headers: { "content-type": "application/pdf" }, body: "%PDF-1.4\n%%EOF" });
    const pdf = await settle(ann, (await submit(ann, `${site.origin}/once.pdf`)).body.data.id);
    expect(pdf).toMatchObject({ failure_code: "E_FETCH_KIND_MISMATCH_PDF", processing_attempts: 1 });
    expect(site.hits.get("/once.pdf")).toBe(1);
  });
});

describe("links and images, canonical text", () => {
  it("every link opens apart (target, rel, referrerpolicy); every image is an opaque /api/images/{id} URL; canonical_text is never sent", async () => {
    site.route("/linked", {
      body: articlePage({
        title: "Linked Bread",
        body: '<p>See <a href="https://other.example/x">elsewhere</a>, <a href="/local">here</a> and <img src="/pic.png" alt="p"> <img src="https://cdn.example/q.jpg" alt="q">.</p>',
      }),
    });
    const media = await settle(ann, (await submit(ann, `${site.origin}/linked`)).body.data.id);
    const frags = await t.json("GET", `/media/${media.id}/fragments`, undefined, ann.headers);
    const html: string = frags.body.data.fragments[0].html_sanitized;
    const anchors = html.match(/<a\b[^>]*>/g) ?? [];
    expect(anchors.length).toBeGreaterThanOrEqual(3);
    for (const a of anchors) {
      expect(a).toContain('target="_blank"');
      expect(a).toContain('rel="noopener noreferrer"');
      expect(a).toContain('referrerpolicy="no-referrer"');
    }
    const srcs = [...html.matchAll(/<img\b[^>]*\bsrc="([^"]*)"/g)].map((m) => m[1]);
    expect(srcs).toHaveLength(2);
    for (const src of srcs) expect(src).toMatch(/^\/api\/images\/[0-9a-f-]{36}$/);
    expect(html).not.toMatch(/cdn\.example|pic\.png/);
    // The canonical text exists, and no read answer carries it.
    const stored = await t.ladle.database.db
      .selectFrom("fragments")
      .select("canonical_text")
      .where("media_id", "=", media.id)
      .executeTakeFirstOrThrow();
    expect(stored.canonical_text).toContain("Sourdough asks for patience");
    for (const path of [`/media/${media.id}`, `/media/${media.id}/fragments`, "/media"]) {
      const text = await (await t.app.request(path, { headers: ann.headers })).text();
      expect([
        path,
        text.includes("canonical_text"),
        text.includes("Sourdough asks for patience more than skill. A starter"),
      ]).toEqual([path, false, path.endsWith("fragments")]);
    }
  });

  it("image proxy: image/* served; svg refused; over 10 MB refused; a private address refused; another user's image is 404", async () => {
    const big = Buffer.concat([PNG_1x1, Buffer.alloc(10 * 1024 * 1024 + 1)]);
    site.route("/ok.png", { headers: { "content-type": "image/png" }, body: PNG_1x1 });
    site.route("/vec.svg", {
      headers: { "content-type": "image/svg+xml" },
      body: '<svg xmlns="http://www.w3.org/2000/svg"/>',
    });
    site.route("/big.png", { headers: { "content-type": "image/png" }, body: big });
    site.route("/pics", {
      body: articlePage({
        title: "Picture Bread",
        body: '<p><img src="/ok.png" alt="a"> <img src="/vec.svg" alt="b"> <img src="/big.png" alt="c"> <img src="http://10.0.0.1/in.png" alt="d"></p>',
      }),
    });
    const media = await settle(ann, (await submit(ann, `${site.origin}/pics`)).body.data.id);
    const assets = await t.ladle.database.db
      .selectFrom("image_assets")
      .select(["id", "origin_url"])
      .where("media_id", "=", media.id)
      .execute();
    const idOf = (suffix: string) => assets.find((a) => a.origin_url.endsWith(suffix))?.id;
    const get = (id: string | undefined, u = ann) =>
      t.app.request(`/api/images/${id}`, { headers: u.headers });
    const ok = await get(idOf("/ok.png"));
    expect([ok.status, ok.headers.get("content-type")]).toEqual([200, "image/png"]);
    const svg = await get(idOf("/vec.svg"));
    expect([svg.status, (await svg.json()).error.code]).toEqual([415, "E_IMAGE_UNSUPPORTED"]);
    const large = await get(idOf("/big.png"));
    expect([large.status, (await large.json()).error.code]).toEqual([413, "E_IMAGE_TOO_LARGE"]);
    const priv = await get(idOf("/in.png"));
    expect([priv.status, (await priv.json()).error.code]).toEqual([403, "E_IMAGE_FORBIDDEN"]);
    expect((await get(idOf("/ok.png"), eve)).status).toBe(404);
  });
});

describe("library insertion, auth", () => {
  it("no token → 401 E_UNAUTHORIZED; a library the viewer does not administer → 403 E_FORBIDDEN", async () => {
    const anon = await t.json("POST", "/media/web-articles", { url: `${site.origin}/saved` });
    expect(anon).toMatchObject({ status: 401, body: { error: { code: "E_UNAUTHORIZED" } } });
    const lib = await t.json("POST", "/api/libraries", { name: "Ann's shelf" }, ann.headers);
    const denied = await t.json(
      "POST",
      "/media/web-articles",
      { url: `${site.origin}/saved`, library_id: lib.body.id },
      ben.headers,
    );
    expect(denied).toMatchObject({ status: 403, body: { error: { code: "E_FORBIDDEN" } } });
  });

  it("without library_id the article goes to the viewer's default library; with one, to it and to the default library too", async () => {
    site.route("/lib-default", { body: articlePage({ title: "Default Bread" }) });
    const plain = await submit(ben, `${site.origin}/lib-default`);
    const links = async (id: string) =>
      (
        await t.ladle.database.db
          .selectFrom("library_media")
          .select("library_id")
          .where("media_id", "=", id)
          .execute()
      )
        .map((l) => l.library_id)
        .sort();
    expect(await links(plain.body.data.id)).toEqual([ben.defaultLibraryId]);
    const lib = await t.json("POST", "/api/libraries", { name: "Ben's club" }, ben.headers);
    site.route("/lib-target", { body: articlePage({ title: "Target Bread" }) });
    const r = await t.json(
      "POST",
      "/media/web-articles",
      { url: `${site.origin}/lib-target`, library_id: lib.body.id },
      ben.headers,
    );
    expect(r.status).toBe(202);
    expect(await links(r.body.data.id)).toEqual([lib.body.id, ben.defaultLibraryId].sort());
    await settle(ben, plain.body.data.id);
    await settle(ben, r.body.data.id);
  });
});
