import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFixtureServer, type FixtureServer } from "../../../test/helpers/fixtureServer.ts";
import { PANCAKES_CHANGED_HTML, withThreeEggs } from "../../../test/helpers/refreshPages.ts";
import { PANCAKES_HTML, startTestLadle, type TestLadle } from "../../../test/helpers/testLadle.ts";
import { createTestUser, type TestUser } from "../../../test/helpers/users.ts";

let t: TestLadle;
let site: FixtureServer;
let alice: TestUser;
let bob: TestUser;
let page = PANCAKES_HTML;

beforeAll(async () => {
  site = await startFixtureServer({
    "/pancakes": (_req, res) => void res.writeHead(200, { "content-type": "text/html" }).end(page),
  });
  t = await startTestLadle();
  alice = await createTestUser(t, { name: "alice" });
  bob = await createTestUser(t, { name: "bob" });
});
afterAll(async () => {
  await t?.close();
  await site?.close();
});

const as = (u: TestUser, method: string, path: string, body?: unknown) =>
  t.json(method, path, body, u.headers);

/** Imports the page as it is now, commits it, and makes the user's edit (version 2). */
async function importedAndEdited(path = "/pancakes"): Promise<string> {
  page = PANCAKES_HTML;
  const c = await as(alice, "POST", "/api/tasks", {
    agentType: "Ingest",
    payload: { mode: "Url", url: `${site.origin}${path}` },
  });
  const task = await t.waitTask(c.body.taskId, undefined, 20_000, alice.headers);
  const commit = await as(alice, "POST", "/api/recipes/import", {
    taskId: task.taskId,
    acknowledgeGuardrail: true,
  });
  expect(commit.status).toBe(200);
  const id = commit.body.recipe.id as string;
  const edited = withThreeEggs(commit.body.recipe);
  const e = await t.ladle.editRecipe({ id: alice.id, name: "alice", role: "user" }, id, {
    changes: { name: "Weekend Pancakes", ingredients: edited.ingredients },
  });
  expect(e.ok).toBe(true);
  return id;
}

/** Starts a refresh and waits until the page has been read. */
async function refreshed(id: string, u = alice) {
  const s = await as(u, "POST", `/api/recipes/${id}/refresh`);
  expect(s.status).toBe(202);
  for (let i = 0; i < 800; i++) {
    const r = await as(u, "GET", `/api/recipes/${id}/refresh/${s.body.refreshId}`);
    expect(r.status).toBe(200);
    if (r.body.status !== "running") return r.body;
    await new Promise((res) => setTimeout(res, 25));
  }
  throw new Error("refresh did not finish");
}

const texts = (lines: { text: string }[]) => lines.map((l) => l.text);

