import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../../test/helpers/testDb.ts";
import { EventsRepo } from "./events.repo.ts";
import { TasksRepo } from "./tasks.repo.ts";
import { insertRunningTask } from "../../test/helpers/runningTask.ts";

let db: TestDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => db?.close());

describe("a task's events and artifacts", () => {
  it("go with the task when it is deleted (by hand: Ladle never deletes tasks)", async () => {
    const tasks = new TasksRepo(db.db);
    for (const id of ["tr-gone", "tr-kept"]) {
      await insertRunningTask(tasks, id);
      await tasks.advance(
        id,
        { status: "ReviewReady" },
        [{ type: "ingest.progress", data: { n: 1 } }],
        [
          {
            name: "snapshot.txt",
            type: "snapshot.text",
            content_type: "text/plain",
            encoding: "identity",
            size: 2,
            original_size: 2,
            truncated: false,
            data: Buffer.from("hi"),
          },
        ],
      );
    }
    const count = async (table: "task_events" | "artifacts", id: string) =>
      Number(
        (
          await sql<{
            n: string;
          }>`SELECT count(*) AS n FROM ${sql.table(table)} WHERE task_id = ${id}`.execute(db.db)
        ).rows[0]!.n,
      );
    expect([await count("task_events", "tr-gone"), await count("artifacts", "tr-gone")]).toEqual([1, 1]);
    await db.db.deleteFrom("tasks").where("id", "=", "tr-gone").execute();
    expect([await count("task_events", "tr-gone"), await count("artifacts", "tr-gone")]).toEqual([0, 0]);
    expect([await count("task_events", "tr-kept"), await count("artifacts", "tr-kept")]).toEqual([1, 1]);
  });
});

describe("a task's events", () => {
  // An import writes ~15 events, and every read of them is by task: one index entry per event.
  it("are stored under one index, by task, and read back in the order written", async () => {
    const tasks = new TasksRepo(db.db);
    const events = new EventsRepo(db.db);
    for (const id of ["ev-a", "ev-b"]) await insertRunningTask(tasks, id);
    const at = new Date();
    for (let i = 0; i < 3; i++)
      await events.insertMany(
        ["ev-b", "ev-a"].map((taskId) => ({ taskId, type: "ingest.progress", data: { i }, at })),
      );
    const indexes = await sql<{
      indexdef: string;
    }>`SELECT indexdef FROM pg_indexes WHERE tablename = 'task_events'`.execute(db.db);
    expect(indexes.rows.map((r) => r.indexdef.replace(/^.* USING btree /, ""))).toEqual(["(task_id, id)"]);
    const mine = await events.since("ev-a", null);
    expect(mine.map((e) => (e.data as { i: number }).i)).toEqual([0, 1, 2]);
    expect((await events.since("ev-a", mine[0]!.id)).map((e) => e.id)).toEqual(
      mine.slice(1).map((e) => e.id),
    );
  });
});

describe("a running task's phase progress", () => {
  // Every import writes its phase two or three times: when those writes touch none of the task's
  // indexes (a heap-only update), the row's new version stays on its page and no index grows.
  it("is written without new index entries, for many tasks in flight", async () => {
    const tasks = new TasksRepo(db.db);
    const ids = Array.from({ length: 300 }, (_, i) => `hot-${String(i).padStart(3, "0")}`);
    for (const id of ids)
      await tasks.insert({
        id,
        threadId: id,
        agentType: "Ingest",
        status: "Pending",
        payload: { mode: "Url", url: `https://example.test/recipes/${id}-a-recipe-with-a-long-name` },
        metadata: { source: "api" },
        requestedBy: null,
      });
    await tasks.claimManyWithPrevious(ids);
    // The heap-only updates `write` made: the backend's counts not yet sent to the statistics (read
    // before and after it, in one transaction so that they are not sent in between).
    const heapOnly = async (write: (repo: TasksRepo) => Promise<unknown>) =>
      db.db.transaction().execute(async (trx) => {
        const count = async () =>
          Number(
            (
              await sql<{ hot: string }>`
                SELECT n_tup_hot_upd AS hot FROM pg_stat_xact_user_tables WHERE relname = 'tasks'`.execute(
                trx,
              )
            ).rows[0]!.hot,
          );
        const before = await count();
        await write(tasks.withDb(trx));
        return (await count()) - before;
      });
    // The design: the columns a phase's write sets are in none of the task's indexes (keys,
    // expressions or predicates), so PostgreSQL may keep the new version heap-only.
    const written = ["current_phase", "progress", "last_updated", "version"];
    const indexed = await sql<{ def: string }>`
      SELECT pg_get_indexdef(indexrelid) AS def FROM pg_index WHERE indrelid = 'tasks'::regclass`.execute(
      db.db,
    );
    expect(indexed.rows.length).toBeGreaterThan(0);
    for (const { def } of indexed.rows)
      for (const column of written) expect(def).not.toMatch(new RegExp(`\\b${column}\\b`));
    // And PostgreSQL does so. A worker writes the phases of the tasks that moved since its last
    // write together: a dozen at a time at a few dozen imports a second. A write that touched an
    // index column would make no update heap-only; how many are depends on each page's free room
    // (2 of 12 in one batch, then a third of 900 on a busy CI server whose pruning had not yet freed
    // the pages): the page's state, not the design, so only "some" is asked here.
    let updates = 0;
    let heapOnlyUpdates = 0;
    for (const [phase, progress] of [
      ["fetch", 10],
      ["extract", 40],
      ["validate", 80],
    ] as const)
      for (let i = 0; i < ids.length; i += 12) {
        const batch = ids.slice(i, i + 12);
        const hot = await heapOnly((repo) =>
          // A phase's progress is an outcome that sets the phase and progress alone (ProgressWriter).
          repo.advanceMany(
            batch.map((id) => ({ id, patch: { current_phase: phase, progress }, events: [], artifacts: [] })),
            false,
          ),
        );
        updates += batch.length;
        heapOnlyUpdates += hot;
      }
    expect(updates).toBe(900);
    expect(heapOnlyUpdates).toBeGreaterThan(0);
  });
});
