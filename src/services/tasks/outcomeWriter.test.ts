import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../../../test/helpers/testDb.ts";
import { ArtifactsRepo } from "../../storage/artifacts.repo.ts";
import { EventsRepo } from "../../storage/events.repo.ts";
import { TasksRepo } from "../../storage/tasks.repo.ts";
import { ArtifactStore } from "../shared/artifactStore.ts";
import { EventHub } from "../shared/eventHub.ts";
import { OutcomeWriter } from "./outcomeWriter.ts";

let db: TestDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => db?.close());

async function insert(tasks: TasksRepo, id: string, status = "Running"): Promise<void> {
  await tasks.insert({
    id,
    threadId: id,
    agentType: "Ingest",
    status,
    payload: {},
    metadata: {},
    requestedBy: null,
  });
}

/** A TasksRepo counting the statements it sends. */
function counting(statements: string[]): TasksRepo {
  return new TasksRepo(
    db.db.withPlugin({
      transformQuery: (a) => {
        statements.push(a.node.kind);
        return a.node;
      },
      transformResult: async (a) => a.result,
    }),
  );
}

const draft = { recipe: { name: "Pancakes" }, validation: { ok: true } };

describe("OutcomeWriter", () => {
  it("writes several tasks' outcomes in one statement: states, events in order, artifacts; a task no longer Running keeps its state", async () => {
    const tasks = new TasksRepo(db.db);
    const events = new EventsRepo(db.db);
    const hub = new EventHub(events);
    const store = new ArtifactStore(new ArtifactsRepo(db.db), 1024 * 1024);
    await insert(tasks, "ow-ready");
    await insert(tasks, "ow-failed");
    await insert(tasks, "ow-cancelled", "Cancelled");
    const heard: string[] = [];
    for (const id of ["ow-ready", "ow-failed", "ow-cancelled"])
      hub.subscribe(id, null, (e) => heard.push(`${e.taskId} ${e.type}`));
    const statements: string[] = [];
    const writer = new OutcomeWriter(counting(statements), hub);
    const before = (id: string) => ({
      type: "ingest.extract.progress",
      data: { taskId: id, state: "completed" },
    });
    const after = { type: "ingest.progress", data: {}, onUpdate: true };
    const readyArtifacts = store.prepare([
      { name: "snapshot.txt", type: "snapshot.text", contentType: "text/plain", content: "Whisk the eggs." },
      {
        name: "page.meta.json",
        type: "page.meta",
        contentType: "application/json",
        content: '{"statusCode":200}',
      },
      {
        name: "draft.recipe.json",
        type: "draft.recipe.json",
        contentType: "application/json",
        content: JSON.stringify(draft),
        inTaskResult: true,
      },
    ]);
    const [ready, failed, cancelled] = await Promise.all([
      writer.write({
        id: "ow-ready",
        patch: {
          status: "ReviewReady",
          current_phase: "Ingest.ReviewReady",
          progress: 100,
          result: { draft, candidates: [] },
          metadata: { n: 1 },
        },
        events: [before("ow-ready"), after],
        artifacts: readyArtifacts,
      }),
      writer.write({
        id: "ow-failed",
        patch: { status: "Failed", error: { code: "NO_RECIPE_FOUND", message: "No recipe." }, metadata: {} },
        events: [before("ow-failed"), after],
        artifacts: store.prepare([
          {
            name: "snapshot.txt",
            type: "snapshot.text",
            contentType: "text/plain",
            content: "Nothing here.",
          },
        ]),
      }),
      writer.write({
        id: "ow-cancelled",
        patch: { status: "ReviewReady", progress: 100, result: { draft, candidates: [] } },
        events: [before("ow-cancelled"), after],
        artifacts: [],
      }),
    ]);
    expect(statements).toHaveLength(1);
    expect(ready).toMatchObject({
      id: "ow-ready",
      status: "ReviewReady",
      current_phase: "Ingest.ReviewReady",
      progress: 100,
      metadata: { n: 1 },
      result: null,
      version: 2,
    });
    expect(ready!.last_updated).toBeInstanceOf(Date);
    expect(failed).toMatchObject({
      status: "Failed",
      current_phase: null,
      progress: 0,
      error: { code: "NO_RECIPE_FOUND" },
    });
    expect(cancelled).toBeUndefined();
    const rows = await db.db
      .selectFrom("tasks")
      .selectAll()
      .where("id", "like", "ow-%")
      .orderBy("id")
      .execute();
    expect(rows.map((r) => [r.id, r.status, r.version])).toEqual([
      ["ow-cancelled", "Cancelled", 1],
      ["ow-failed", "Failed", 2],
      ["ow-ready", "ReviewReady", 2],
    ]);
    expect(rows.find((r) => r.id === "ow-ready")!.result).toEqual({ draft, candidates: [] });
    expect(rows.find((r) => r.id === "ow-failed")!.result).toBeNull();
    // Each body cut from the one binary parameter at its own place.
    expect((await store.read("ow-ready", "snapshot.txt"))!.data.toString()).toBe("Whisk the eggs.");
    expect((await store.read("ow-ready", "page.meta.json"))!.data.toString()).toBe('{"statusCode":200}');
    expect(JSON.parse((await store.read("ow-ready", "draft.recipe.json"))!.data.toString())).toEqual(draft);
    expect((await store.read("ow-failed", "snapshot.txt"))!.data.toString()).toBe("Nothing here.");
    // The events before the outcome are written for every task; those of the new state only where it happened.
    expect(
      (await events.all("ow-ready")).map((e) => [e.type, (e.data as { status?: string }).status]),
    ).toEqual([
      ["ingest.extract.progress", undefined],
      ["ingest.progress", "ReviewReady"],
    ]);
    expect((await events.all("ow-cancelled")).map((e) => e.type)).toEqual(["ingest.extract.progress"]);
    expect(heard.filter((h) => h.startsWith("ow-failed"))).toEqual([
      "ow-failed ingest.extract.progress",
      "ow-failed ingest.progress",
    ]);
    expect(heard).toHaveLength(5);
  });

  it("a batch whose statement fails writes none of its outcomes; each written again is written once", async () => {
    const tasks = new TasksRepo(db.db);
    const events = new EventsRepo(db.db);
    const writer = new OutcomeWriter(tasks, new EventHub(events));
    await insert(tasks, "ow-good");
    await insert(tasks, "ow-bad");
    const good = {
      id: "ow-good",
      patch: { status: "ReviewReady", progress: 100, result: { draft, candidates: [] } },
      events: [{ type: "ingest.progress", data: {}, onUpdate: true }],
      artifacts: [],
    };
    // A progress that is no whole number fails the statement after the good outcome's row.
    const bad = { ...good, id: "ow-bad", patch: { status: "ReviewReady", progress: 1.5 } };
    const both = await Promise.allSettled([writer.write(good), writer.write(bad)]);
    expect(both.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    const count = async (id: string) =>
      Number(
        (await sql<{ n: string }>`SELECT count(*) AS n FROM task_events WHERE task_id = ${id}`.execute(db.db))
          .rows[0]!.n,
      );
    const status = async (id: string) =>
      await db.db
        .selectFrom("tasks")
        .select(["status", "version"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
    expect(await status("ow-good")).toEqual({ status: "Running", version: 1 });
    expect(await count("ow-good")).toBe(0);
    // The job's retry writes it again: once.
    expect(await writer.write(good)).toMatchObject({ status: "ReviewReady", version: 2 });
    expect(await writer.write(good)).toBeUndefined();
    expect(await status("ow-good")).toEqual({ status: "ReviewReady", version: 2 });
    expect(await count("ow-good")).toBe(1);
    expect(await status("ow-bad")).toEqual({ status: "Running", version: 1 });
  });
});
