import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../../test/helpers/testDb.ts";
import { IdempotencyKeyTaken } from "./idempotency.repo.ts";
import { insertNewTask } from "./insertNewTask.ts";

let db: TestDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => db?.close());

const task = (id: string) => ({
  id,
  threadId: id,
  agentType: "Ingest",
  status: "Pending",
  payload: {},
  metadata: {},
  requestedBy: null,
});
const submit = (id: string, key: string) => {
  const now = new Date();
  return insertNewTask(
    db.db,
    now,
    task(id),
    { type: "task.created", data: {}, at: now },
    {
      answer: {
        callerId: "nt-caller",
        key,
        status: 202,
        headers: {},
        body: JSON.stringify({ id }),
        claim: {
          method: "POST",
          path: "/api/tasks",
          bodySha256: "x",
          now,
          expiredBefore: new Date(0),
          abandonedBefore: new Date(0),
        },
      },
    },
  );
};

describe("a submit whose Idempotency-Key is claimed in its own statement", () => {
  it("writes nothing when the key is taken, and says so with its own error, not a division by zero", async () => {
    await submit("nt-first", "nt-key");
    const err: unknown = await submit("nt-second", "nt-key").then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(IdempotencyKeyTaken);
    // PostgreSQL logs the statement's error: it names the key taken (the server's log read
    // "division by zero" on every replay before).
    const cause = (err as Error).cause as { code?: string; message?: string };
    expect(cause).toMatchObject({ code: "LK409" });
    expect(cause.message).toMatch(/idempotency key/i);
    const ids = await db.db.selectFrom("tasks").select("id").where("id", "like", "nt-%").execute();
    expect(ids.map((r) => r.id)).toEqual(["nt-first"]);
  });
});
