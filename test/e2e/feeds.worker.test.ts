import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articlePage } from "../helpers/articlePages.ts";
import { startFixtureServer, type FixtureServer } from "../helpers/fixtureServer.ts";
import { startTestLadle, type TestLadle } from "../helpers/testLadle.ts";
import { createTestUser, type TestUser } from "../helpers/users.ts";
import { waitFor } from "../helpers/waitFor.ts";

/**
 * A feed of 500 entries on a loopback site, one entry broken (no link) and one article answering
 * 500: the first fetch imports the newest 50, the log names both failures, and a worker killed
 * while the articles are being read leaves nothing half done or doubled once another worker runs.
 */

const BIN = fileURLToPath(new URL("../../bin/ladle.js", import.meta.url));
const ENTRIES = 500;
const BROKEN_AFTER = 3; // the broken entry sits between posts 3 and 4: inside the newest 50
const FAILING_POST = 7;

let t: TestLadle;
let site: FixtureServer;
let cook: TestUser;
const children: ChildProcess[] = [];
let articleRequests = 0;
let holding = true;
let midRun: () => void;
const midRunSeen = new Promise<void>((r) => (midRun = r));

function feed(origin: string): string {
  const day = 86_400_000;
  const start = Date.UTC(2026, 10, 1);
  const items: string[] = [];
  for (let i = 1; i <= ENTRIES; i++) {
    items.push(
      `<item><title>Post ${i}</title><link>${origin}/posts/${i}</link><guid>post-${i}</guid><pubDate>${new Date(start - i * day).toUTCString()}</pubDate></item>`,
    );
    if (i === BROKEN_AFTER)
      items.push(
        `<item><title>A note without a link</title><guid>note-1</guid><pubDate>${new Date(start - i * day - 3_600_000).toUTCString()}</pubDate></item>`,
      );
  }
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>The Big Bread Blog</title><link>${origin}/</link>${items.join("")}</channel></rss>`;
}

function startWorker(): ChildProcess {
  const child = spawn(process.execPath, [BIN, "serve", "--role", "worker"], {
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: t.db.url,
      LADLE_ALLOW_PRIVATE_HOSTS: "127.0.0.1",
      LOG_LEVEL: "warn",
      LADLE_CONFIG: "",
      Articles__Render: "never",
      Articles__MaxFetchAttempts: "1",
      Fetch__PerDomainIntervalMs: "0",
      Fetch__MaxRetries: "0",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  children.push(child);
  return child;
}

beforeAll(async () => {
  site = await startFixtureServer({
    "/feed.xml": (_req, res) =>
      void res.writeHead(200, { "content-type": "application/rss+xml" }).end(feed(site.origin)),
  });
  for (let i = 1; i <= ENTRIES; i++)
    site.route(`/posts/${i}`, (_req, res) => {
      if (i === FAILING_POST) return void res.writeHead(500).end("oops");
      // The tenth article request hangs while the first worker is alive: it dies mid-run.
      if (holding && ++articleRequests >= 10) return midRun();
      res.writeHead(200, { "content-type": "text/html" }).end(articlePage({ title: `Post ${i}` }));
    });
  // The API only in this process: the feed's work runs in the child worker processes.
  t = await startTestLadle({ worker: false });
  cook = await createTestUser(t, { name: "cook" });
});

afterAll(async () => {
  for (const c of children) c.kill("SIGKILL");
  await t?.close();
  await site?.close();
});

describe("a feed of 500 entries", () => {
  it("imports the newest 50, logs the broken entry and the 500, and resumes after a worker kill without duplicates", async () => {
    const as = (method: string, path: string, body?: unknown) => t.json(method, path, body, cook.headers);
    const added = await as("POST", "/api/feeds", { url: `${site.origin}/feed.xml` });
    expect(added.status).toBe(201);
    expect(added.body.fetching).toBe(true);
    const id = added.body.feed.id;

    const first = startWorker();
    await midRunSeen;
    first.kill("SIGKILL");
    await new Promise((r) => first.once("exit", r));
    holding = false;
    startWorker();

    // Every one of the newest 50 entries is done, and every article it became is read or failed.
    // Five minutes is a ceiling, not a pace: the failing post's article is retried with backoff
    // before it settles, and the killed worker's jobs wait for their missed heartbeats; a busy CI
    // machine takes minutes for both.
    const entries = await waitFor(
      "the newest 50 done and their articles settled",
      async () => {
        const r = await as("GET", `/api/feeds/${id}/entries?limit=1000`);
        const list = r.body.entries as {
          title: string;
          state: string;
          failure: string | null;
          article: { id: string; status: string; failure: string | null } | null;
        }[];
        const done = list.filter((e) => e.state !== "waiting");
        const settled = done.every(
          (e) => !e.article || ["ready_for_reading", "failed"].includes(e.article.status),
        );
        return done.length === 50 && settled ? list : undefined;
      },
      300_000,
      100,
    );
    expect(entries).toHaveLength(ENTRIES + 1);
    const done = entries.filter((e) => e.state !== "waiting");
    const newest = ["Post 1", "Post 2", "Post 3", "A note without a link"];
    for (let i = 4; i <= 49; i++) newest.push(`Post ${i}`);
    expect(done.map((e) => e.title).sort()).toEqual(newest.sort());
    expect(done.filter((e) => e.state === "imported")).toHaveLength(49);
    expect(done.find((e) => e.state === "failed")).toMatchObject({
      title: "A note without a link",
      failure: "the entry has no link to an article",
    });
    const failedArticle = done.find((e) => e.title === `Post ${FAILING_POST}`)!;
    expect(failedArticle.article?.status).toBe("failed");
    expect(done.filter((e) => e.article?.status === "ready_for_reading")).toHaveLength(48);

    // No article twice: one per entry, and the library holds each once.
    expect(new Set(done.map((e) => e.article?.id).filter(Boolean)).size).toBe(49);
    const media = await as("GET", "/media");
    const urls = media.body.data.media.map((m: { source_url: string }) => m.source_url);
    expect(urls.filter((u: string) => u.includes("/posts/"))).toHaveLength(49);
    expect(new Set(urls).size).toBe(urls.length);

    // The log: one fetch, 501 entries seen and new, 49 imported, both failures with their reasons.
    const log = await as("GET", `/api/feeds/${id}/log`);
    expect(log.status).toBe(200);
    const runs = log.body.runs as {
      itemsSeen: number;
      itemsNew: number;
      imported: number;
      failures: { title: string; reason: string }[];
      summary: string;
    }[];
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ itemsSeen: 501, itemsNew: 501, imported: 49 });
    expect(runs[0]!.failures.map((f) => f.title).sort()).toEqual([
      "A note without a link",
      `Post ${FAILING_POST}`,
    ]);
    expect(runs[0]!.failures.find((f) => f.title === `Post ${FAILING_POST}`)!.reason).toMatch(/500/);
    expect(runs[0]!.summary).toBe("501 entries, 501 new, 49 imported, 2 failed");
    const listed = await as("GET", "/api/feeds");
    expect(listed.body.feeds[0]).toMatchObject({ status: "ok", imported: 49, waiting: 451, failed: 2 });
  });
});
