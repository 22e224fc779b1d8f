import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NormalizeService } from "../../services/tasks/normalize.service.ts";
import { RecipesRepo } from "../../storage/recipes.repo.ts";
import { TasksRepo } from "../../storage/tasks.repo.ts";
import { startFixtureServer, type FixtureServer } from "../../../test/helpers/fixtureServer.ts";
import { startLlmStub, type StubReply, type StubRequest } from "../../../test/helpers/llmStub.ts";
import { PANCAKES_HTML, startTestLadle, type TestLadle } from "../../../test/helpers/testLadle.ts";

let t: TestLadle;
let site: FixtureServer;
let stub: Awaited<ReturnType<typeof startLlmStub>>;
let reply: (r: StubRequest) => StubReply = () => ({ content: '{"patch":[]}' });

beforeAll(async () => {
  site = await startFixtureServer({ "/pancakes": { body: PANCAKES_HTML } });
  stub = await startLlmStub((r) => reply(r));
  t = await startTestLadle({
    config: {
      Llm: {
        Providers: { Stub: { BaseUrl: stub.url, Model: "stub-1", TimeoutMs: 2000, MaxRetries: 0 } },
        PhaseProviders: { "Ingest.Normalize": "Stub" },
      },
    },
  });
});
afterAll(async () => {
  await t?.close();
  await site?.close();
  await stub?.close();
});

let made = 0;

/** Imports the pancakes page and commits it with a few things to normalize (each one different, so no LLM cache hit). */
async function storedRecipe(): Promise<string> {
  const c = await t.json("POST", "/api/tasks", {
    agentType: "Ingest",
    payload: { mode: "Url", url: `${site.origin}/pancakes` },
  });
  const task = await t.waitTask(c.body.taskId);
  const r = structuredClone(task.result.draft.recipe);
  r.name = "SUNDAY PANCAKES";
  r.description = `Fluffy pancakes, batch ${++made}.`;
  r.ingredients[1].unit = "tablespoons";
  r.ingredients[3].name = "Scallions";
  r.instructions[2].text = "Cook ladlefuls on a griddle at 375 F until  golden.";
  const commit = await t.json("POST", "/api/recipes/import", { taskId: task.taskId, draftRecipe: r });
  expect(commit.status).toBe(200);
  return commit.body.recipe.id;
}

async function normalize(path: string, body: unknown = {}) {
  const c = await t.json("POST", path, body);
  expect(c.status).toBe(202);
  return t.waitTask(c.body.taskId);
}

const changes = (task: any) => task.result.patch.filter((o: any) => o.op !== "test");

