import { gzipSync } from "node:zlib";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../../test/helpers/testDb.ts";
import { artifactParams, type TaskOutcome } from "./advanceMany.ts";
import { FetchLeasesRepo } from "./fetchLeases.repo.ts";
import { TasksRepo } from "./tasks.repo.ts";

let db: TestDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => db?.close());

const AT = new Date("2026-12-03T08:00:00.000Z");

/**
 * The outcomes of three tasks with the artifact shapes an import writes and the edge cases a
 * text encoding of the columns could get wrong: quotes, backslashes, commas and braces (array
 * text's own syntax), unicode beyond the BMP, an empty body, a gzip body, a large text, nulls in
 * the patch. The `run` suffix keeps the two runs' task ids apart.
 */
function outcomes(run: string): TaskOutcome[] {
  const big = "Whisk the eggs, then fold in the flour. ".repeat(40_000); // ~1.6 MB
  const text = (s: string) => Buffer.from(s, "utf8");
  return [
    {
      id: `am-ready-${run}`,
      patch: {
        status: "ReviewReady",
        current_phase: null,
        progress: 100,
        result: { recipe: { name: "Crème brûlée 🍮", steps: ['a "quoted" step', "back\\slash"] } },
        error: null,
        recipe_id: null,
      },
      events: [
        { type: "ingest.extract.progress", data: { state: "completed" } },
        { type: "ingest.progress", data: { note: "ünïcödé" }, onUpdate: true },
      ],
      artifacts: [
        {
          name: 'snap"shot{1},\\.txt',
          type: "snapshot.text",
          content_type: "text/plain; charset=utf-8",
          encoding: "identity",
          size: 0,
          original_size: 0,
          truncated: false,
          data: Buffer.alloc(0),
        },
        {
          name: "page 🍰 née.html",
          type: "page.html",
          content_type: "text/html",
          encoding: "gzip",
          size: 0,
          original_size: big.length,
          truncated: true,
          data: gzipSync(text(big)),
        },
        {
          name: "big.txt",
          type: "snapshot.text",
          content_type: "text/plain",
          encoding: "identity",
          size: 0,
          original_size: big.length,
          truncated: false,
          data: text(big),
        },
      ],
    },
    {
      id: `am-failed-${run}`,
      patch: {
        status: "Failed",
        error: { code: "E_FETCH", message: "délai dépassé" },
        metadata: { k: [1, null] },
      },
      events: [{ type: "ingest.failed", data: { reason: null } }],
      artifacts: [
        {
          name: "page.meta.json",
          type: "page.meta",
          content_type: "application/json",
          encoding: "identity",
          size: 0,
          original_size: 18,
          truncated: false,
          data: text('{"statusCode":500}'),
        },
      ],
    },
    {
      // No longer Running: its update and onUpdate event are not written, its artifacts are.
      id: `am-cancelled-${run}`,
      patch: { status: "ReviewReady", progress: 100 },
      events: [{ type: "ingest.progress", data: {}, onUpdate: true }],
      artifacts: [
        {
          name: "日本語.txt",
          type: "snapshot.text",
          content_type: "text/plain",
          encoding: "identity",
          size: 0,
          original_size: 9,
          truncated: false,
          data: text("日本語"),
        },
      ],
    },
  ].map((o) => ({ ...o, artifacts: o.artifacts.map((a) => ({ ...a, size: a.data.length })) }));
}

async function insertTasks(tasks: TasksRepo, run: string): Promise<void> {
  for (const o of outcomes(run))
    await tasks.insert({
      id: o.id,
      threadId: o.id,
      agentType: "Ingest",
      status: o.id.startsWith("am-cancelled") ? "Cancelled" : "Running",
      payload: {},
      metadata: {},
      requestedBy: null,
    });
}

