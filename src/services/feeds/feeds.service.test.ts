import type { IncomingHttpHeaders } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articlePage } from "../../../test/helpers/articlePages.ts";
import { startFixtureServer, type FixtureServer } from "../../../test/helpers/fixtureServer.ts";
import { startTestLadle, type TestLadle } from "../../../test/helpers/testLadle.ts";
import { createTestUser } from "../../../test/helpers/users.ts";
import type { Caller } from "../../domain/user.ts";
import { FeedsRepo } from "../../storage/feeds.repo.ts";
import { runFeedJob } from "./feedRun.ts";
import { waitFor } from "../../../test/helpers/waitFor.ts";

/** An RSS document of `n` entries, newest first, one a day back from 2026-11-01. */
export function rss(origin: string, n: number, extra = ""): string {
  const items = Array.from({ length: n }, (_, i) => {
    const at = new Date(Date.UTC(2026, 10, 1) - i * 86_400_000).toUTCString();
    return `<item><title>Post ${i + 1}</title><link>${origin}/posts/${i + 1}</link><guid>post-${i + 1}</guid><pubDate>${at}</pubDate></item>`;
  }).join("");
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>The Bread Blog</title><link>${origin}/</link>${extra}${items}</channel></rss>`;
}

let t: TestLadle;
let site: FixtureServer;
let me: Caller;
const seen: IncomingHttpHeaders[] = [];
let feedStatus = 200;

beforeAll(async () => {
  site = await startFixtureServer({
    // A feed with validators: the same ETag answers 304.
    "/small.xml": (req, res) => {
      seen.push(req.headers);
      if (feedStatus !== 200) return void res.writeHead(feedStatus).end("down");
      if (req.headers["if-none-match"] === '"v1"') return void res.writeHead(304).end();
      res
        .writeHead(200, {
          "content-type": "application/rss+xml",
          etag: '"v1"',
          "last-modified": "Sun, 01 Nov 2026 10:00:00 GMT",
        })
        .end(rss(site.origin, 3, "<item><title>A note without a link</title></item>"));
    },
    "/blog": {
      body: `<html><head><link rel="alternate" type="application/atom+xml" href="/atom"></head></html>`,
    },
    "/atom": {
      headers: { "content-type": "application/atom+xml" },
      body: `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Atom soup</title></feed>`,
    },
    "/plain": { body: "<html><head><title>No feed here</title></head></html>" },
  });
  for (let i = 1; i <= 40; i++) site.route(`/posts/${i}`, { body: articlePage({ title: `Post ${i}` }) });
  t = await startTestLadle({ config: { Articles: { Render: "never" } } });
  const cook = await createTestUser(t, { name: "cook" });
  me = { id: cook.id, name: cook.name, role: "user" };
});

afterAll(async () => {
  await t?.close();
  await site?.close();
});

describe("feeds", () => {
  it("subscribes, imports the entries, logs the broken one, and asks again with If-None-Match / If-Modified-Since (304: no new work)", async () => {
    const add = await t.ladle.feeds.add(me, { url: `${site.origin}/small.xml` });
    expect(add.ok).toBe(true);
    if (!add.ok) return;
    const id = add.value.feed.id;
    expect(add.value.feed.title).toBe("The Bread Blog");
    const first = await waitFor("the first fetch", async () => {
      const log = await t.ladle.feeds.log(me, id);
      return log.ok && log.value.runs[0]?.finishedAt ? log.value : undefined;
    });
    expect(first.runs[0]).toMatchObject({
      answer: "fetched",
      httpStatus: 200,
      itemsSeen: 4,
      itemsNew: 4,
      imported: 3,
    });
    expect(first.runs[0]!.failures).toEqual([
      {
        title: "A note without a link",
        link: null,
        reason: "the entry has no link to an article",
        code: "noLink",
        params: {},
      },
    ]);
    expect(first.feed.status).toBe("ok");

    const before = seen.length;
    const again = await t.ladle.feeds.refresh(me, id);
    expect(again.ok && again.value.queued).toBe(true);
    const second = await waitFor("the second fetch", async () => {
      const log = await t.ladle.feeds.log(me, id);
      return log.ok && log.value.runs.length === 2 && log.value.runs[0]!.finishedAt ? log.value : undefined;
    });
    const asked = seen.slice(before);
    expect(asked).toHaveLength(1);
    expect(asked[0]!["if-none-match"]).toBe('"v1"');
    expect(asked[0]!["if-modified-since"]).toBe("Sun, 01 Nov 2026 10:00:00 GMT");
    expect(second.runs[0]).toMatchObject({
      answer: "not_modified",
      httpStatus: 304,
      imported: 0,
      failures: [],
    });
    expect(second.runs[0]!.summary).toMatch(/Unchanged since the last fetch/);
    const entries = await t.ladle.feeds.entries(me, id);
    expect(entries.ok && entries.value.filter((e) => e.state === "imported")).toHaveLength(3);
    const articles = await t.ladle.articles.list(me, undefined);
    expect(articles.ok && articles.value.filter((a) => a.source_url.includes("/posts/"))).toHaveLength(3);
  });

  it("a feed that fails keeps saying so, in plain words, until a fetch works again", async () => {
    const list = await t.ladle.feeds.list(me);
    const id = list.ok ? list.value[0]!.id : "";
    feedStatus = 500;
    for (let i = 0; i < 2; i++) {
      const now = await t.ladle.feeds.log(me, id);
      const runs = now.ok ? now.value.runs.length : 0;
      await t.ladle.feeds.refresh(me, id);
      await waitFor("a failed fetch", async () => {
        const log = await t.ladle.feeds.log(me, id);
        return log.ok && log.value.runs.length === runs + 1 && log.value.runs[0]!.finishedAt;
      });
    }
    const failing = await t.ladle.feeds.get(me, id);
    expect(failing.ok && failing.value.status).toBe("failing");
    expect(failing.ok && failing.value.statusText).toMatch(
      /^Failing since .*: the site had an error \(HTTP 500\)/,
    );
    const log = await t.ladle.feeds.log(me, id);
    expect(log.ok && log.value.runs[0]!.summary).toBe("Failed: the site had an error (HTTP 500)");
    // Beside the words, a code and its figures for the reader's language.
    expect(failing.ok && [failing.value.failureCode, failing.value.failureParams]).toEqual([
      "siteError",
      { status: 500 },
    ]);
    expect(log.ok && [log.value.runs[0]!.messageCode, log.value.runs[0]!.messageParams]).toEqual([
      "siteError",
      { status: 500 },
    ]);
    feedStatus = 200;
    await t.ladle.feeds.refresh(me, id);
    const ok = await waitFor("a working fetch", async () => {
      const f = await t.ladle.feeds.get(me, id);
      return f.ok && f.value.status === "ok" ? f.value : undefined;
    });
    expect(ok.failureMessage).toBeNull();
    expect(ok.failureCode).toBeNull();
  });

  it("finds the feed a site's page names, and says so plainly when there is none", async () => {
    const viaPage = await t.ladle.feeds.add(me, { url: `${site.origin}/blog` });
    expect(viaPage.ok && viaPage.value.feed.url).toBe(`${site.origin}/atom`);
    expect(viaPage.ok && viaPage.value.feed.title).toBe("Atom soup");
    const none = await t.ladle.feeds.add(me, { url: `${site.origin}/plain` });
    expect(none).toMatchObject({ ok: false, code: "NO_FEED_THERE" });
    const tooOften = await t.ladle.feeds.add(me, { url: `${site.origin}/small.xml`, intervalMinutes: 1 });
    expect(tooOften).toMatchObject({ ok: false, code: "INVALID_FEED" });
    expect(!tooOften.ok && tooOften.message).toMatch(/at most every 15 minutes/);
  });

  it("the scheduler queues a fetch of every feed whose interval ran out, once", async () => {
    site.route("/due.xml", {
      headers: { "content-type": "application/rss+xml" },
      body: rss(site.origin, 1),
    });
    const repo = new FeedsRepo(t.ladle.database.db);
    const due = await repo.create({
      id: crypto.randomUUID(),
      ownerId: me.id,
      libraryId: await t.ladle.users.defaultLibraryId(me.id),
      url: `${site.origin}/due.xml`,
      siteUrl: null,
      title: null,
      intervalMinutes: 60,
      at: new Date(Date.now() - 61 * 60_000),
    });
    expect(await t.ladle.feeds.queueDue()).toBe(1);
    // Claimed: its next fetch moved an interval on, so the next tick queues nothing.
    expect(await t.ladle.feeds.queueDue()).toBe(0);
    const log = await waitFor("the scheduled fetch", async () => {
      const l = await t.ladle.feeds.log(me, due.row.id);
      return l.ok && l.value.runs[0]?.finishedAt ? l.value : undefined;
    });
    expect(log.runs[0]).toMatchObject({ answer: "fetched", itemsSeen: 1 });
    expect(new Date(log.feed.nextFetchAt).getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
  });

  it("imports the newest N first and carries on after a crash mid-run without importing anything twice", async () => {
    site.route("/big.xml", {
      headers: { "content-type": "application/rss+xml" },
      body: rss(site.origin, 40),
    });
    const repo = new FeedsRepo(t.ladle.database.db);
    const config = { ...t.ladle.config, Feeds: { ...t.ladle.config.Feeds, NewestPerFetch: 10 } };
    const created = await repo.create({
      id: crypto.randomUUID(),
      ownerId: me.id,
      libraryId: await t.ladle.users.defaultLibraryId(me.id),
      url: `${site.origin}/big.xml`,
      siteUrl: null,
      title: null,
      intervalMinutes: 60,
      at: new Date(),
    });
    let submits = 0;
    const deps = (crashAt: number | null) => ({
      config,
      repo,
      now: () => new Date(),
      log: t.ladle.log,
      fetch: (url: string, o: { headers: Record<string, string>; accept: string; maxBytes: number }) =>
        t.ladle.gateway.fetch(url, o),
      caller: async () => me,
      submitArticle: async (c: Caller, input: { url: string; libraryId: string }) => {
        const r = await t.ladle.articles.submit(c, input);
        // The worker dies after saving the article and before marking the entry done.
        if (++submits === crashAt) throw new Error("worker killed");
        return r;
      },
    });
    const job = { feedId: created.row.id, runId: crypto.randomUUID() };
    await expect(runFeedJob(deps(4), job)).rejects.toThrow("worker killed");
    await runFeedJob(deps(null), job);
    const entries = await repo.entries(created.row.id, 100);
    const imported = entries.filter((e) => e.state === "imported");
    expect(imported.map((e) => e.title)).toEqual(Array.from({ length: 10 }, (_, i) => `Post ${i + 1}`));
    expect(new Set(imported.map((e) => e.media_id)).size).toBe(10);
    // The next fetch takes the next ten, newest first.
    await runFeedJob(deps(null), { feedId: created.row.id, runId: crypto.randomUUID() });
    const after = (await repo.entries(created.row.id, 100)).filter((e) => e.state === "imported");
    expect(after.map((e) => e.title).slice(10)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Post ${i + 11}`),
    );
    const articles = await t.ladle.articles.list(me, undefined);
    const urls = articles.ok ? articles.value.map((a) => a.source_url) : [];
    expect(urls.length).toBe(new Set(urls).size);
    expect(urls.filter((u) => u.includes("/posts/"))).toHaveLength(20);
  });
});