describe("normalizing a stored recipe", () => {
  it("proposes Low rules and the LLM's High operations, relabelled and checked, then applies a subset as version 2", async () => {
    const id = await storedRecipe();
    reply = (r) =>
      r.phase === "normalize"
        ? {
            content: JSON.stringify({
              patch: [
                {
                  op: "replace",
                  path: "/ingredients/3/name",
                  value: "green onions",
                  riskCategory: "High",
                  reason: "Standardized ingredient name: scallions -> green onions",
                },
                {
                  op: "replace",
                  path: "/ingredients/4/quantity",
                  value: 3,
                  riskCategory: "Low",
                  reason: "more eggs",
                },
                { op: "replace", path: "/ingredients/42/name", value: "ghost", riskCategory: "High" },
                { op: "remove", path: "/name", riskCategory: "High" },
                {
                  op: "replace",
                  path: "/source/url",
                  value: "https://elsewhere.example/",
                  riskCategory: "Low",
                },
              ],
            }),
          }
        : { content: "{}" };
    const task = await normalize(`/api/recipes/${id}/normalize`, { convertUnits: "none" });
    expect(task.status).toBe("ReviewReady");
    // The LLM saw the recipe's content only: no provenance, no ids.
    const asked = stub.requests.filter((r) => r.phase === "normalize").at(-1)!;
    expect(asked.user).toContain("Scallions");
    expect(asked.user).not.toContain(site.origin);
    expect(asked.user).not.toContain(id);

    const ops = changes(task);
    const at = (p: string) => ops.find((o: any) => o.path === p);
    expect(at("/name")).toMatchObject({ value: "Sunday Pancakes", riskCategory: "Low" });
    expect(at("/ingredients/1/unit")).toMatchObject({ value: "tbsp", riskCategory: "Low" });
    expect(at("/instructions/2/text")).toMatchObject({
      value: "Cook ladlefuls on a griddle at 375°F until golden.",
      riskCategory: "Low",
    });
    expect(at("/ingredients/3/name")).toMatchObject({ value: "green onions", riskCategory: "High" });
    expect(at("/ingredients/4/quantity")).toMatchObject({
      riskCategory: "High",
      relabelled: "labelled Low, but it changes a quantity",
    });
    expect(task.result.dropped.map((d: any) => d.reason)).toEqual([
      "/ingredients/42/name does not exist in the recipe",
      expect.stringMatching(/^the result is not a valid recipe/),
      "/source/url is not a field normalization may change",
    ]);
    expect(task.result.diffSummary).toContain("Normalized units: tablespoons -> tbsp (Low)");
    expect(task.result.diffSummary).toContain(
      "Standardized ingredient name: scallions -> green onions (High)",
    );
    expect(task.result.patch.filter((o: any) => o.op === "test")).toHaveLength(ops.length);
    expect(task.result.validation.isValid).toBe(true);

    const list = await t.json("GET", `/api/tasks/${task.taskId}/artifacts`);
    expect(list.body.artifacts.map((a: any) => a.name)).toEqual(
      expect.arrayContaining(["normalize.patch.json", "normalize.diff.md", "llm.normalize.json"]),
    );
    const md = await t.app.request(`/api/tasks/${task.taskId}/artifacts/normalize.diff.md`);
    expect(await md.text()).toContain(
      "| High | replace | `/ingredients/3/name` | Scallions | green onions |",
    );
    const events = (await t.ladle.events.history(task.taskId, null)).map((e) => e.type);
    expect(events).toContain("ingest.normalize.progress");
    expect(events).toContain("ingest.normalize.completed");

    // Accept the Low ones and the rename, not the quantity.
    const rename = at("/ingredients/3/name").id;
    const low = ops.filter((o: any) => o.riskCategory === "Low").map((o: any) => o.id);
    const applied = await t.json("POST", `/api/tasks/${task.taskId}/apply`, { accept: [...low, rename] });
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({ kind: "recipe", recipeId: id, version: 2 });
    const recipe = (await t.json("GET", `/api/recipes/${id}`)).body;
    expect(recipe.name).toBe("Sunday Pancakes");
    expect(recipe.ingredients[1].unit).toBe("tbsp");
    expect(recipe.ingredients[3].name).toBe("green onions");
    expect(recipe.ingredients[4].quantity).toBe(2);
    const versions = (await t.json("GET", `/api/recipes/${id}/versions`)).body;
    expect(versions.versions[0]).toMatchObject({ version: 2, kind: "normalize" });
    // The applied operations are recorded with the version.
    const [v2] = await new RecipesRepo(t.ladle.database.db).listVersions(id);
    expect((v2!.applied_ops as any[]).map((o) => o.id).sort()).toEqual([...low, rename].sort());
    expect((v2!.applied_ops as any[]).every((o) => o.riskCategory)).toBe(true);
    expect((await t.json("GET", `/api/tasks/${task.taskId}`)).body.status).toBe("Committed");
    // Applying again: the proposal is closed.
    expect((await t.json("POST", `/api/tasks/${task.taskId}/apply`, { accept: "all" })).status).toBe(409);

    // Restore version 1: a new version 3 with version 1's content.
    const restored = await t.json("POST", `/api/recipes/${id}/versions/1/restore`, undefined, {
      "if-match": '"2"',
    });
    expect(restored.status).toBe(200);
    expect(restored.body.version).toBe(3);
    expect((await t.json("GET", `/api/recipes/${id}`)).body.name).toBe("SUNDAY PANCAKES");
    const stale = await t.json("POST", `/api/recipes/${id}/versions/2/restore`, undefined, {
      "if-match": '"2"',
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe("RECIPE_VERSION_CONFLICT");
    expect((await t.json("POST", `/api/recipes/${id}/versions/99/restore`)).body.code).toBe(
      "VERSION_NOT_FOUND",
    );
  });

  it("refuses to commit a proposal as if it were a draft, saying how to apply it", async () => {
    const id = await storedRecipe();
    reply = () => ({ content: '{"patch":[]}' });
    const task = await normalize(`/api/recipes/${id}/normalize`);
    const r = await t.json("POST", "/api/recipes/import", { taskId: task.taskId });
    expect(r.status).toBe(409);
    expect(r.body.code).toBe("TASK_NOT_REVIEWABLE");
    expect(r.body.message).toContain(`/api/tasks/${task.taskId}/apply`);
    expect((await t.json("GET", `/api/recipes/${id}/versions`)).body.versions).toHaveLength(1);
  });

  it("answers 409 when the recipe changed since the proposal, and applies nothing", async () => {
    const id = await storedRecipe();
    reply = () => ({ content: '{"patch":[]}' });
    const task = await normalize(`/api/recipes/${id}/normalize`);
    const nameOp = changes(task).find((o: any) => o.path === "/name");
    expect(nameOp).toBeDefined();
    // Someone else renames the recipe behind the proposal's back.
    const v = { document: (await t.json("GET", `/api/recipes/${id}/versions/1`)).body };
    await t.ladle.database.db
      .updateTable("recipes")
      .set({
        document: JSON.stringify({ ...v.document, name: "Weekend Pancakes" }),
        name: "Weekend Pancakes",
      })
      .where("id", "=", id)
      .execute();
    const r = await t.json("POST", `/api/tasks/${task.taskId}/apply`, { accept: "low" });
    expect(r.status).toBe(409);
    expect(r.body.code).toBe("NORMALIZE_CONFLICT");
    expect(r.body.details.path).toBe("/name");
    expect((await t.json("GET", `/api/recipes/${id}`)).body.name).toBe("Weekend Pancakes");
    expect((await t.json("GET", `/api/recipes/${id}/versions`)).body.versions[0].version).toBe(1);
  });

  it("rejects bad requests with codes that say what to do", async () => {
    const none = await t.json("POST", "/api/recipes/nope/normalize", {});
    expect(none.status).toBe(404);
    expect(none.body.code).toBe("RECIPE_NOT_FOUND");
    const both = await t.json("POST", "/api/tasks", {
      agentType: "Ingest",
      payload: { mode: "Normalize", recipeId: "a", taskId: "b" },
    });
    expect(both.status).toBe(400);
    const id = await storedRecipe();
    reply = () => ({ content: '{"patch":[]}' });
    const task = await normalize(`/api/recipes/${id}/normalize`, { convertUnits: "none" });
    expect((await t.json("POST", `/api/tasks/${task.taskId}/apply`, { accept: [999] })).body.code).toBe(
      "INVALID_PAYLOAD",
    );
    expect((await t.json("POST", `/api/tasks/${task.taskId}/apply`, { accept: [] })).body.code).toBe(
      "NOTHING_TO_APPLY",
    );
    expect((await t.json("POST", `/api/tasks/${task.taskId}/apply`, { accept: "some" })).status).toBe(400);
    expect((await t.json("POST", `/api/recipes/${id}/normalize`, { convertUnits: "imperial" })).status).toBe(
      400,
    );
  });
});

describe("normalizing a draft before commit", () => {
  it("normalizes the draft of a ReviewReady import, keeps draft versions, and the commit takes the result", async () => {
    reply = () => ({ content: '{"patch":[]}' });
    const c = await t.json("POST", "/api/tasks", {
      agentType: "Ingest",
      payload: { mode: "Url", url: `${site.origin}/pancakes` },
    });
    const imported = await t.waitTask(c.body.taskId);
    const task = await normalize(`/api/tasks/${imported.taskId}/normalize`, { convertUnits: "metric" });
    expect(task.threadId).toBe(imported.threadId);
    expect(task.result.target).toMatchObject({ kind: "draft", taskId: imported.taskId, version: 1 });
    const ops = changes(task);
    expect(ops.find((o: any) => o.path === "/category")).toMatchObject({
      value: ["breakfast"],
      riskCategory: "Low",
    });
    const flour = ops.find((o: any) => o.path === "/ingredients/0");
    expect(flour).toMatchObject({ riskCategory: "High", rule: "unit conversion" });
    expect(flour.value).toMatchObject({ quantity: 480, unit: "ml" });

    const applied = await t.json("POST", `/api/tasks/${task.taskId}/apply`, { accept: "all" });
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({ kind: "draft", taskId: imported.taskId, version: 2 });
    const draft = (await t.json("GET", `/api/tasks/${imported.taskId}`)).body;
    expect(draft.status).toBe("ReviewReady");
    expect(draft.result.draft.recipe.category).toEqual(["breakfast"]);
    expect(draft.result.draft.recipe.ingredients[0]).toMatchObject({ quantity: 480, unit: "ml" });
    const versions = (await t.json("GET", `/api/tasks/${imported.taskId}/draft-versions`)).body.versions;
    expect(versions.map((v: any) => [v.version, v.kind])).toEqual([
      [2, "normalize"],
      [1, "import"],
    ]);
    const commit = await t.json("POST", "/api/recipes/import", { taskId: imported.taskId });
    expect(commit.status).toBe(200);
    expect(commit.body.recipe.ingredients[0].unit).toBe("ml");
    // A committed draft can no longer be normalized as a draft.
    const late = await t.json("POST", `/api/tasks/${imported.taskId}/normalize`, {});
    expect(late.status).toBe(409);
    expect(late.body.code).toBe("TASK_NOT_REVIEWABLE");
  });
});

describe("AutoApplyLow", () => {
  it("applies the Low operations at once and leaves the High ones for review", async () => {
    const id = await storedRecipe();
    reply = () => ({
      content: JSON.stringify({
        patch: [{ op: "replace", path: "/ingredients/3/name", value: "green onions" }],
      }),
    });
    const config = structuredClone(t.ladle.config);
    config.Ingest.Normalize.AutoApplyLow = true;
    const svc = new NormalizeService(
      config,
      t.ladle.database.db,
      t.ladle.normalize.repos,
      t.ladle.tasks,
      t.ladle.artifacts,
      t.ladle.llm,
      () => new Date(),
    );
    // A task row the queue does not know about, run by this service.
    const row = await new TasksRepo(t.ladle.database.db).insert({
      id: crypto.randomUUID(),
      threadId: crypto.randomUUID(),
      agentType: "Ingest",
      status: "Pending",
      payload: { mode: "Normalize", recipeId: id, convertUnits: "none" },
      metadata: {},
      requestedBy: null,
    });
    await svc.run(row.id);
    const task = (await t.json("GET", `/api/tasks/${row.id}`)).body;
    expect(task.status).toBe("ReviewReady");
    expect(task.result.autoApplied.version).toBe(2);
    const recipe = (await t.json("GET", `/api/recipes/${id}`)).body;
    expect(recipe.name).toBe("Sunday Pancakes");
    expect(recipe.ingredients[3].name).toBe("Scallions");
    const rest = await t.json("POST", `/api/tasks/${row.id}/apply`, { accept: "all" });
    expect(rest.status).toBe(200);
    expect(rest.body.applied).toEqual([changes(task).find((o: any) => o.riskCategory === "High").id]);
    expect((await t.json("GET", `/api/recipes/${id}`)).body.ingredients[3].name).toBe("green onions");
  });
});
