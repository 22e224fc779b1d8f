import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFixtureServer, type FixtureServer } from "../../../test/helpers/fixtureServer.ts";
import { PANCAKES_HTML, startTestLadle, type TestLadle } from "../../../test/helpers/testLadle.ts";
import { createTestUser, type TestUser } from "../../../test/helpers/users.ts";

// Duplicates over the API: "You already have this" on review (GET /api/tasks/{id}/duplicates and
// the check), the commit's choice (409 when the server asks, replace / keepBoth / drop), another
// user's recipes never reported, bookmarks and articles of the same page, bulk imports.

/** The same pancakes as another site writes them: other title, lines reordered and reworded. */
const ELSEWHERE = PANCAKES_HTML.replace(
  '"name": "Buttermilk Pancakes"',
  '"name": "Fluffy Buttermilk Pancakes Recipe"',
)
  .replace('"2 cups (250 g) all-purpose flour",', "")
  .replace('"3 tablespoons melted butter"', '"3 tbsp butter, melted", "250 g plain flour", "pinch of salt"');
/** Another recipe under a similar name. */
const OTHER = PANCAKES_HTML.replace('"name": "Buttermilk Pancakes"', '"name": "Banana Oat Pancakes"').replace(
  /"recipeIngredient": \[[^\]]*\]/,
  '"recipeIngredient": ["2 ripe bananas", "1 cup rolled oats", "2 eggs", "1 teaspoon cinnamon", "maple syrup"]',
);

let t: TestLadle;
let site: FixtureServer;
let ann: TestUser;
let ben: TestUser;

beforeAll(async () => {
  site = await startFixtureServer({
    "/pancakes": { body: PANCAKES_HTML },
    "/pancakes/amp/": { body: PANCAKES_HTML },
    "/elsewhere/fluffy": { body: ELSEWHERE },
    "/banana": { body: OTHER },
    "/story": {
      body: "<html><head><title>A story</title></head><body><article><p>Once.</p></article></body></html>",
    },
  });
  t = await startTestLadle({ config: { Duplicates: { AskOnCommit: true } } });
  ann = await createTestUser(t, { name: "ann" });
  ben = await createTestUser(t, { name: "ben" });
});
afterAll(async () => {
  await t?.close();
  await site?.close();
});

async function draft(path: string, user: TestUser): Promise<string> {
  const c = await t.json(
    "POST",
    "/api/tasks",
    { agentType: "Ingest", payload: { mode: "Url", url: `${site.origin}${path}` } },
    user.headers,
  );
  expect(c.status).toBe(202);
  const task = await t.waitTask(c.body.taskId, undefined, undefined, user.headers);
  expect(task.status).toBe("ReviewReady");
  return c.body.taskId as string;
}
const commit = (body: Record<string, unknown>, user: TestUser) =>
  t.json("POST", "/api/recipes/import", { acknowledgeGuardrail: true, ...body }, user.headers);
const dups = (taskId: string, user: TestUser) =>
  t.json("GET", `/api/tasks/${taskId}/duplicates`, undefined, user.headers);

let original: string;

