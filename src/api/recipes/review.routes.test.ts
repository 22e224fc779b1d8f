import type http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFixtureServer, type FixtureServer } from "../../../test/helpers/fixtureServer.ts";
import {
  PANCAKES_HTML,
  PANCAKES_VERBATIM_HTML,
  startTestLadle,
  type TestLadle,
} from "../../../test/helpers/testLadle.ts";

// The review experience over the API: commit-time validation, {text}-only ingredients, the
// guardrail policy, replace-or-keep-both, the task list, cancel, delete and restore.
let t: TestLadle;
let site: FixtureServer;
let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);
let releaseSlow: (() => void) | null = null;

beforeAll(async () => {
  site = await startFixtureServer({
    "/pancakes": { body: PANCAKES_HTML },
    "/pancakes-2": { body: PANCAKES_HTML },
    "/verbatim": { body: PANCAKES_VERBATIM_HTML },
    "/slow": (_req: http.IncomingMessage, res: http.ServerResponse) => {
      releaseSlow = () => {
        releaseSlow = null;
        res.writeHead(200, { "content-type": "text/html" }).end(PANCAKES_HTML);
      };
    },
  });
  t = await startTestLadle({ now });
});
afterAll(async () => {
  releaseSlow?.();
  await t?.close();
  await site?.close();
});

async function reviewReady(path = "/pancakes", threadId?: string): Promise<any> {
  const c = await t.json("POST", "/api/tasks", {
    agentType: "Ingest",
    ...(threadId ? { threadId } : {}),
    payload: { mode: "Url", url: `${site.origin}${path}` },
  });
  expect(c.status).toBe(202);
  const task = await t.waitTask(c.body.taskId);
  expect(task.status).toBe("ReviewReady");
  return task;
}

const commit = (body: Record<string, unknown>) => t.json("POST", "/api/recipes/import", body);

describe("commit validates what it stores", () => {
  let task: any;
  let recipe: any;
  beforeAll(async () => {
    task = await reviewReady();
    recipe = task.result.draft.recipe;
  });

  const refused = async (draftRecipe: unknown, field: string, words: RegExp) => {
    const r = await commit({ taskId: task.taskId, draftRecipe });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("INVALID_RECIPE");
    const fields = r.body.details.errors.map((e: { field: string }) => e.field);
    expect(fields).toContain(field);
    expect(r.body.message).toContain(field);
    expect(r.body.message).toMatch(words);
  };

  it("refuses a recipe without a name", async () => {
    await refused({ ...recipe, name: "   " }, "name", /needs a name/);
  });
  it("refuses an image that is not an http(s) address", async () => {
    await refused({ ...recipe, imageUrl: "javascript:alert(1)" }, "imageUrl", /http:\/\/ or https:\/\//);
    await refused({ ...recipe, imageUrl: "data:image/png;base64,AAAA" }, "imageUrl", /web address/);
  });
  it("refuses negative values, naming the field", async () => {
    await refused({ ...recipe, servings: -2 }, "servings", /0 or more/);
    await refused({ ...recipe, prepTimeMinutes: -5 }, "prepTimeMinutes", /0 or more/);
  });
  it("refuses absurd values beyond the hard caps", async () => {
    await refused({ ...recipe, cookTimeMinutes: 99_999 }, "cookTimeMinutes", /more than a week/);
    await refused({ ...recipe, servings: 50_000 }, "servings", /more than 1000/);
    const ingredients = [{ ...recipe.ingredients[0], quantity: 1e9 }, ...recipe.ingredients.slice(1)];
    await refused({ ...recipe, ingredients }, "ingredients[0]", /quantity above/);
  });
  it("refuses an empty ingredient and an empty step", async () => {
    await refused(
      { ...recipe, ingredients: [...recipe.ingredients, { text: "  " }] },
      `ingredients[${recipe.ingredients.length}]`,
      /is empty/,
    );
    await refused(
      { ...recipe, instructions: [{ text: "Stir." }, { text: " " }] },
      "instructions[1]",
      /empty/,
    );
  });
  it("the draft stays committable after refusals", async () => {
    expect((await t.json("GET", `/api/tasks/${task.taskId}`)).body.status).toBe("ReviewReady");
  });

  it("commits duplicate steps and a bare recipe with warnings returned and kept", async () => {
    const other = await reviewReady("/pancakes-2");
    const r = await commit({
      taskId: other.taskId,
      draftRecipe: {
        name: "Just a name",
        ingredients: [],
        instructions: [{ text: "Stir well." }, { text: "stir  well" }],
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.warnings).toEqual(
      expect.arrayContaining(["No ingredients yet; add at least one.", "Step 2 repeats step 1."]),
    );
    expect(r.body.issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: "instructions[1]", message: "Step 2 repeats step 1." }),
      ]),
    );
    const stored = await t.json("GET", `/api/recipes/${r.body.recipe.id}`);
    expect(stored.body.commitWarnings).toEqual(r.body.warnings);
    const versions = await t.json("GET", `/api/recipes/${r.body.recipe.id}/versions`);
    expect(versions.body.versions).toHaveLength(1);
    expect(versions.body.versions[0]).toMatchObject({ version: 1, kind: "commit", createdBy: "local" });
  });

  it("parses ingredients sent as {text} alone (or as plain lines) with the extraction parser", async () => {
    const r = await commit({
      taskId: task.taskId,
      draftRecipe: {
        ...recipe,
        ingredients: [
          { text: "2 1/2 cups flour, sifted" },
          { text: "3 eggs", section: "For the batter" },
          "1 tbsp sugar",
          { text: "a pinch of salt", notes: "flaky" },
        ],
      },
    });
    expect(r.status).toBe(200);
    const [flour, eggs, sugar, salt] = r.body.recipe.ingredients;
    expect(flour).toMatchObject({
      text: "2 1/2 cups flour, sifted",
      quantity: 2.5,
      unit: "cup",
      name: "flour",
    });
    expect(flour.notes).toMatch(/sifted/);
    expect(eggs).toMatchObject({ quantity: 3, name: "eggs", section: "For the batter" });
    expect(sugar).toMatchObject({ quantity: 1, unit: "tbsp", name: "sugar" });
    expect(salt).toMatchObject({ text: "a pinch of salt", notes: "flaky" });
  });

  it("re-parses an edited line on request", async () => {
    const r = await t.json("POST", "/api/recipes/parse-ingredient", { text: "250 g butter (softened)" });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ quantity: 250, unit: "g", name: "butter" });
    const bad = await t.json("POST", "/api/recipes/parse-ingredient", { text: " " });
    expect(bad).toMatchObject({ status: 400, body: { code: "INVALID_PAYLOAD" } });
  });
});

