import type http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { SYSTEM } from "../../domain/user.ts";
import { Ladle } from "../../app/ladle.ts";
import { startFixtureServer, type FixtureServer } from "../../../test/helpers/fixtureServer.ts";
import { openTestDatabase, type TestDatabase } from "../../../test/helpers/testDb.ts";
import { PANCAKES_HTML } from "../../../test/helpers/testLadle.ts";
import { TASK_JOB } from "./taskJob.ts";
import { MAX_PAGE_CRASHES } from "./resumeAfterLoss.ts";
import { waitFor } from "../../../test/helpers/waitFor.ts";

let db: TestDatabase;
let site: FixtureServer;
const held: http.ServerResponse[] = [];
const config = loadConfig({
  env: {},
  file: null,
  overrides: {
    Server: { LogLevel: "silent" },
    // Long timeouts: a held page stays held however slow the machine is.
    Fetch: {
      AllowPrivateHosts: ["127.0.0.1"],
      PerDomainIntervalMs: 0,
      HeadersTimeoutMs: 120_000,
      TotalTimeoutMs: 120_000,
    },
  },
});

beforeAll(async () => {
  db = await openTestDatabase();
  site = await startFixtureServer({
    "/pancakes": { body: PANCAKES_HTML },
    "/held": (_req, res) => void held.push(res),
  });
});
afterAll(async () => {
  for (const r of held) r.destroy();
  await site?.close();
  await db?.close();
});

type JobRow = { id: string; state: string; retry_count: number; started_on: Date | null };

async function jobOf(ladle: Ladle, taskId: string): Promise<JobRow | undefined> {
  const { rows } = await ladle
    .queue!.boss.getDb()
    .executeSql(
      `SELECT id, state::text AS state, retry_count, started_on FROM pgboss.job WHERE name = $1 AND singleton_key = $2`,
      [TASK_JOB.name, taskId],
    );
  return (rows as JobRow[])[0];
}

/**
 * A kill of the worker's process as pg-boss sees it: the supervisor fails the attempt whose
 * heartbeat stopped, with its own output. The attempt's handler is left hanging where it was, as a
 * dead process's would be (it never writes again).
 */
async function kill(ladle: Ladle, jobId: string): Promise<void> {
  await ladle.queue!.boss.fail(TASK_JOB.name, jobId, { value: { message: "job heartbeat timeout" } });
}

async function create(ladle: Ladle, path: string): Promise<string> {
  const c = await ladle.tasks.create({
    agentType: "Ingest",
    payload: { mode: "Url", url: `${site.origin}${path}` },
  });
  if (!c.ok) throw new Error(c.message);
  return c.value.taskId;
}

// Each kill waits out a retry delay (1-2 s) and a poll: minutes on a busy machine.
describe("attempts lost with the worker's process", () => {
  it("a task whose worker is killed more times than its retries, each time before its page's work, still finishes", async () => {
    const ladle = await Ladle.start({ config, database: db, role: "all" });
    try {
      const id = await create(ladle, "/held?kills");
      // Four kills (pg-boss allows three attempts), each while the attempt waits for the page.
      let started: string | null = null;
      for (let k = 0; k < 4; k++) {
        const job = await waitFor(`attempt ${k + 1} to run`, async () => {
          const j = await jobOf(ladle, id);
          // Running again since the last kill, and the retry pg-boss took for that kill given back.
          return j?.state === "active" && String(j.started_on) !== started && j.retry_count === 0 ? j : null;
        });
        started = String(job.started_on);
        await kill(ladle, job.id);
      }
      const last = await waitFor("attempt 5 to run", async () => {
        const j = await jobOf(ladle, id);
        return j?.state === "active" && String(j.started_on) !== started && j.retry_count === 0 ? j : null;
      });
      expect(last.retry_count).toBe(0);
      // The page answers now (every held request, the dead attempts' too: they are never read on).
      for (const r of held.splice(0)) r.writeHead(200, { "content-type": "text/html" }).end(PANCAKES_HTML);
      site.route("/held", { body: PANCAKES_HTML });
      await waitFor("the task to finish", async () => {
        const t = await ladle.tasks.get(id, SYSTEM);
        return t.ok && t.value.status !== "Running" && t.value.status !== "Pending";
      });
      const t = await ladle.tasks.get(id, SYSTEM);
      expect(t.ok && t.value.status).toBe("ReviewReady");
      // Settled by its last attempt, not failed by the queue.
      expect(
        (
          await waitFor("the job to settle", async () => {
            const j = await jobOf(ladle, id);
            return j && j.state !== "active" ? j : null;
          })
        ).state,
      ).toBe("completed");
    } finally {
      for (const r of held.splice(0)) r.destroy();
      await ladle.stop({ graceMs: 0 });
    }
  });

  it("a page that takes its worker down every time it is read ends failed after a bounded number of attempts", async () => {
    const ladle = await Ladle.start({ config, database: db, role: "all" });
    // The page's extraction never returns: its worker "dies" there each time (killed below).
    const hanging: ((err: Error) => void)[] = [];
    const realRun = ladle.extractPool.run.bind(ladle.extractPool);
    ladle.extractPool.run = () => new Promise((_resolve, reject) => void hanging.push(reject));
    try {
      const id = await create(ladle, "/pancakes?poison");
      let reads = 0;
      for (;;) {
        const next = await waitFor("the page read again, or the task failed", async () => {
          if (hanging.length > reads) return "read";
          const t = await ladle.tasks.get(id, SYSTEM);
          return t.ok && t.value.status === "Failed" ? "failed" : null;
        });
        if (next === "failed") break;
        reads = hanging.length;
        const job = await jobOf(ladle, id);
        expect(job?.state).toBe("active");
        await kill(ladle, job!.id);
        expect(reads).toBeLessThanOrEqual(MAX_PAGE_CRASHES + 1);
      }
      // The first attempt's loss is not seen at the page (nothing noted before its work, to keep the
      // common run free of a statement); every later one is.
      expect(reads).toBe(MAX_PAGE_CRASHES + 1);
      const t = await ladle.tasks.get(id, SYSTEM);
      expect(t.ok && t.value.error).toMatchObject({
        code: "WORKER_CRASHED",
        details: { losses: MAX_PAGE_CRASHES + 1, pageCrashes: MAX_PAGE_CRASHES },
      });
      // The failure's event is stored just after the row (a statement of its own): wait for it.
      const last = await waitFor("the failure's event", async () => {
        const e = (await ladle.events.history(id, null)).at(-1);
        return (e?.data as { status?: string } | undefined)?.status === "Failed" ? e : null;
      });
      expect(last.data).toMatchObject({ status: "Failed", error: { code: "WORKER_CRASHED" } });
      expect(
        (
          await waitFor("the job to settle", async () => {
            const j = await jobOf(ladle, id);
            return j && j.state !== "active" ? j : null;
          })
        ).state,
      ).toBe("completed");
    } finally {
      for (const reject of hanging) reject(new Error("test over"));
      ladle.extractPool.run = realRun;
      await ladle.stop({ graceMs: 0 });
    }
  });
});