/** What a run wrote, with its task ids made run-independent. */
async function written(run: string): Promise<unknown> {
  const ids = outcomes(run).map((o) => o.id);
  const plain = (id: string) => id.replace(`-${run}`, "");
  const tasks = await db.db
    .selectFrom("tasks")
    .select([
      "id",
      "status",
      "current_phase",
      "progress",
      "result",
      "error",
      "metadata",
      "recipe_id",
      "version",
    ])
    .where("id", "in", ids)
    .orderBy("id")
    .execute();
  const arts = await db.db
    .selectFrom("artifacts")
    .selectAll()
    .where("task_id", "in", ids)
    .orderBy("task_id")
    .orderBy("name")
    .execute();
  const events = await db.db
    .selectFrom("task_events")
    .select(["task_id", "type", "data"])
    .where("task_id", "in", ids)
    .orderBy(sql`id`)
    .execute();
  return {
    tasks: tasks.map((t) => ({ ...t, id: plain(t.id) })),
    artifacts: arts.map((a) => ({
      ...a,
      task_id: plain(a.task_id),
      data: Buffer.from(a.data).toString("base64"),
    })),
    events: events.map((e) => ({ ...e, task_id: plain(e.task_id) })),
  };
}

describe("advanceMany", () => {
  it("writes exactly what one advance per task writes: artifact columns and bodies, nulls, unicode, large text", async () => {
    const tasks = new TasksRepo(db.db, () => AT);
    await insertTasks(tasks, "one");
    await insertTasks(tasks, "many");
    for (const o of outcomes("one")) await tasks.advance(o.id, o.patch, o.events, o.artifacts);
    const { rows } = await tasks.advanceMany(outcomes("many"));
    expect([...rows.keys()].sort()).toEqual(["am-failed-many", "am-ready-many"]);
    const one = await written("one");
    expect(await written("many")).toEqual(one);
    // The comparison saw the cases it is about (not two empty sets).
    const arts = (one as { artifacts: { name: string; data: string; truncated: boolean }[] }).artifacts;
    expect(arts.map((a) => a.name).sort()).toEqual(
      ["big.txt", "page 🍰 née.html", "page.meta.json", 'snap"shot{1},\\.txt', "日本語.txt"].sort(),
    );
    expect(arts.find((a) => a.name === "big.txt")!.data.length).toBeGreaterThan(2_000_000);
  });

  it("sends the artifacts' columns as one JSON list and their bodies as one buffer cut by 1-based offsets", () => {
    const items = outcomes("p");
    const { columns, bodies } = artifactParams(items);
    const rows = JSON.parse(columns) as { task_id: string; name: string; off: number; size: number }[];
    expect(rows.map((r) => r.task_id)).toEqual(items.flatMap((i) => i.artifacts.map(() => i.id)));
    const all = items.flatMap((i) => i.artifacts);
    rows.forEach((r, k) => {
      expect(r.name).toBe(all[k]!.name);
      expect(bodies.subarray(r.off - 1, r.off - 1 + r.size).equals(all[k]!.data)).toBe(true);
    });
  });

  it("ends the unkept pages' fetch leases in the same statement, except one another process waits for", async () => {
    const tasks = new TasksRepo(db.db, () => AT);
    const leases = new FetchLeasesRepo(db.db);
    await insertTasks(tasks, "ends");
    const [wanted, mine, other] = ["am-lease-wanted", "am-lease-mine", "am-lease-other"];
    for (const key of [wanted, mine, other])
      expect((await leases.attempt(key, "u", `h-${key}`, 30, null)).acquired).toBe(true);
    await leases.want(wanted);
    const { rows, ended } = await tasks.advanceMany(outcomes("ends"), false, [
      { key: wanted, holder: `h-${wanted}` },
      { key: mine, holder: `h-${mine}` },
      // Another holder's lease on the key is not this end's: it stays.
      { key: other, holder: "h-someone-else" },
    ]);
    expect([...rows.keys()].sort()).toEqual(["am-failed-ends", "am-ready-ends"]);
    expect([...ended]).toEqual([mine]);
    const again = await leases.attemptMany(
      [wanted, mine, other].map((key) => ({ key, url: "u", holder: "later", since: null })),
      30,
    );
    expect(again.map((x) => x.acquired)).toEqual([false, true, false]);
    // Without ends, nothing ended.
    await insertTasks(tasks, "no-ends");
    expect([...(await tasks.advanceMany(outcomes("no-ends"), false)).ended]).toEqual([]);
  });
});
