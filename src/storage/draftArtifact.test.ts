import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../../test/helpers/testDb.ts";
import { SYSTEM } from "../domain/user.ts";
import { ArtifactStore } from "../services/shared/artifactStore.ts";
import { ArtifactsRepo } from "./artifacts.repo.ts";
import { TasksRepo } from "./tasks.repo.ts";
import { insertRunningTask } from "../../test/helpers/runningTask.ts";

let db: TestDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => db?.close());

const asRead = { recipe: { name: "Buttermilk Pancakes", ingredients: ["2 eggs"] }, validation: { ok: true } };

/** A task run to ReviewReady the way a run writes its outcome: the draft artifact stored in the result. */
async function reviewReady(tasks: TasksRepo, store: ArtifactStore, id: string): Promise<void> {
  await insertRunningTask(tasks, id);
  const artifacts = [
    { name: "snapshot.txt", type: "snapshot.text", contentType: "text/plain", content: "hi" },
    {
      name: "draft.recipe.json",
      type: "draft.recipe.json",
      contentType: "application/json",
      content: JSON.stringify(asRead),
      inTaskResult: true,
    },
  ];
  const draft = { ...asRead, artifacts: store.refs(id, artifacts) };
  await tasks.advance(
    id,
    { status: "ReviewReady", result: { draft, candidates: [] } },
    [],
    store.prepare(artifacts),
  );
}

describe("draft.recipe.json, stored once in the task's result", () => {
  it("is written without bytes of its own and read as the result's draft", async () => {
    const tasks = new TasksRepo(db.db);
    const repo = new ArtifactsRepo(db.db);
    const store = new ArtifactStore(repo, 1024 * 1024);
    await reviewReady(tasks, store, "da-once");
    const stored = await sql<{ n: number }>`SELECT octet_length(data) AS n FROM artifacts
      WHERE task_id = 'da-once' AND name = 'draft.recipe.json'`.execute(db.db);
    expect(stored.rows[0]!.n).toBe(0);
    const read = await store.read("da-once", "draft.recipe.json");
    expect(read?.encoding).toBe("identity");
    expect(JSON.parse(read!.data.toString("utf8"))).toEqual(asRead);
    const listed = (await store.list("da-once")).find((a) => a.name === "draft.recipe.json")!;
    expect(listed.size).toBe(read!.data.length);
    expect(listed.compressed).toBe(false);
    // The other artifacts keep their own bytes.
    expect((await store.read("da-once", "snapshot.txt"))?.data.toString()).toBe("hi");
  });

  it("stays the draft as read when the result is rewritten (normalization, a refresh), by any writer", async () => {
    const tasks = new TasksRepo(db.db);
    const repo = new ArtifactsRepo(db.db);
    const store = new ArtifactStore(repo, 1024 * 1024);
    await reviewReady(tasks, store, "da-edited");
    const row = (await tasks.get("da-edited", SYSTEM))!;
    const edited = {
      draft: { ...asRead, recipe: { name: "Pancakes, normalized", ingredients: [] } },
      candidates: [],
    };
    expect(await tasks.updateIfVersion("da-edited", row.version, { result: edited })).toBeDefined();
    await tasks.update("da-edited", { result: { draft: null, candidates: [] } });
    const read = await store.read("da-edited", "draft.recipe.json");
    expect(JSON.parse(read!.data.toString("utf8"))).toEqual(asRead);
    const listed = (await store.list("da-edited")).find((a) => a.name === "draft.recipe.json")!;
    expect(listed.size).toBe(read!.data.length);
    // Its bytes are now its own, copied once.
    const stored = await sql<{ encoding: string }>`SELECT encoding FROM artifacts
      WHERE task_id = 'da-edited' AND name = 'draft.recipe.json'`.execute(db.db);
    expect(stored.rows[0]!.encoding).toBe("identity");
  });
});
