import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../../../test/helpers/testDb.ts";
import type { EndsRide } from "../../fetcher/sharedFetch.ts";
import { EventsRepo } from "../../storage/events.repo.ts";
import { FetchLeasesRepo } from "../../storage/fetchLeases.repo.ts";
import { TasksRepo } from "../../storage/tasks.repo.ts";
import { EventHub } from "../shared/eventHub.ts";
import { OutcomeWriter } from "./outcomeWriter.ts";
import { insertRunningTask } from "../../../test/helpers/runningTask.ts";

let db: TestDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => db?.close());

describe("OutcomeWriter", () => {
  it("carries the fetch lease ends waiting for a statement in its own, and puts them back when it fails", async () => {
    const statements: string[] = [];
    const tasks = new TasksRepo(
      db.db.withPlugin({
        transformQuery: (a) => {
          statements.push(a.node.kind);
          return a.node;
        },
        transformResult: async (a) => a.result,
      }),
    );
    const leases = new FetchLeasesRepo(db.db);
    for (const id of ["ow-a", "ow-b"]) await insertRunningTask(tasks, id);
    for (const key of ["ow-lease-a", "ow-lease-b"])
      expect((await leases.attempt(key, "u", `h-${key}`, 30, null)).acquired).toBe(true);
    // What the shared fetcher hands over: one end waiting each time asked, then none.
    const waiting = ["ow-lease-a", "ow-lease-b"];
    const settled: (string[] | null)[] = [];
    const takeEnds = (): EndsRide | null => {
      const key = waiting.shift();
      if (!key) return null;
      return {
        ends: [{ key, holder: `h-${key}` }],
        settle: (ended) => settled.push(ended && [...ended]),
      };
    };
    const writer = new OutcomeWriter(tasks, new EventHub(new EventsRepo(db.db)), takeEnds);
    statements.length = 0;
    const row = await writer.write({
      id: "ow-a",
      patch: { status: "ReviewReady", progress: 100 },
      events: [],
      artifacts: [],
    });
    expect(row?.status).toBe("ReviewReady");
    expect(statements).toHaveLength(1);
    expect(settled).toEqual([["ow-lease-a"]]);
    // A failing statement (an artifact whose offsets overrun its body) settles its ends with null.
    await expect(
      writer.write({
        id: "ow-b",
        patch: { status: "ReviewReady" },
        events: [],
        artifacts: [
          {
            name: "x",
            type: "t",
            content_type: "text/plain",
            encoding: "identity",
            size: 1,
            original_size: 1,
            truncated: false,
            data: null as unknown as Buffer,
          },
        ],
      }),
    ).rejects.toThrow();
    expect(settled).toEqual([["ow-lease-a"], null]);
    const again = await leases.attemptMany(
      ["ow-lease-a", "ow-lease-b"].map((key) => ({ key, url: "u", holder: "later", since: null })),
      30,
    );
    // a's lease ended with the first outcome; b's statement wrote nothing, its lease still held.
    expect(again.map((x) => x.acquired)).toEqual([true, false]);
  });
});
