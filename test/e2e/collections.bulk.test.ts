import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFixtureServer, type FixtureRoute, type FixtureServer } from "../helpers/fixtureServer.ts";
import { PANCAKES_HTML, startTestLadle, type TestLadle } from "../helpers/testLadle.ts";
import { createTestUser, type TestUser } from "../helpers/users.ts";

// A bulk job: 500 loopback URLs in one job, a worker killed mid-way, a second user's
// single import going through meanwhile.
const BIN = fileURLToPath(new URL("../../bin/ladle.js", import.meta.url));
const N = 500;
const KILL_AFTER = 150;

let t: TestLadle;
let site: FixtureServer;
let ann: TestUser;
let bo: TestUser;
let hits = 0;
let reached!: () => void;
const killPoint = new Promise<void>((r) => (reached = r));
const children: ChildProcess[] = [];

function startWorker(): ChildProcess {
  const child = spawn(process.execPath, [BIN, "serve", "--role", "worker"], {
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: t.db.url,
      LADLE_ALLOW_PRIVATE_HOSTS: "127.0.0.1",
      LOG_LEVEL: "warn",
      LADLE_CONFIG: "",
      // One loopback host serves all 500 pages: no politeness pause between them.
      Fetch__PerDomainIntervalMs: "0",
      Fetch__PerDomainConcurrency: "8",
      Fetch__SharedFetchReuseSeconds: "0",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  children.push(child);
  return child;
}

/** Page i: a recipe, except every 50th+7 (gone: 404) and 50th+13 (a page without a recipe). */
const kind = (i: number) => (i % 50 === 7 ? "gone" : i % 50 === 13 ? "plain" : "recipe");

beforeAll(async () => {
  const routes: Record<string, FixtureRoute> = {
    "/single": { body: PANCAKES_HTML.replaceAll("Buttermilk Pancakes", "Bo's Pancakes") },
  };
  for (let i = 0; i < N; i++) {
    if (kind(i) === "gone") continue;
    const body =
      kind(i) === "plain"
        ? "<html><head><title>About us</title></head><body><p>We love food.</p></body></html>"
        : PANCAKES_HTML.replaceAll("Buttermilk Pancakes", `Pancakes No. ${i}`);
    routes[`/r/${i}`] = (_req, res) => {
      if (++hits === KILL_AFTER) reached();
      res.writeHead(200, { "content-type": "text/html" }).end(body);
    };
  }
  site = await startFixtureServer(routes);
  t = await startTestLadle({ worker: false });
  ann = await createTestUser(t, { name: "ann" });
  bo = await createTestUser(t, { name: "bo" });
});

afterAll(async () => {
  for (const c of children) c.kill("SIGKILL");
  await t?.close();
  await site?.close();
});

describe("a 500-URL bulk job", () => {
  it("finishes with a complete per-URL report across a worker kill, and another user's import is not held behind it", async () => {
    const urls = Array.from({ length: N }, (_, i) => `${site.origin}/r/${i}`);
    const started = await t.json("POST", "/api/collections", { urls, policy: "commit_clean" }, ann.headers);
    expect(started.status).toBe(202);
    const id = started.body.id as string;
    const first = startWorker();
    await killPoint;
    first.kill("SIGKILL");
    await new Promise((r) => first.once("exit", r));
    const mid = await t.json("GET", `/api/collections/${id}`, undefined, ann.headers);
    expect(mid.body.done).toBeLessThan(N);
    startWorker();
    // The new worker has taken Ann's job up again (its count moves on).
    let resumed;
    for (;;) {
      resumed = (await t.json("GET", `/api/collections/${id}`, undefined, ann.headers)).body;
      if (resumed.done >= mid.body.done + 20) break;
      await new Promise((r) => setTimeout(r, 100));
    }

    // Bo's single import, sent while Ann's job is running with hundreds of pages to go.
    const single = await t.json(
      "POST",
      "/api/tasks",
      { agentType: "Ingest", payload: { mode: "Url", url: `${site.origin}/single` } },
      bo.headers,
    );
    expect(single.status).toBe(202);
    const bos = await t.waitTask(
      single.body.taskId,
      (s) => s === "ReviewReady" || s === "Failed",
      120_000,
      bo.headers,
    );
    expect(bos.status).toBe("ReviewReady");
    const whenBoDone = await t.json("GET", `/api/collections/${id}`, undefined, ann.headers);

    let job;
    for (;;) {
      job = (await t.json("GET", `/api/collections/${id}`, undefined, ann.headers)).body;
      if (job.status !== "queued" && job.status !== "running") break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const report = (await t.json("GET", `/api/collections/${id}/report`, undefined, ann.headers)).body;
    const entries = report.entries as {
      label: string;
      status: string;
      reason: string | null;
      resultId: string | null;
    }[];
    // Complete: one entry per URL, in order, none left pending, none lost or repeated.
    expect(job.status).toBe("completed");
    expect(entries.map((e) => e.label)).toEqual(urls);
    const expected = urls.map((_, i) => (kind(i) === "recipe" ? "imported" : "failed"));
    expect(entries.map((e) => e.status)).toEqual(expected);
    for (const e of entries.filter((x) => x.status === "failed")) expect(e.reason).toBeTruthy();
    const imported = entries.filter((e) => e.status === "imported");
    expect(new Set(imported.map((e) => e.resultId)).size).toBe(imported.length);
    const recipes = await t.json("GET", "/api/recipes?pageSize=1", undefined, ann.headers);
    expect(recipes.body.total).toBe(imported.length);
    console.log(
      `bulk: ${imported.length} imported, ${N - imported.length} failed; worker killed after ${KILL_AFTER} page hits (${mid.body.done} done), resumed (${resumed.done} done when Bo sent his); Bo's import finished when Ann's job had ${whenBoDone.body.done}/${N} done; total page hits ${hits}`,
    );
    // Bo was not held behind Ann's 500: his import finished while hers still had pages to go.
    expect(whenBoDone.body.done).toBeLessThan(N);
  });
});
