import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../../../test/helpers/testDb.ts";
import { EventsRepo } from "../../storage/events.repo.ts";
import { TasksRepo } from "../../storage/tasks.repo.ts";
import { EventHub } from "../shared/eventHub.ts";
import { OutcomeWriter } from "./outcomeWriter.ts";
import { ProgressWriter } from "./progressWriter.ts";
import { insertRunningTask } from "../../../test/helpers/runningTask.ts";

let db: TestDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => db?.close());

describe("ProgressWriter", () => {
  it("writes several tasks' progress in one statement, with their events in order; a task no longer Running is left as it is", async () => {
    const tasks = new TasksRepo(db.db);
    const events = new EventsRepo(db.db);
    const hub = new EventHub(events);
    for (const [id, status] of [
      ["pw-a", "Running"],
      ["pw-b", "Running"],
      ["pw-c", "Cancelled"],
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
    const heard: string[] = [];
    for (const id of ["pw-a", "pw-b", "pw-c"])
      hub.subscribe(id, null, (e) => heard.push(`${e.taskId} ${e.type}`));
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
    const writer = new ProgressWriter(new OutcomeWriter(counting, hub));
    const ev = (id: string, phase: string) => [
      { type: "ingest.fetch.progress" as const, data: { taskId: id, phase, state: "started" } },
      { type: "ingest.progress" as const, data: { taskId: id, phase } },
    ];
    const [a, b, c] = await Promise.all([
      writer.write("pw-a", { current_phase: "Ingest.Fetch", progress: 5 }, ev("pw-a", "Ingest.Fetch")),
      writer.write("pw-b", { current_phase: "Ingest.Extract", progress: 40 }, ev("pw-b", "Ingest.Extract")),
      writer.write("pw-c", { current_phase: "Ingest.Fetch", progress: 5 }, ev("pw-c", "Ingest.Fetch")),
    ]);
    expect(statements).toHaveLength(1);
    expect(a).toMatchObject({
      id: "pw-a",
      status: "Running",
      current_phase: "Ingest.Fetch",
      progress: 5,
      version: 2,
    });
    expect(a!.last_updated).toBeInstanceOf(Date);
    expect(b).toMatchObject({ id: "pw-b", current_phase: "Ingest.Extract", progress: 40 });
    expect(c).toBeUndefined();
    const row = await db.db
      .selectFrom("tasks")
      .selectAll()
      .where("id", "=", "pw-c")
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "Cancelled", current_phase: null, progress: 0, version: 1 });
    // Events describe what happened before: written for every task, in order, and announced here.
    expect((await events.all("pw-a")).map((e) => e.type)).toEqual([
      "ingest.fetch.progress",
      "ingest.progress",
    ]);
    expect((await events.all("pw-c")).map((e) => e.type)).toEqual([
      "ingest.fetch.progress",
      "ingest.progress",
    ]);
    expect(heard.filter((h) => h.startsWith("pw-b"))).toEqual([
      "pw-b ingest.fetch.progress",
      "pw-b ingest.progress",
    ]);
    expect(heard).toHaveLength(6);
  });

  it("with nobody here listening, still stores the events (a subscriber finds them in the table)", async () => {
    const tasks = new TasksRepo(db.db);
    const events = new EventsRepo(db.db);
    const hub = new EventHub(events, 20);
    await insertRunningTask(tasks, "pw-quiet");
    expect(hub.listening(["pw-quiet"])).toBe(false);
    const row = await new ProgressWriter(new OutcomeWriter(tasks, hub)).write(
      "pw-quiet",
      { current_phase: "Ingest.Extract", progress: 40 },
      [{ type: "ingest.extract.progress", data: { taskId: "pw-quiet", state: "started" } }],
    );
    expect(row).toMatchObject({ id: "pw-quiet", current_phase: "Ingest.Extract", progress: 40 });
    expect((await events.all("pw-quiet")).map((e) => e.type)).toEqual(["ingest.extract.progress"]);
    const heard: string[] = [];
    const stop = hub.subscribe("pw-quiet", null, (e) => heard.push(e.type));
    await expect.poll(() => heard).toEqual(["ingest.extract.progress"]);
    stop();
  });

  it("shares one statement with the outcomes asked for at the same moment", async () => {
    const events = new EventsRepo(db.db);
    const hub = new EventHub(events);
    for (const id of ["pw-ride-a", "pw-ride-b"]) await insertRunningTask(new TasksRepo(db.db), id);
    let statements = 0;
    const counting = new TasksRepo(
      db.db.withPlugin({
        transformQuery: (a) => {
          statements++;
          return a.node;
        },
        transformResult: async (a) => a.result,
      }),
    );
    const outcomes = new OutcomeWriter(counting, hub);
    const progress = new ProgressWriter(outcomes);
    // One task's extraction phase starts as another's outcome is ready (a burst's worker, every
    // moment): one statement carries both, each task's row and events as its own writer says.
    const [a, b] = await Promise.all([
      progress.write("pw-ride-a", { current_phase: "Ingest.Extract", progress: 40 }, [
        { type: "ingest.extract.progress", data: { state: "started" } },
      ]),
      outcomes.write({
        id: "pw-ride-b",
        patch: { status: "ReviewReady", current_phase: "Ingest.ReviewReady", progress: 100 },
        events: [{ type: "ingest.progress", data: {}, onUpdate: true }],
        artifacts: [],
      }),
    ]);
    expect(statements).toBe(1);
    expect(a).toMatchObject({ status: "Running", current_phase: "Ingest.Extract", progress: 40, version: 2 });
    expect(b).toMatchObject({ status: "ReviewReady", progress: 100 });
    expect((await events.all("pw-ride-a")).map((e) => [e.type, e.data])).toEqual([
      ["ingest.extract.progress", { state: "started" }],
    ]);
    expect((await events.all("pw-ride-b")).map((e) => e.data)).toEqual([
      { status: "ReviewReady", phase: "Ingest.ReviewReady", progress: 100 },
    ]);
  });
});