describe("guardrail without friction", () => {
  it("names the flagged steps in plain words and tells how to proceed (acknowledgeGuardrail)", async () => {
    const task = await reviewReady("/verbatim");
    const check = await t.json("POST", "/api/recipes/check", { taskId: task.taskId });
    expect(check.status).toBe(200);
    expect(check.body.guardrail).toMatchObject({
      policy: "acknowledge",
      violatesPolicy: true,
      paraphraseAvailable: false,
    });
    expect(check.body.guardrail.findings[0]).toMatchObject({
      field: "instructions",
      steps: [0, 1, 2],
      message: "Steps 1-3 are the site's own words.",
    });
    const r = await commit({ taskId: task.taskId });
    expect(r.status).toBe(422);
    expect(r.body.code).toBe("GUARDRAIL_VIOLATION");
    expect(r.body.message).toMatch(/Steps 1-3 are the site's own words/);
    expect(r.body.message).toMatch(/acknowledgeGuardrail: true/);
    expect(r.body.details.acknowledgeWith).toEqual({ acknowledgeGuardrail: true });
    const ok = await commit({ taskId: task.taskId, acknowledgeGuardrail: true });
    expect(ok.status).toBe(200);
    expect(ok.body.recipe.guardrailOverride.acknowledgedBy).toBe("local");
    expect(ok.body.warnings.join(" ")).toMatch(/Kept for personal use/);
  });

  it("paraphrasing needs an LLM: without one the answer says so", async () => {
    const task = await reviewReady("/verbatim");
    const r = await t.json("POST", "/api/recipes/paraphrase", { taskId: task.taskId });
    expect(r.status).toBe(422);
    expect(r.body.code).toBe("LLM_NOT_CONFIGURED");
    expect(r.body.message).toMatch(/rewrite the flagged steps yourself/);
  });

  it("CommitPolicy block refuses even when acknowledged; warn commits with a warning", async () => {
    const guardrail = t.ladle.config.Ingest.Guardrail;
    try {
      guardrail.CommitPolicy = "block";
      const a = await reviewReady("/verbatim");
      const blocked = await commit({ taskId: a.taskId, acknowledgeGuardrail: true });
      expect(blocked.status).toBe(422);
      expect(blocked.body.details.policy).toBe("block");
      expect(blocked.body.message).toMatch(/rewritten in your own words/);
      guardrail.CommitPolicy = "warn";
      const ok = await commit({ taskId: a.taskId });
      expect(ok.status).toBe(200);
      expect(ok.body.recipe.guardrailOverride).toMatchObject({ acknowledgedBy: null });
      expect(ok.body.warnings.join(" ")).toMatch(/site's own words/);
    } finally {
      guardrail.CommitPolicy = "acknowledge";
    }
  });
});

describe("the same page twice: replace it or keep both", () => {
  it("check reports the existing recipe; replace makes a new version of it, keepBoth adds one", async () => {
    const first = await reviewReady("/pancakes");
    const a = await commit({
      taskId: first.taskId,
      draftRecipe: { ...first.result.draft.recipe, name: "Mine" },
    });
    expect(a.status).toBe(200);
    const second = await reviewReady("/pancakes");
    const check = await t.json("POST", "/api/recipes/check", { taskId: second.taskId });
    expect(check.body.duplicate).toMatchObject({ name: expect.any(String) });
    const id = check.body.duplicate.id;
    const r = await commit({
      taskId: second.taskId,
      duplicateAction: "replace",
      draftRecipe: { ...second.result.draft.recipe, name: "Mine, improved" },
    });
    expect(r.status).toBe(200);
    expect(r.body.replaced).toBe(true);
    expect(r.body.recipe.id).toBe(id);
    const got = await t.json("GET", `/api/recipes/${id}`);
    expect(got.body).toMatchObject({ name: "Mine, improved", taskId: second.taskId });
    expect(got.body.version).toBeGreaterThanOrEqual(2);
    const versions = await t.json("GET", `/api/recipes/${id}/versions`);
    expect(versions.body.versions[0]).toMatchObject({ kind: "replace", name: "Mine, improved" });
    const old = await t.json("GET", `/api/recipes/${id}/versions/${versions.body.versions[1].version}`);
    expect(old.status).toBe(200);
    const third = await reviewReady("/pancakes");
    const both = await commit({ taskId: third.taskId, duplicateAction: "keepBoth" });
    expect(both.body.replaced).toBe(false);
    expect(both.body.recipe.id).not.toBe(id);
    expect(both.body.warnings.join(" ")).toMatch(/same source URL/);
  });
});

describe("GET /api/tasks lists the caller's tasks", () => {
  it("newest first, filtered by status, paged, threadId optional", async () => {
    const thread = `thread-${Date.now()}`;
    const x = await reviewReady("/pancakes", thread);
    const y = await reviewReady("/pancakes-2", thread);
    const all = await t.json("GET", "/api/tasks?pageSize=100");
    expect(all.status).toBe(200);
    const ids = all.body.tasks.map((k: { taskId: string }) => k.taskId);
    expect(ids.indexOf(y.taskId)).toBeLessThan(ids.indexOf(x.taskId));
    expect(all.body.total).toBeGreaterThanOrEqual(2);
    // A thread reads oldest first, like a conversation, unless asked otherwise.
    const inThread = await t.json("GET", `/api/tasks?threadId=${thread}`);
    expect(inThread.body.tasks.map((k: { taskId: string }) => k.taskId)).toEqual([x.taskId, y.taskId]);
    const paged = await t.json("GET", `/api/tasks?threadId=${thread}&order=desc&pageSize=1&page=2`);
    expect(paged.body).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(paged.body.tasks[0].taskId).toBe(x.taskId);
    await commit({ taskId: x.taskId, duplicateAction: "keepBoth" });
    const ready = await t.json("GET", `/api/tasks?threadId=${thread}&status=ReviewReady`);
    expect(ready.body.tasks.map((k: { taskId: string }) => k.taskId)).toEqual([y.taskId]);
    expect(ready.body.tasks[0].expiresAt).toBeTruthy();
    expect(ready.body.tasks[0].summary).toMatchObject({ recipeName: "Buttermilk Pancakes" });
    const bad = await t.json("GET", "/api/tasks?status=Sleeping");
    expect(bad).toMatchObject({ status: 400, body: { code: "INVALID_REQUEST" } });
  });
});

describe("cancel a task", () => {
  it("cancels a running import; the worker stops and the task stays cancelled", async () => {
    const c = await t.json("POST", "/api/tasks", {
      agentType: "Ingest",
      payload: { mode: "Url", url: `${site.origin}/slow` },
    });
    await t.waitTask(c.body.taskId, (s) => s === "Running");
    const r = await t.json("POST", `/api/tasks/${c.body.taskId}/cancel`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: "Failed", error: { code: "TASK_CANCELLED" } });
    expect(r.body.error.message).toMatch(/You cancelled this import/);
    releaseSlow?.();
    await new Promise((res) => setTimeout(res, 500));
    const after = await t.json("GET", `/api/tasks/${c.body.taskId}`);
    expect(after.body).toMatchObject({ status: "Failed", error: { code: "TASK_CANCELLED" } });
    const again = await t.json("POST", `/api/tasks/${c.body.taskId}/cancel`);
    expect(again.status).toBe(200);
  });

  it("refuses to cancel a finished import and an unknown one", async () => {
    const task = await reviewReady();
    const r = await t.json("POST", `/api/tasks/${task.taskId}/cancel`);
    expect(r).toMatchObject({ status: 409, body: { code: "TASK_NOT_CANCELLABLE" } });
    const none = await t.json("POST", "/api/tasks/nope/cancel");
    expect(none).toMatchObject({ status: 404, body: { code: "TASK_NOT_FOUND" } });
  });
});

describe("delete and restore a recipe", () => {
  it("hides a deleted recipe, lists it as restorable, restores it; after the grace period it is gone", async () => {
    const task = await reviewReady("/pancakes");
    const c = await commit({
      taskId: task.taskId,
      duplicateAction: "keepBoth",
      draftRecipe: { ...task.result.draft.recipe, name: "Delete me pancakes" },
    });
    const id = c.body.recipe.id;
    const del = await t.json("DELETE", `/api/recipes/${id}`);
    expect(del.status).toBe(200);
    expect(new Date(del.body.restoreUntil).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    const live = await t.json("GET", "/api/recipes?q=Delete%20me");
    expect(live.body.total).toBe(0);
    const trash = await t.json("GET", "/api/recipes?deleted=true&q=Delete%20me");
    expect(trash.body.items.map((x: { id: string }) => x.id)).toEqual([id]);
    // Deleted is gone outside the trash and its restore.
    expect((await t.json("GET", `/api/recipes/${id}`)).status).toBe(404);
    const back = await t.json("POST", `/api/recipes/${id}/restore`);
    expect(back.status).toBe(200);
    expect(back.body.deletedAt).toBeNull();
    expect((await t.json("GET", "/api/recipes?q=Delete%20me")).body.total).toBe(1);

    await t.json("DELETE", `/api/recipes/${id}`);
    offsetMs = 31 * 86_400_000;
    try {
      const late = await t.json("POST", `/api/recipes/${id}/restore`);
      expect(late).toMatchObject({ status: 410, body: { code: "RECIPE_GONE" } });
      expect(late.body.message).toMatch(/can no longer be restored/);
      await t.ladle.maintenance();
      expect((await t.json("GET", `/api/recipes/${id}`)).status).toBe(404);
    } finally {
      offsetMs = 0;
    }
    expect((await t.json("DELETE", "/api/recipes/nope")).status).toBe(404);
  });
});

describe("ownership", () => {
  let u: TestLadle;
  const alice = { authorization: "Bearer alice-token-0123456789" };
  const bob = { authorization: "Bearer bob-token-0123456789ab" };
  beforeAll(async () => {
    u = await startTestLadle({
      config: {
        Server: { Host: "127.0.0.1" },
        Auth: {
          Users: [
            { name: "alice", role: "user", token: "alice-token-0123456789" },
            { name: "bob", role: "user", token: "bob-token-0123456789ab" },
          ],
        },
      },
    });
  });
  afterAll(async () => u?.close());

  it("lists only the caller's tasks and lets only the owner delete", async () => {
    const c = await u.json(
      "POST",
      "/api/tasks",
      { agentType: "Ingest", payload: { mode: "Url", url: `${site.origin}/pancakes` } },
      alice,
    );
    const task = await (async () => {
      for (;;) {
        const r = await u.json("GET", `/api/tasks/${c.body.taskId}`, undefined, alice);
        if (r.body.status === "ReviewReady") return r.body;
        await new Promise((res) => setTimeout(res, 25));
      }
    })();
    expect((await u.json("GET", "/api/tasks", undefined, alice)).body.total).toBe(1);
    expect((await u.json("GET", "/api/tasks", undefined, bob)).body.total).toBe(0);
    const r = await u.json("POST", "/api/recipes/import", { taskId: task.taskId }, alice);
    expect(r.status).toBe(200);
    const no = await u.json("DELETE", `/api/recipes/${r.body.recipe.id}`, undefined, bob);
    // Another user's recipe does not exist for them: 404, never 403.
    expect(no).toMatchObject({ status: 404, body: { code: "RECIPE_NOT_FOUND" } });
    expect((await u.json("DELETE", `/api/recipes/${r.body.recipe.id}`, undefined, alice)).status).toBe(200);
    expect((await u.json("GET", "/api/recipes?deleted=true", undefined, bob)).body.total).toBe(0);
    expect((await u.json("GET", "/api/recipes?deleted=true", undefined, alice)).body.total).toBe(1);
  });
});
