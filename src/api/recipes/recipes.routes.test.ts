import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFixtureServer, type FixtureServer } from "../../../test/helpers/fixtureServer.ts";
import {
  PANCAKES_HTML,
  PANCAKES_VERBATIM_HTML,
  startTestLadle,
  type TestLadle,
} from "../../../test/helpers/testLadle.ts";
import { createTestUser } from "../../../test/helpers/users.ts";

let t: TestLadle;
let site: FixtureServer;
// A movable clock, to reach draft expiry without waiting a week.
let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);

beforeAll(async () => {
  site = await startFixtureServer({
    "/pancakes": { body: PANCAKES_HTML },
    "/verbatim": { body: PANCAKES_VERBATIM_HTML },
  });
  t = await startTestLadle({ now });
});
afterAll(async () => {
  await t?.close();
  await site?.close();
});

async function reviewReady(path = "/pancakes"): Promise<any> {
  const c = await t.json("POST", "/api/tasks", {
    agentType: "Ingest",
    payload: { mode: "Url", url: `${site.origin}${path}` },
  });
  expect(c.status).toBe(202);
  const task = await t.waitTask(c.body.taskId);
  expect(task.status).toBe("ReviewReady");
  return task;
}

describe("POST /api/recipes/import (commit)", () => {
  it("commits a draft: provenance moves into Recipe.source", async () => {
    const task = await reviewReady();
    const r = await t.json("POST", "/api/recipes/import", { taskId: task.taskId });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: "Committed", alreadyCommitted: false, taskId: task.taskId });
    const recipe = r.body.recipe;
    expect(recipe.id).toBeTruthy();
    expect(recipe.name).toBe("Buttermilk Pancakes");
    expect(recipe.source).toEqual(task.result.draft.source);
    expect(recipe.createdAt).toBeTruthy();
    const after = await t.json("GET", `/api/tasks/${task.taskId}`);
    expect(after.body).toMatchObject({ status: "Committed", recipeId: recipe.id });
    const got = await t.json("GET", `/api/recipes/${recipe.id}`);
    expect(got.status).toBe(200);
    expect(got.body.source.extractionMethod).toBe("JsonLd");
  });

  it("answers a repeated commit with 200 and the same recipe", async () => {
    const task = await reviewReady();
    const first = await t.json("POST", "/api/recipes/import", { taskId: task.taskId });
    const again = await t.json("POST", "/api/recipes/import", { taskId: task.taskId });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ alreadyCommitted: true, code: "ALREADY_COMMITTED" });
    expect(again.body.recipe.id).toBe(first.body.recipe.id);
  });

  it("lets exactly one of several concurrent commits win; the others get 409 COMMIT_CONFLICT", async () => {
    const task = await reviewReady();
    // Every reviewer read the same state (ETag) before committing.
    const etag = (await t.app.request(`/api/tasks/${task.taskId}`)).headers.get("etag")!;
    expect(etag).toBe(`"${task.version}"`);
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.json("POST", "/api/recipes/import", { taskId: task.taskId }, { "if-match": etag }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.code).toBe("COMMIT_CONFLICT");
    const list = await t.json("GET", "/api/recipes?pageSize=100");
    expect(list.body.items.filter((x: { taskId: string }) => x.taskId === task.taskId)).toHaveLength(1);
  });

  it("creates one recipe however many commits race without a precondition", async () => {
    const task = await reviewReady();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => t.json("POST", "/api/recipes/import", { taskId: task.taskId })),
    );
    const created = results.filter((r) => r.status === 200 && r.body.alreadyCommitted === false);
    expect(created).toHaveLength(1);
    for (const r of results) {
      if (r.status === 200) expect(r.body.recipe.id).toBe(created[0]!.body.recipe.id);
      else expect(r).toMatchObject({ status: 409, body: { code: "COMMIT_CONFLICT" } });
    }
    const list = await t.json("GET", "/api/recipes?pageSize=100");
    expect(list.body.items.filter((x: { taskId: string }) => x.taskId === task.taskId)).toHaveLength(1);
  });

  it("refuses a malformed If-Match", async () => {
    const task = await reviewReady();
    const r = await t.json(
      "POST",
      "/api/recipes/import",
      { taskId: task.taskId },
      { "if-match": "yesterday" },
    );
    expect(r).toMatchObject({ status: 400, body: { code: "INVALID_PAYLOAD" } });
  });

  it("commits the reviewer's edits", async () => {
    const task = await reviewReady();
    const edited = { ...task.result.draft.recipe, name: "Sunday Pancakes", servings: 6 };
    const r = await t.json("POST", "/api/recipes/import", { taskId: task.taskId, draftRecipe: edited });
    expect(r.status).toBe(200);
    expect(r.body.recipe).toMatchObject({ name: "Sunday Pancakes", servings: 6 });
    expect(r.body.recipe.source.url).toBe(task.result.draft.source.url);
  });

  it("refuses an edited recipe that is not valid, keeping the draft committable", async () => {
    const task = await reviewReady();
    const bad = await t.json("POST", "/api/recipes/import", {
      taskId: task.taskId,
      draftRecipe: { ...task.result.draft.recipe, ingredients: "flour" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("INVALID_RECIPE");
    const noName = await t.json("POST", "/api/recipes/import", {
      taskId: task.taskId,
      draftRecipe: { ...task.result.draft.recipe, name: " " },
    });
    expect(noName.status).toBe(400);
    expect(noName.body.code).toBe("INVALID_RECIPE");
    const still = await t.json("GET", `/api/tasks/${task.taskId}`);
    expect(still.body.status).toBe("ReviewReady");
    const ok = await t.json("POST", "/api/recipes/import", { taskId: task.taskId });
    expect(ok.status).toBe(200);
  });

  it("refuses a source that contradicts the task's provenance", async () => {
    const task = await reviewReady();
    const r = await t.json("POST", "/api/recipes/import", {
      taskId: task.taskId,
      source: { url: "https://elsewhere.test/x" },
    });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("INVALID_PAYLOAD");
  });

  it("warns when a recipe from the same source URL already exists", async () => {
    const a = await reviewReady("/pancakes");
    await t.json("POST", "/api/recipes/import", { taskId: a.taskId });
    const b = await reviewReady("/pancakes");
    const r = await t.json("POST", "/api/recipes/import", { taskId: b.taskId });
    expect(r.status).toBe(200);
    expect(r.body.warnings.join(" ")).toMatch(/same source URL/);
    expect(r.body.recipe.commitWarnings).toEqual(r.body.warnings);
  });

  it("answers 404 TASK_NOT_FOUND, 400 INVALID_PAYLOAD for bad bodies", async () => {
    expect((await t.json("POST", "/api/recipes/import", { taskId: "nope" })).body.code).toBe(
      "TASK_NOT_FOUND",
    );
    expect((await t.json("POST", "/api/recipes/import", { taskId: "nope" })).status).toBe(404);
    const noId = await t.json("POST", "/api/recipes/import", {});
    expect(noId).toMatchObject({ status: 400, body: { code: "INVALID_PAYLOAD" } });
    const broken = await t.json("POST", "/api/recipes/import", "{");
    expect(broken).toMatchObject({ status: 400, body: { code: "INVALID_PAYLOAD" } });
  });
});

describe("expiry", () => {
  it("answers 410 DRAFT_EXPIRED after DraftExpirationDays and marks the task Expired", async () => {
    const task = await reviewReady();
    offsetMs = 8 * 86_400_000;
    try {
      const r = await t.json("POST", "/api/recipes/import", { taskId: task.taskId });
      expect(r.status).toBe(410);
      expect(r.body).toMatchObject({
        code: "DRAFT_EXPIRED",
        message: "Draft expired and cannot be committed.",
      });
      expect(r.body.details.taskId).toBe(task.taskId);
      expect(Date.parse(r.body.details.expiredAt)).toBeLessThan(now().getTime());
      const after = await t.json("GET", `/api/tasks/${task.taskId}`);
      expect(after.body.status).toBe("Expired");
      const again = await t.json("POST", "/api/recipes/import", { taskId: task.taskId });
      expect(again.status).toBe(410);
    } finally {
      offsetMs = 0;
    }
  });

  it("the periodic job moves old ReviewReady drafts to Expired and leaves fresh ones", async () => {
    const old = await reviewReady();
    offsetMs = 6 * 86_400_000;
    const fresh = await reviewReady();
    offsetMs = 7.5 * 86_400_000;
    try {
      const expired = await t.ladle.review.expireDrafts();
      expect(expired).toContain(old.taskId);
      expect(expired).not.toContain(fresh.taskId);
      expect((await t.json("GET", `/api/tasks/${old.taskId}`)).body.status).toBe("Expired");
      expect((await t.json("GET", `/api/tasks/${fresh.taskId}`)).body.status).toBe("ReviewReady");
    } finally {
      offsetMs = 0;
    }
  });
});

describe("reject", () => {
  it("rejects a draft; it can then neither be committed nor rejected into another state", async () => {
    const task = await reviewReady();
    const r = await t.json("POST", `/api/tasks/${task.taskId}/reject`, { reason: "not what I wanted" });
    expect(r).toMatchObject({ status: 200, body: { status: "Rejected" } });
    expect((await t.json("POST", `/api/tasks/${task.taskId}/reject`)).status).toBe(200);
    const c = await t.json("POST", "/api/recipes/import", { taskId: task.taskId });
    expect(c.status).toBe(409);
    expect(c.body.code).toBe("TASK_NOT_REVIEWABLE");
    const state = await t.json("GET", `/api/tasks/${task.taskId}`);
    expect(state.body.metadata.rejectReason).toBe("not what I wanted");
  });

  it("cannot reject a committed task", async () => {
    const task = await reviewReady();
    await t.json("POST", "/api/recipes/import", { taskId: task.taskId });
    const r = await t.json("POST", `/api/tasks/${task.taskId}/reject`);
    expect(r).toMatchObject({ status: 409, body: { code: "TASK_NOT_REVIEWABLE" } });
    expect((await t.json("POST", "/api/tasks/nope/reject")).body.code).toBe("TASK_NOT_FOUND");
  });
});

describe("GET /api/recipes", () => {
  it("pages recipes newest first and 404s an unknown id", async () => {
    const list = await t.json("GET", "/api/recipes?page=1&pageSize=2");
    expect(list.status).toBe(200);
    expect(list.body.items.length).toBeLessThanOrEqual(2);
    expect(list.body.total).toBeGreaterThanOrEqual(list.body.items.length);
    expect(list.body).toMatchObject({ page: 1, pageSize: 2 });
    const bad = await t.json("GET", "/api/recipes?pageSize=1000");
    expect(bad).toMatchObject({ status: 400, body: { code: "INVALID_REQUEST" } });
    const missing = await t.json("GET", "/api/recipes/nope");
    expect(missing).toMatchObject({ status: 404, body: { code: "RECIPE_NOT_FOUND" } });
  });
});

describe("paraphrase guardrail at commit", () => {
  it("reports verbatim steps on the draft and refuses to commit them as is", async () => {
    const task = await reviewReady("/verbatim");
    const draft = task.result.draft;
    expect(draft.similarity).toMatchObject({ violatesPolicy: true, maxNgramSimilarity: 1 });
    expect(draft.validation.isValid).toBe(false);
    expect(draft.validation.errors.join(" ")).toMatch(/Steps 1-3 are the site's own words/);
    const r = await t.json("POST", "/api/recipes/import", { taskId: task.taskId });
    expect(r).toMatchObject({
      status: 422,
      body: { code: "GUARDRAIL_VIOLATION", details: { similarity: { violatesPolicy: true } } },
    });
    expect((await t.json("GET", `/api/tasks/${task.taskId}`)).body.status).toBe("ReviewReady");
  });

  it("commits when the reviewer acknowledges the override, and records it", async () => {
    const task = await reviewReady("/verbatim");
    const r = await t.json("POST", "/api/recipes/import", {
      taskId: task.taskId,
      acknowledgeGuardrail: true,
    });
    expect(r.status).toBe(200);
    expect(r.body.recipe.guardrailOverride).toMatchObject({ acknowledgedBy: "local", maxNgramSimilarity: 1 });
  });

  it("commits when the flagged steps were paraphrased, and refuses an edit that keeps them", async () => {
    const task = await reviewReady("/verbatim");
    const recipe = task.result.draft.recipe;
    const same = { ...recipe, name: "Renamed only" };
    const still = await t.json("POST", "/api/recipes/import", { taskId: task.taskId, draftRecipe: same });
    expect(still).toMatchObject({
      status: 422,
      body: { code: "GUARDRAIL_VIOLATION", details: { edited: true } },
    });
    const paraphrased = {
      ...recipe,
      instructions: [
        { text: "Combine the dry ingredients." },
        { text: "Mix the wet ones separately and stir both together briefly." },
        { text: "Fry scoops of batter on a griddle, turning once bubbles appear." },
      ],
    };
    const ok = await t.json("POST", "/api/recipes/import", { taskId: task.taskId, draftRecipe: paraphrased });
    expect(ok.status).toBe(200);
    expect(ok.body.recipe.guardrailOverride).toBeNull();
  });
});

describe("PATCH /api/recipes/{id} (edit later)", () => {
  it("changes the given fields as a new version, refuses a stale version and a bad field", async () => {
    const task = await reviewReady();
    const saved = (await t.json("POST", "/api/recipes/import", { taskId: task.taskId })).body.recipe;
    const edit = await t.json("PATCH", `/api/recipes/${saved.id}`, {
      changes: { servings: 6, ingredients: ["2 cups flour", "3 eggs"], instructions: ["Mix.", "Fry."] },
      expectedVersion: saved.version,
    });
    expect(edit.status).toBe(200);
    expect(edit.body.recipe).toMatchObject({ servings: 6, name: saved.name });
    expect(edit.body.recipe.ingredients.map((i: { name: string }) => i.name)).toEqual(["flour", "eggs"]);
    const versions = await t.json("GET", `/api/recipes/${saved.id}/versions`);
    expect(versions.body.versions.length).toBe(2);
    const stale = await t.json("PATCH", `/api/recipes/${saved.id}`, {
      changes: { servings: 2 },
      expectedVersion: saved.version,
    });
    expect(stale).toMatchObject({ status: 409, body: { code: "RECIPE_VERSION_CONFLICT" } });
    const bad = await t.json("PATCH", `/api/recipes/${saved.id}`, { changes: { name: "" } });
    expect(bad.status).toBe(400);
    expect((await t.json("PATCH", "/api/recipes/nope", { changes: { servings: 1 } })).status).toBe(404);
  });

  it("changes everything review can change: tags, category, cuisine, picture, yield, groups, nutrition", async () => {
    const task = await reviewReady();
    const saved = (await t.json("POST", "/api/recipes/import", { taskId: task.taskId })).body.recipe;
    // The web app's editor sends ingredients as it holds them: parts, each with its group.
    const glaze = { ...saved.ingredients[0], text: "1 cup powdered sugar", quantity: 1, unit: "cup" };
    const edit = await t.json("PATCH", `/api/recipes/${saved.id}`, {
      changes: {
        tags: ["brunch", "school fair"],
        category: ["Breakfast", "Snack"],
        cuisine: "Californian",
        imageUrl: null,
        yield: "12 pancakes",
        ingredients: [...saved.ingredients, { ...glaze, name: "powdered sugar", section: "For the glaze" }],
        instructions: [...saved.instructions, { text: "Dust with the sugar.", section: "To serve" }],
        nutrition: { calories: "210 kcal" },
      },
      expectedVersion: saved.version,
    });
    expect(edit.status).toBe(200);
    expect(edit.body.recipe).toMatchObject({
      tags: ["brunch", "school fair"],
      category: ["Breakfast", "Snack"],
      cuisine: "Californian",
      imageUrl: null,
      yield: "12 pancakes",
      nutrition: { calories: "210 kcal" },
    });
    expect(edit.body.recipe.ingredients.at(-1)).toMatchObject({
      name: "powdered sugar",
      section: "For the glaze",
    });
    expect(edit.body.recipe.instructions.at(-1)).toMatchObject({
      text: "Dust with the sugar.",
      section: "To serve",
    });
    // Another person's recipe is not there to edit.
    const eve = await createTestUser(t, { name: "eve" });
    const other = await t.json(
      "PATCH",
      `/api/recipes/${saved.id}`,
      { changes: { tags: ["x"] } },
      eve.headers,
    );
    expect(other.status).toBe(404);
  });
});