describe("review and commit of a draft ann already has", () => {
  it("nothing to report before the first commit; then the same page under another address", async () => {
    const first = await draft("/pancakes", ann);
    expect((await dups(first, ann)).body).toEqual({ taskId: first, duplicates: [] });
    const saved = await commit({ taskId: first }, ann);
    expect(saved.status).toBe(200);
    original = saved.body.recipe.id;

    const amp = await draft("/pancakes/amp/?utm_source=newsletter", ann);
    const r = await dups(amp, ann);
    expect(r.status).toBe(200);
    expect(r.body.duplicates).toEqual([
      expect.objectContaining({ recipeId: original, reason: "same address", score: 1, canUpdate: true }),
    ]);
    // The review check carries the same list.
    const check = await t.json("POST", "/api/recipes/check", { taskId: amp }, ann.headers);
    expect(check.body.duplicates.map((d: any) => d.recipeId)).toEqual([original]);
  });

  it("the same recipe from another site; another recipe with a similar name is not reported", async () => {
    const other = await draft("/elsewhere/fluffy", ann);
    const r = await dups(other, ann);
    expect(r.body.duplicates).toEqual([
      expect.objectContaining({ recipeId: original, reason: "same recipe", title: "Buttermilk Pancakes" }),
    ]);
    expect(r.body.duplicates[0].score).toBeGreaterThan(0.5);
    const banana = await draft("/banana", ann);
    expect((await dups(banana, ann)).body.duplicates).toEqual([]);
  });

  it("an undecided commit answers 409 DUPLICATE_RECIPE with the matches; nothing is saved", async () => {
    const task = await draft("/elsewhere/fluffy", ann);
    const before = (await t.json("GET", "/api/recipes?pageSize=1", undefined, ann.headers)).body.total;
    const r = await commit({ taskId: task }, ann);
    expect(r.status).toBe(409);
    expect(r.body.code).toBe("DUPLICATE_RECIPE");
    expect(r.body.message).toMatch(/already have/);
    expect(r.body.details.duplicates[0]).toMatchObject({ recipeId: original, reason: "same recipe" });
    expect(r.body.details.choose).toEqual(["replace", "keepBoth", "drop"]);
    expect((await t.json("GET", "/api/recipes?pageSize=1", undefined, ann.headers)).body.total).toBe(before);
    expect((await t.json("GET", `/api/tasks/${task}`, undefined, ann.headers)).body.status).toBe(
      "ReviewReady",
    );
  });

  it("keepBoth saves a second recipe with a warning", async () => {
    const task = await draft("/elsewhere/fluffy", ann);
    const r = await commit({ taskId: task, duplicateAction: "keepBoth" }, ann);
    expect(r.status).toBe(200);
    expect(r.body.recipe.id).not.toBe(original);
    expect(r.body.warnings.join(" ")).toMatch(/looks like "Buttermilk Pancakes", which you already have/);
    // Clean up so later tests meet one match.
    expect((await t.json("DELETE", `/api/recipes/${r.body.recipe.id}`, undefined, ann.headers)).status).toBe(
      200,
    );
  });

  it("replace with duplicateOf makes the draft a new version of the recipe ann has", async () => {
    const task = await draft("/elsewhere/fluffy", ann);
    const r = await commit({ taskId: task, duplicateAction: "replace", duplicateOf: original }, ann);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      replaced: true,
      recipe: { id: original, name: "Fluffy Buttermilk Pancakes Recipe" },
    });
    const versions = await t.json("GET", `/api/recipes/${original}/versions`, undefined, ann.headers);
    expect(versions.body.versions.map((v: any) => v.kind)).toEqual(["replace", "commit"]);
  });

  it("drop discards the draft and saves nothing", async () => {
    const task = await draft("/pancakes", ann);
    const before = (await t.json("GET", "/api/recipes?pageSize=1", undefined, ann.headers)).body.total;
    const r = await commit({ taskId: task, duplicateAction: "drop" }, ann);
    expect(r).toMatchObject({ status: 200, body: { taskId: task, status: "Rejected", dropped: true } });
    expect((await t.json("GET", `/api/tasks/${task}`, undefined, ann.headers)).body.status).toBe("Rejected");
    expect((await t.json("GET", "/api/recipes?pageSize=1", undefined, ann.headers)).body.total).toBe(before);
  });

  it("refuses to replace a recipe the caller may not change (404), and a duplicateOf nobody has", async () => {
    const task = await draft("/pancakes", ben);
    const r = await commit({ taskId: task, duplicateAction: "replace", duplicateOf: original }, ben);
    expect(r).toMatchObject({ status: 404, body: { code: "RECIPE_NOT_FOUND" } });
    const none = await commit({ taskId: task, duplicateAction: "replace", duplicateOf: "no-such" }, ben);
    expect(none.status).toBe(404);
  });

  it("without Duplicates:AskOnCommit an undecided commit keeps both with a warning (the spec's v1)", async () => {
    t.ladle.config.Duplicates.AskOnCommit = false;
    try {
      const task = await draft("/pancakes/amp/", ann);
      const r = await commit({ taskId: task }, ann);
      expect(r.status).toBe(200);
      expect(r.body.recipe.id).not.toBe(original);
      await t.json("DELETE", `/api/recipes/${r.body.recipe.id}`, undefined, ann.headers);
    } finally {
      t.ladle.config.Duplicates.AskOnCommit = true;
    }
  });
});

