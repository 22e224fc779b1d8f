import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { serve, type ServerType } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articlePage } from "../helpers/articlePages.ts";
import { startFixtureServer, type FixtureServer } from "../helpers/fixtureServer.ts";
import { startTestLadle, type TestLadle } from "../helpers/testLadle.ts";
import { createTestUser, type TestUser } from "../helpers/users.ts";

const BIN = fileURLToPath(new URL("../../bin/ladle.js", import.meta.url));
const run = promisify(execFile);

let t: TestLadle;
let site: FixtureServer;
let http: ServerType;
let origin = "";
let alice: TestUser;
let bob: TestUser;
const dir = mkdtempSync(path.join(os.tmpdir(), "ladle-feeds-cli-"));

beforeAll(async () => {
  site = await startFixtureServer({
    "/feed.xml": {
      headers: { "content-type": "application/rss+xml" },
      body: `<?xml version="1.0"?><rss version="2.0"><channel><title>Soup Weekly</title>
        <item><title>Leek soup</title><link>/leek</link><guid>leek</guid></item>
        <item><title>No link here</title><guid>nolink</guid></item></channel></rss>`,
    },
    "/leek": { body: articlePage({ title: "Leek soup" }) },
  });
  t = await startTestLadle({ config: { Articles: { Render: "never" } } });
  alice = await createTestUser(t, { name: "alice" });
  bob = await createTestUser(t, { name: "bob" });
  await new Promise<void>((resolve) => {
    http = serve({ fetch: t.app.fetch, hostname: "127.0.0.1", port: 0 }, (info) => {
      origin = `http://127.0.0.1:${info.port}`;
      resolve();
    });
  });
});

afterAll(async () => {
  await new Promise((r) => http?.close(r));
  await t?.close();
  await site?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function ladle(u: TestUser, args: string[]) {
  try {
    const r = await run(process.execPath, [BIN, "--server", origin, "--token", u.token, ...args], {
      env: { PATH: process.env.PATH ?? "", LADLE_CLI_CONFIG: path.join(dir, "none.json") },
    });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe("ladle feeds", () => {
  it("adds, lists, logs, refreshes and removes a feed; another person's is not found", async () => {
    const added = await ladle(alice, ["feeds", "add", `${site.origin}/feed.xml`, "--json"]);
    expect(added.code, added.stderr).toBe(0);
    const feed = JSON.parse(added.stdout);
    expect(feed).toMatchObject({ title: "Soup Weekly", alreadyFollowed: false });

    // The first fetch runs on the server's worker: wait for its line in the log.
    let log = "";
    for (let i = 0; i < 200 && !/1 imported, 1 failed/.test(log); i++) {
      log = (await ladle(alice, ["feeds", "log", feed.id])).stdout;
      if (!/1 imported, 1 failed/.test(log)) await new Promise((r) => setTimeout(r, 100));
    }
    expect(log).toMatch(/^Soup Weekly: Fetched fine/);
    expect(log).toMatch(/2 entries, 2 new, 1 imported, 1 failed/);
    expect(log).toMatch(/failed: No link here: the entry has no link to an article/);

    const listed = await ladle(alice, ["feeds", "list"]);
    expect(listed.stdout).toMatch(new RegExp(`^${feed.id} +Soup Weekly +Fetched fine`));
    expect(listed.stdout).toMatch(/every 60 min · 1 imported, 0 waiting, 1 failed/);

    expect((await ladle(alice, ["feeds", "refresh", feed.id])).stdout).toMatch(
      /^(Fetching the feed now\.|The feed is being fetched already\.)/,
    );
    expect((await ladle(bob, ["feeds", "log", feed.id])).code).toBe(3);
    expect((await ladle(bob, ["feeds", "remove", feed.id])).code).toBe(3);
    expect((await ladle(bob, ["feeds", "list"])).stdout).toBe("no feeds\n");

    const removed = await ladle(alice, ["feeds", "remove", feed.id]);
    expect(removed.stdout).toBe(`stopped following feed ${feed.id}; its articles stay\n`);
    expect((await ladle(alice, ["feeds", "list"])).stdout).toBe("no feeds\n");
  });
});
