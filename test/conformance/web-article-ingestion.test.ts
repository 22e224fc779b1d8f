/**
 * Conformance: web-article-ingestion.md (`../shared/spec/web-article-ingestion.md`), through the
 * HTTP API (`/media/...`). Each test names the section whose clause it checks.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articlePage } from "../helpers/articlePages.ts";
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
}, 180_000);
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

describe("§7 html sanitization + rewriting", { timeout: 120_000 }, () => {
  it("§7: `<base>` is removed and relative hrefs and images are made absolute from canonical_url, not the page's <base>", async () => {
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

describe("§3 dedup rule, §12 invariants", { timeout: 120_000 }, () => {
  it("§11/§12: an id returned for a URL that redirects to an article already saved stays that article's id for its whole life", async () => {
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
    // §12: one media row per canonical_url; Ben's library now holds it.
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
    // §11 visibility: the old id is no key to the article for someone outside its libraries.
    const eveView = await t.json("GET", `/media/${id}`, undefined, eve.headers);
    expect(eveView).toMatchObject({ status: 404, body: { error: { code: "E_NOT_FOUND" } } });
  });
});

describe("§13 acceptance scenarios", { timeout: 120_000 }, () => {
  it("§13 failed extraction: an unreadable page ends failed with E_EXTRACT_NO_CONTENT, no fragment, retry available", async () => {
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

  it("§13 visibility enforcement: media not in the viewer's libraries → 404 on metadata and fragments", async () => {
    const r = await submit(ann, `${site.origin}/saved?private`);
    const media = await settle(ann, r.body.data.id);
    for (const path of [`/media/${media.id}`, `/media/${media.id}/fragments`])
      expect(await t.json("GET", path, undefined, eve.headers)).toMatchObject({
        status: 404,
        body: { error: { code: "E_NOT_FOUND" } },
      });
  });
});

describe("§2 domain model, §3 input contract, §6 failure taxonomy", { timeout: 120_000 }, () => {
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

  it("§6/§9: a private or blocked host submitted directly → 400 E_FETCH_FORBIDDEN, nothing stored", async () => {
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

  it("§6: E_URL_INVALID is kept for an invalid scheme or a malformed URL", async () => {
    for (const url of ["ftp://example.com/a", "javascript:alert(1)", "not a url", "http://"]) {
      const r = await submit(ann, url);
      expect([url, r.status, r.body.error?.code]).toEqual([url, 400, "E_URL_INVALID"]);
    }
  });

  it("§6: a site that answers with a challenge wall fails with a code from the stable list (E_FETCH_FORBIDDEN)", async () => {
    const r = await submit(ann, `${site.origin}/challenge`);
    const media = await settle(ann, r.body.data.id);
    expect(media).toMatchObject({ processing_status: "failed", failure_code: "E_FETCH_FORBIDDEN" });
    expect(STABLE).toContain(media.failure_code);
    expect(media.failure_message).toMatch(/challenge|login/i);
  });

  it("§2: source_url is the URL as submitted (fragment included); canonical_url drops the fragment and keeps the query (§3)", async () => {
    const submitted = `${site.origin}/saved?page=2&a=b#comments`;
    const r = await submit(ann, submitted);
    const media = await settle(ann, r.body.data.id);
    expect(media).toMatchObject({
      source_url: submitted,
      canonical_url: `${site.origin}/saved?page=2&a=b`,
      processing_status: "ready_for_reading",
    });
    // The same page under another fragment is the same article (§3 dedup by canonical_url).
    const again = await submit(ben, `${site.origin}/saved?page=2&a=b#top`);
    expect(again).toMatchObject({ status: 200, body: { data: { id: media.id } } });
  });
});

describe(
  "§5 processing_status, as an event stream (spec README: the families that poll)",
  { timeout: 120_000 },
  () => {
    it("README: GET /media/{id}/events streams ingest.progress from the current state to ready_for_reading, in §5 order", async () => {
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

    it("README/§11: another user's media has no event stream for them (404 E_NOT_FOUND); a failed one ends at failed with its code", async () => {
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
  },
);
