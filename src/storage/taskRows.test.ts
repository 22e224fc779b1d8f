import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../../test/helpers/testDb.ts";
import { TasksRepo } from "./tasks.repo.ts";

let db: TestDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
}, 120_000);
afterAll(async () => db?.close());

describe("a task's events and artifacts", () => {
  it("go with the task when it is deleted (by hand: Ladle never deletes tasks)", async () => {
    const tasks = new TasksRepo(db.db);
    for (const id of ["tr-gone", "tr-kept"]) {
      await tasks.insert({
        id,
        threadId: id,
        agentType: "Ingest",
        status: "Running",
        payload: {},
        metadata: {},
        requestedBy: null,
      });
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
