import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PANCAKES_VERBATIM_HTML, startTestLadle, type TestLadle } from "../../../test/helpers/testLadle.ts";
import { createTestUser, type TestUser } from "../../../test/helpers/users.ts";
import { startFixtureServer, type FixtureServer } from "../../../test/helpers/fixtureServer.ts";

/**
 * Sharing recipes the way households do: a recipe shared into a library is read by its
 * members, changed by its editors and admins, deleted only by its owner; one nobody shared stays
 * its owner's.
 */
describe("recipes shared through libraries", () => {
  let t: TestLadle;
  let site: FixtureServer;
  let ann: TestUser;
  let ben: TestUser;
  let cat: TestUser;
  let recipeId: string;
  let libraryId: string;

  beforeAll(async () => {
    site = await startFixtureServer({ "/pancakes": { body: PANCAKES_VERBATIM_HTML } });
    t = await startTestLadle();
    ann = await createTestUser(t, { name: "ann" });
    ben = await createTestUser(t, { name: "ben" });
    cat = await createTestUser(t, { name: "cat" });
    const task = await t.json(
      "POST",
      "/api/tasks",
      { agentType: "Ingest", payload: { mode: "Url", url: `${site.origin}/pancakes` } },
      ann.headers,
    );
    await t.waitTask(task.body.taskId, (s) => s === "ReviewReady", 60_000, ann.headers);
    const commit = await t.json(
      "POST",
      "/api/recipes/import",
      { taskId: task.body.taskId, acknowledgeGuardrail: true },
      ann.headers,
    );
    recipeId = commit.body.recipe.id;
    // A second version, so there is one to restore.
    const restore = await t.json("POST", `/api/recipes/${recipeId}/versions/1/restore`, {}, ann.headers);
    expect(restore.status).toBe(200);
    const lib = await t.json("POST", "/api/libraries", { name: "Family" }, ann.headers);
    libraryId = lib.body.id;
    expect(
      (
        await t.json(
          "POST",
          `/api/libraries/${libraryId}/members`,
          { user: "ben", role: "member" },
          ann.headers,
        )
      ).status,
    ).toBe(200);
  });

  afterAll(async () => {
    await t?.close();
    await site?.close();
  });

  const get = (u: TestUser, path: string) => t.json("GET", path, undefined, u.headers);

  it("a recipe nobody shared stays its owner's", async () => {
    expect((await get(ben, `/api/recipes/${recipeId}`)).status).toBe(404);
    expect((await get(ben, "/api/recipes")).body.total).toBe(0);
  });

  it("members read a shared recipe, in the library's list too, but cannot change or delete it", async () => {
    const shared = await t.json(
      "PUT",
      `/api/recipes/${recipeId}/libraries/${libraryId}`,
      undefined,
      ann.headers,
    );
    expect(shared.status).toBe(200);
    expect(shared.body.libraries).toEqual([{ id: libraryId, name: "Family" }]);
    expect((await get(ben, `/api/recipes/${recipeId}`)).body.name).toBeTruthy();
    expect(
      (await get(ben, `/api/recipes?libraryId=${libraryId}`)).body.items.map((r: { id: string }) => r.id),
    ).toEqual([recipeId]);
    expect((await get(ben, `/api/recipes/${recipeId}/versions`)).status).toBe(200);
    // Reading is all a member does: changes and deletes find no recipe of theirs.
    expect(
      (await t.json("POST", `/api/recipes/${recipeId}/versions/1/restore`, {}, ben.headers)).status,
    ).toBe(404);
    expect((await t.json("POST", `/api/recipes/${recipeId}/normalize`, {}, ben.headers)).status).toBe(404);
    expect((await t.json("DELETE", `/api/recipes/${recipeId}`, undefined, ben.headers)).status).toBe(404);
    // Cat is in no library of Ann's.
    expect((await get(cat, `/api/recipes/${recipeId}`)).status).toBe(404);
  });

  it("editors change a shared recipe (a new version, by them); only the owner deletes it", async () => {
    await t.json("POST", `/api/libraries/${libraryId}/members`, { user: "ben", role: "editor" }, ann.headers);
    const r = await t.json("POST", `/api/recipes/${recipeId}/versions/1/restore`, {}, ben.headers);
    expect(r.status).toBe(200);
    const versions = await get(ann, `/api/recipes/${recipeId}/versions`);
    expect(versions.body.versions[0]).toMatchObject({ kind: "restore", createdBy: "ben" });
    expect((await t.json("DELETE", `/api/recipes/${recipeId}`, undefined, ben.headers)).status).toBe(404);
    // An editor shares only their own recipes.
    const theirs = await t.json(
      "PUT",
      `/api/recipes/${recipeId}/libraries/${ben.defaultLibraryId}`,
      undefined,
      ben.headers,
    );
    expect(theirs.status).toBe(404);
  });

  it("a member who may only read cannot share into the library", async () => {
    await t.json("POST", `/api/libraries/${libraryId}/members`, { user: "ben", role: "member" }, ann.headers);
    const bens = await t.json(
      "PUT",
      `/api/recipes/${recipeId}/libraries/${libraryId}`,
      undefined,
      ben.headers,
    );
    expect(bens.status).toBe(404);
  });

  it("taken out of the library or the member removed, it is gone for them again", async () => {
    const out = await t.json(
      "DELETE",
      `/api/recipes/${recipeId}/libraries/${libraryId}`,
      undefined,
      ann.headers,
    );
    expect(out.status).toBe(200);
    expect(out.body.libraries).toEqual([]);
    expect((await get(ben, `/api/recipes/${recipeId}`)).status).toBe(404);
    await t.json("PUT", `/api/recipes/${recipeId}/libraries/${libraryId}`, undefined, ann.headers);
    expect((await get(ben, `/api/recipes/${recipeId}`)).status).toBe(200);
    const removed = await t.json(
      "DELETE",
      `/api/libraries/${libraryId}/members/${ben.id}`,
      undefined,
      ann.headers,
    );
    expect(removed.body).toEqual({ removed: true });
    expect((await get(ben, `/api/recipes/${recipeId}`)).status).toBe(404);
  });
});