describe("isolation", () => {
  it("another user's recipe is never reported, and their task's duplicates are 404", async () => {
    const task = await draft("/pancakes", ben);
    expect((await dups(task, ben)).body.duplicates).toEqual([]);
    // Nothing to decide for ben: his commit goes through though ann has the same page.
    const r = await commit({ taskId: task }, ben);
    expect(r.status).toBe(200);
    const annTask = await draft("/pancakes", ann);
    expect(await dups(annTask, ben)).toMatchObject({ status: 404, body: { code: "TASK_NOT_FOUND" } });
    expect((await dups(annTask, ann)).body.duplicates.map((d: any) => d.recipeId)).toEqual([original]);
    expect((await dups("nope", ann)).status).toBe(404);
  });

  it("a recipe shared into ann's library is reported to ann, but she may not update it", async () => {
    const lib = await t.json("POST", "/api/libraries", { name: "Family" }, ben.headers);
    expect(lib.status).toBe(201);
    await t.json(
      "POST",
      `/api/libraries/${lib.body.id}/members`,
      { user: "ann", role: "member" },
      ben.headers,
    );
    const benTask = await draft("/banana", ben);
    const benRecipe = (await commit({ taskId: benTask }, ben)).body.recipe.id;
    await t.json("PUT", `/api/recipes/${benRecipe}/libraries/${lib.body.id}`, undefined, ben.headers);
    const annTask = await draft("/banana", ann);
    const found = (await dups(annTask, ann)).body.duplicates;
    expect(found).toEqual([expect.objectContaining({ recipeId: benRecipe, canUpdate: false })]);
  });
});

describe("bookmarks, articles and bulk imports", () => {
  it("a bookmark of the same page under another address is the one the user has", async () => {
    const a = await t.json("POST", "/api/v1/items", { url: `${site.origin}/pancakes` }, ann.headers);
    expect(a.status).toBe(201);
    const b = await t.json(
      "POST",
      "/api/v1/items",
      { url: `${site.origin}/pancakes/amp/?utm_source=x` },
      ann.headers,
    );
    expect(b.status).toBe(200);
    expect(b.body.id).toBe(a.body.id);
    // Ben's bookmarks are his own.
    const c = await t.json("POST", "/api/v1/items", { url: `${site.origin}/pancakes/amp/` }, ben.headers);
    expect(c.status).toBe(201);
    expect(c.body.id).not.toBe(a.body.id);
  });

  it("an article of the same page under another address is the article already there", async () => {
    const a = await t.json("POST", "/media/web-articles", { url: `${site.origin}/story` }, ann.headers);
    expect(a.status).toBe(202);
    const b = await t.json(
      "POST",
      "/media/web-articles",
      { url: `${site.origin}/story?utm_medium=email` },
      ben.headers,
    );
    expect(b.status).toBe(200);
    expect(b.body.data.id).toBe(a.body.data.id);
  });

  it("a bulk import reports the same page and the same recipe as duplicates", async () => {
    const urls = [`${site.origin}/pancakes?fbclid=abc`, `${site.origin}/elsewhere/fluffy`];
    const started = await t.json("POST", "/api/collections", { urls, policy: "review_all" }, ann.headers);
    expect(started.status).toBe(202);
    for (;;) {
      const j = await t.json("GET", `/api/collections/${started.body.id}`, undefined, ann.headers);
      if (["completed", "cancelled", "failed"].includes(j.body.status)) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    const rep = await t.json("GET", `/api/collections/${started.body.id}/report`, undefined, ann.headers);
    expect(rep.body.entries.map((e: any) => [e.status, e.duplicateOf])).toEqual([
      ["duplicate", original],
      ["duplicate", original],
    ]);
  });
});
