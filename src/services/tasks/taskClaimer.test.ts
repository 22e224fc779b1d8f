import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../../../test/helpers/testDb.ts";
import { SYSTEM } from "../../domain/user.ts";
import { TasksRepo } from "../../storage/tasks.repo.ts";
import { TaskClaimer } from "./taskClaimer.ts";

let db: TestDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => db?.close());

describe("TaskClaimer", () => {
  it("claims the tasks of one moment in one statement: Pending and Running ones (saying which they were), not finished ones", async () => {
    const tasks = new TasksRepo(db.db);
    for (const [id, status] of [
      ["tc-a", "Pending"],
      ["tc-b", "Running"],
      ["tc-c", "Failed"],
    ] as const)
      await tasks.insert({
        id,
        threadId: id,
        agentType: "Ingest",
        status,
        payload: {},
        metadata: {},
        requestedBy: null,
      });
    const statements: string[] = [];
    const counting = new TasksRepo(
      db.db.withPlugin({
        transformQuery: (a) => {
          statements.push(a.node.kind);
          return a.node;
        },
        transformResult: async (a) => a.result,
      }),
    );
    const claimer = new TaskClaimer(counting);
    const [a, b, c, again] = await Promise.all([
      claimer.claim("tc-a"),
      claimer.claim("tc-b"),
      claimer.claim("tc-c"),
      claimer.claim("tc-a"),
    ]);
    expect(statements).toHaveLength(1);
    expect(a).toMatchObject({ id: "tc-a", status: "Running", prev_status: "Pending", progress: 0 });
    expect(b).toMatchObject({ id: "tc-b", status: "Running", prev_status: "Running" });
    expect(c).toBeUndefined();
    // The same task asked for twice: the second caller finds it Running, as after a first claim.
    expect(again).toMatchObject({ id: "tc-a", status: "Running", prev_status: "Running" });
    expect((await tasks.get("tc-c", SYSTEM))?.status).toBe("Failed");
    // Later claims take a statement of their own.
    expect(await claimer.claim("tc-b")).toMatchObject({ id: "tc-b", prev_status: "Running" });
    expect(statements).toHaveLength(2);
  });
});