describe("refresh from source", () => {
  it("shows the source's changes as a patch against the user's version, the edited line as a conflict, and applies a pick as a new version", async () => {
    const id = await importedAndEdited();
    page = PANCAKES_CHANGED_HTML;
    const r = await refreshed(id);
    expect(r).toMatchObject({ status: "ready", upToDate: false, baseVersion: 2, recipeId: id });
    const summary = r.changes.map((c: any) => [c.kind, c.field, c.at]);
    expect(summary).toEqual([
      ["change", "description", null],
      ["change", "ingredients", 3],
      ["conflict", "ingredients", 4],
      ["change", "ingredients", 6],
    ]);
    const conflict = r.changes[2];
    expect(texts(conflict.then)).toEqual(["2 large eggs"]);
    expect(texts(conflict.mine)).toEqual(["3 large eggs"]);
    expect(texts(conflict.source)).toEqual(["2 eggs"]);
    // RFC 6902 operations against the user's version.
    expect(r.changes[1].ops).toEqual([
      {
        op: "replace",
        path: "/ingredients/3",
        value: expect.objectContaining({ text: "2 ½ cups buttermilk" }),
      },
    ]);
    expect(r.changes[3].ops).toEqual([
      { op: "add", path: "/ingredients/6", value: expect.objectContaining({ text: "1 pinch salt" }) },
    ]);
    // Nothing is written before the user decides.
    expect((await as(alice, "GET", `/api/recipes/${id}`)).body.version).toBe(2);

    const applied = await as(alice, "POST", `/api/recipes/${id}/refresh/${r.refreshId}/apply`, {
      accept: "all",
      baseVersion: 2,
    });
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({ version: 3, applied: [0, 1, 3] });
    const now = (await as(alice, "GET", `/api/recipes/${id}`)).body;
    expect(now.name).toBe("Weekend Pancakes");
    expect(now.description).toBe("Fluffy pancakes for any day of the week.");
    expect(texts(now.ingredients)).toEqual([
      "2 cups (250 g) all-purpose flour",
      "2 tablespoons sugar",
      "1 ½ teaspoons baking powder",
      "2 ½ cups buttermilk",
      "3 large eggs",
      "3 tablespoons melted butter",
      "1 pinch salt",
    ]);
    const versions = (await as(alice, "GET", `/api/recipes/${id}/versions`)).body.versions;
    expect(versions[0]).toMatchObject({ version: 3, kind: "refresh" });
    const decided = await as(alice, "GET", `/api/recipes/${id}/refresh/${r.refreshId}`);
    expect(decided.body).toMatchObject({ status: "decided", appliedVersion: 3 });
    // Deciding twice: not waiting any more.
    const again = await as(alice, "POST", `/api/recipes/${id}/refresh/${r.refreshId}/apply`, {
      accept: "all",
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("REFRESH_NOT_READY");

    // The next refresh of the unchanged page starts from this reading: the conflict the user kept
    // their side of is not asked again.
    const next = await refreshed(id);
    expect(next).toMatchObject({ status: "ready", upToDate: true, changes: [] });
    // Refresh tasks are not drafts of their own in the review inbox.
    const inbox = (await as(alice, "GET", "/api/tasks?status=ReviewReady")).body.tasks;
    expect(inbox.filter((x: any) => x.metadata?.refreshOf)).toEqual([]);
  });

  it("takes the source's side of a conflict only when picked, and refuses a proposal the recipe has moved past", async () => {
    const id = await importedAndEdited();
    page = PANCAKES_CHANGED_HTML;
    const r = await refreshed(id);
    const stale = await as(alice, "POST", `/api/recipes/${id}/refresh/${r.refreshId}/apply`, {
      accept: [2],
      baseVersion: 1,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe("RECIPE_VERSION_CONFLICT");
    const unknown = await as(alice, "POST", `/api/recipes/${id}/refresh/${r.refreshId}/apply`, {
      accept: [99],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/99/);
    const bad = await as(alice, "POST", `/api/recipes/${id}/refresh/${r.refreshId}/apply`, {
      accept: "some",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("INVALID_PAYLOAD");
    const ok = await as(alice, "POST", `/api/recipes/${id}/refresh/${r.refreshId}/apply`, { accept: [2] });
    expect(ok.status).toBe(200);
    expect(texts(ok.body.recipe.ingredients)).toContain("2 eggs");
    expect(texts(ok.body.recipe.ingredients)).toContain("2 cups buttermilk");
  });

  it("keeping every line of the user's version writes no version", async () => {
    const id = await importedAndEdited();
    page = PANCAKES_CHANGED_HTML;
    const r = await refreshed(id);
    const kept = await as(alice, "POST", `/api/recipes/${id}/refresh/${r.refreshId}/apply`, { accept: [] });
    expect(kept.status).toBe(200);
    expect(kept.body.version).toBeNull();
    expect((await as(alice, "GET", `/api/recipes/${id}`)).body.version).toBe(2);
  });

  it("another user's recipe or refresh is not found; a refresh of another recipe is not this one's", async () => {
    const id = await importedAndEdited();
    const other = await importedAndEdited();
    const s = await as(alice, "POST", `/api/recipes/${id}/refresh`);
    expect((await as(bob, "POST", `/api/recipes/${id}/refresh`)).status).toBe(404);
    expect((await as(bob, "GET", `/api/recipes/${id}/refresh/${s.body.refreshId}`)).status).toBe(404);
    expect(
      (await as(bob, "POST", `/api/recipes/${id}/refresh/${s.body.refreshId}/apply`, { accept: "all" }))
        .status,
    ).toBe(404);
    const cross = await as(alice, "GET", `/api/recipes/${other}/refresh/${s.body.refreshId}`);
    expect(cross.status).toBe(404);
    expect(cross.body.code).toBe("REFRESH_NOT_FOUND");
  });

  it("a recipe that did not come from a web page has nothing to refresh from", async () => {
    const job = await as(alice, "POST", "/v1/import", {
      source_type: "text",
      source_ref:
        "Toast\n\nIngredients\n2 slices bread\n1 tbsp butter\n\nMethod\n1. Toast the bread.\n2. Butter it.",
    });
    let recipeId: string | null = null;
    for (let i = 0; i < 800 && !recipeId; i++) {
      const j = await as(alice, "GET", `/v1/import/${job.body.id}`);
      recipeId = j.body.recipe_id;
      if (!recipeId) await new Promise((res) => setTimeout(res, 25));
    }
    const r = await as(alice, "POST", `/api/recipes/${recipeId}/refresh`);
    expect(r.status).toBe(422);
    expect(r.body.code).toBe("REFRESH_NO_SOURCE");
  });

  it("a page that is gone ends the refresh as failed, saying why, and the recipe is untouched", async () => {
    const id = await importedAndEdited();
    page = "";
    site.route("/pancakes", { status: 410, body: "gone" });
    const r = await refreshed(id);
    site.route(
      "/pancakes",
      (_req, res) => void res.writeHead(200, { "content-type": "text/html" }).end(page),
    );
    expect(r.status).toBe("failed");
    expect(r.error.message).toBeTruthy();
    expect((await as(alice, "GET", `/api/recipes/${id}`)).body.version).toBe(2);
  });
});
