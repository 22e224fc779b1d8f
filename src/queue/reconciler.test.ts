import { SYSTEM } from "../domain/user.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { Ladle } from "../app/ladle.ts";
import { startChild } from "../../test/helpers/child.ts";
import { startFixtureServer, type FixtureServer } from "../../test/helpers/fixtureServer.ts";
import { openTestDatabase, type TestDatabase } from "../../test/helpers/testDb.ts";
import { PANCAKES_HTML } from "../../test/helpers/testLadle.ts";
import { articlePage } from "../../test/helpers/articlePages.ts";
import { ARTICLE_JOB } from "../services/articles/articleJob.ts";
import { TASK_JOB } from "../services/tasks/taskJob.ts";

let db: TestDatabase;
let site: FixtureServer;
const config = loadConfig({
  env: {},
  file: null,
  overrides: {
    Server: { LogLevel: "silent" },
    Fetch: { AllowPrivateHosts: ["127.0.0.1"], PerDomainIntervalMs: 0 },
  },
});

beforeAll(async () => {
  db = await openTestDatabase();
  site = await startFixtureServer({ "/pancakes": { body: PANCAKES_HTML } });
});
afterAll(async () => {
  await db?.close();
  await site?.close();
});

async function waitStatus(ladle: Ladle, id: string, want: string[]): Promise<string> {
  const end = Date.now() + 15_000;
  for (;;) {
    const t = await ladle.tasks.get(id, SYSTEM);
    const status = t.ok ? t.value.status : "missing";
    if (want.includes(status) || Date.now() > end) return status;
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function createTask(api: Ladle, path = "/pancakes"): Promise<string> {
  const created = await api.tasks.create({
    agentType: "Ingest",
    payload: { mode: "Url", url: `${site.origin}${path}` },
  });
  if (!created.ok) throw new Error(created.message);
  return created.value.taskId;
}

describe("reconciler", () => {
  it("re-queues a task whose job vanished, and a worker then finishes it", async () => {
    const api = await Ladle.start({ config, database: db, role: "api" });
    let worker: Ladle | null = null;
    try {
      const id = await createTask(api);
      // The job is lost (deleted by hand, a restored backup, a queue wiped...): the task stays Pending.
      await api
        .queue!.boss.getDb()
        .executeSql(`DELETE FROM pgboss.job WHERE name = $1 AND singleton_key = $2`, [TASK_JOB.name, id]);
      expect((await api.queue!.newestJobs(TASK_JOB.name, [id])).size).toBe(0);
      const report = await api.reconciler!.runOnce({ staleAfterMs: 0 });
      expect(report.tasks).toEqual({ requeued: 1, failed: 0 });
      worker = await Ladle.start({ config, database: db, role: "worker" });
      expect(await waitStatus(worker, id, ["ReviewReady", "Failed"])).toBe("ReviewReady");
      // Nothing left to do on the next run.
      expect((await api.reconciler!.runOnce({ staleAfterMs: 0 })).tasks).toEqual({ requeued: 0, failed: 0 });
    } finally {
      await worker?.stop();
      await api.stop();
    }
  });

  it("fails a task whose job was exhausted by crashing workers with WORKER_CRASHED, attempts and last error", async () => {
    const api = await Ladle.start({ config, database: db, role: "api" });
    try {
      const id = await createTask(api);
      // Three workers take the job and die under it (pg-boss fails a dead worker's attempt the same way).
      const boss = api.queue!.boss;
      let attempts = 0;
      const end = Date.now() + 12_000;
      while (attempts < 3 && Date.now() < end) {
        const [job] = await boss.fetch(TASK_JOB.name);
        if (!job) {
          await new Promise((r) => setTimeout(r, 100));
          continue;
        }
        attempts++;
        await boss.fail(TASK_JOB.name, job.id, { message: `worker killed (attempt ${attempts})` });
      }
      expect(attempts).toBe(3);
      expect((await api.queue!.newestJobs(TASK_JOB.name, [id])).get(id)?.state).toBe("failed");

      const report = await api.reconciler!.runOnce({ staleAfterMs: 0 });
      expect(report.tasks).toEqual({ requeued: 0, failed: 1 });
      const t = await api.tasks.get(id, SYSTEM);
      expect(t.ok && t.value.status).toBe("Failed");
      expect(t.ok && t.value.error).toMatchObject({
        code: "WORKER_CRASHED",
        details: { attempts: 3, lastError: "worker killed (attempt 3)" },
      });
      // Clients following the task see the failure as an event too.
      const events = await api.events.history(id, null);
      expect(events.at(-1)?.data).toMatchObject({ status: "Failed", error: { code: "WORKER_CRASHED" } });
    } finally {
      await api.stop();
    }
  });

  it("writes a task and its job in one transaction: a job that cannot be written leaves no task", async () => {
    const api = await Ladle.start({ config, database: db, role: "api" });
    const queue = api.queue!;
    const real = queue.send.bind(queue);
    try {
      const before = (await db.db.selectFrom("tasks").select("id").execute()).length;
      // The job's insert fails (pg-boss's send, inside the creating transaction): nothing is kept.
      queue.send = async () => {
        throw new Error("no_such_table");
      };
      await expect(createTask(api, "/pancakes?nojob")).rejects.toThrow(/no_such_table/);
      expect((await db.db.selectFrom("tasks").select("id").execute()).length).toBe(before);
      // With the queue's own send, the same request creates its task and job together.
      queue.send = real;
      const id = await createTask(api, "/pancakes?nojob");
      const jobs = await queue.newestJobs(TASK_JOB.name, [id]);
      expect(jobs.get(id)?.state).toBe("created");
    } finally {
      queue.send = real;
      await api.stop();
    }
  });

  it("loses nothing when the API is killed between inserting a task and queueing its job", async () => {
    const api = await Ladle.start({ config, database: db, role: "api" });
    let worker: Ladle | null = null;
    try {
      const before = await db.db.selectFrom("tasks").select("id").execute();
      const p = startChild(["create-and-hang", db.url, `${site.origin}/pancakes?killed`]);
      await p.waitFor("inserted", 40_000);
      p.child.kill("SIGKILL");
      await p.exited;
      // The insert was not committed without its job: no task was left behind to wait forever.
      const after = await db.db.selectFrom("tasks").selectAll().execute();
      const left = after.filter((r) => !before.some((b) => b.id === r.id));
      expect(left).toEqual([]);
      expect((await api.reconciler!.runOnce({ staleAfterMs: 0 })).tasks).toEqual({
        requeued: 0,
        failed: 0,
      });

      // The client's retry goes through and is finished.
      const id = await createTask(api, "/pancakes?killed");
      worker = await Ladle.start({ config, database: db, role: "worker" });
      expect(await waitStatus(worker, id, ["ReviewReady", "Failed"])).toBe("ReviewReady");
    } finally {
      await worker?.stop();
      await api.stop();
    }
  });
});

describe("reconciler for articles", () => {
  const articleConfig = loadConfig({
    env: {},
    file: null,
    overrides: {
      Server: { LogLevel: "silent" },
      Fetch: { AllowPrivateHosts: ["127.0.0.1"], PerDomainIntervalMs: 0 },
      Articles: { Render: "never" },
    },
  });

  it("re-queues an article whose job vanished, and fails one whose job crashed out, in words", async () => {
    site.route("/story", { body: articlePage({ title: "Bread Comes Back" }) });
    site.route("/crashy", { body: articlePage({ title: "Never Read" }) });
    const api = await Ladle.start({ config: articleConfig, database: db, role: "api" });
    api.reconciler!.register(api.articles.reconcilerFamily());
    let worker: Ladle | null = null;
    try {
      const me = await api.users.localAdmin();
      const lost = await api.articles.submit(me, { url: `${site.origin}/story` });
      const crashed = await api.articles.submit(me, { url: `${site.origin}/crashy` });
      if (!lost.ok || !crashed.ok) throw new Error("submit failed");
      const lostId = lost.value.media.id;
      const crashedId = crashed.value.media.id;
      // One job is lost; the other is taken by three workers that die under it.
      await api
        .queue!.boss.getDb()
        .executeSql(`DELETE FROM pgboss.job WHERE name = $1 AND singleton_key LIKE $2`, [
          ARTICLE_JOB.name,
          `${lostId}:%`,
        ]);
      // Its retries spaced by backoff, the crashed-out state is written as pg-boss leaves it.
      await api.queue!.boss.getDb().executeSql(
        `UPDATE pgboss.job SET state = 'failed', retry_count = 2, output = $3::jsonb
           WHERE name = $1 AND singleton_key LIKE $2`,
        [ARTICLE_JOB.name, `${crashedId}:%`, JSON.stringify({ message: "worker killed (attempt 3)" })],
      );

      const report = await api.reconciler!.runOnce({ staleAfterMs: 0 });
      expect(report.articles).toEqual({ requeued: 1, failed: 1 });
      const failed = await api.articles.get(me, crashedId);
      expect(failed.ok && failed.value).toMatchObject({
        processing_status: "failed",
        failure_code: "E_EXTRACT_NO_CONTENT",
        failure_message: expect.stringMatching(/stopped before it finished reading this page; try again/),
      });
      const row = await db.db
        .selectFrom("media")
        .select("failure_details_json")
        .where("id", "=", crashedId)
        .executeTakeFirstOrThrow();
      expect(row.failure_details_json).toMatchObject({
        cause: "WORKER_CRASHED",
        attempts: 3,
        lastError: "worker killed (attempt 3)",
      });

      // A worker reads the re-queued one.
      worker = await Ladle.start({ config: articleConfig, database: db, role: "worker" });
      const until = Date.now() + 20_000;
      let status = "";
      while (Date.now() < until) {
        const m = await api.articles.get(me, lostId);
        status = m.ok ? m.value.processing_status : "missing";
        if (status === "ready_for_reading" || status === "failed") break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(status).toBe("ready_for_reading");
      expect((await api.reconciler!.runOnce({ staleAfterMs: 0 })).articles).toEqual({
        requeued: 0,
        failed: 0,
      });
    } finally {
      await worker?.stop();
      await api.stop();
    }
  });
});
