import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PANCAKES_HTML, startTestLadle, type TestLadle } from "../../test/helpers/testLadle.ts";
import { startFixtureServer, type FixtureServer } from "../../test/helpers/fixtureServer.ts";
import { createTestUser, type TestUser } from "../../test/helpers/users.ts";

/** Addresses a person hands Ladle to fetch later are refused at once when Ladle would never fetch them. */
let t: TestLadle;
let site: FixtureServer;
let ann: TestUser;
let recipeId: string;

beforeAll(async () => {
  site = await startFixtureServer({ "/pancakes": { body: PANCAKES_HTML } });
  t = await startTestLadle();
  ann = await createTestUser(t, { name: "ann" });
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
});
afterAll(async () => {
  await t?.close();
  await site?.close();
});

describe("addresses checked when they are submitted", () => {
  it("refuses a live Mealie server on a private address at create, before any job exists", async () => {
    for (const server of ["http://192.168.1.20:9000", "http://10.0.0.7", "http://[fd00::1]/"]) {
      const r = await t.json(
        "POST",
        "/api/collections",
        { mealie: { server, token: "mealie-token" }, policy: "review_all" },
        ann.headers,
      );
      expect(r.status, server).toBe(400);
      expect(r.body.message).toMatch(/private network/);
    }
    expect((await t.json("GET", "/api/collections", undefined, ann.headers)).body.items).toEqual([]);
  });

  it("refuses a recipe edit whose picture address holds credentials or points at a private address", async () => {
    const edit = (imageUrl: string) =>
      t.json("PATCH", `/api/recipes/${recipeId}`, { changes: { imageUrl } }, ann.headers);
    const creds = await edit("https://user:secret@images.example/cake.jpg");
    expect(creds.status).toBe(400);
    expect(creds.body.message).toMatch(/imageUrl: Remove the user name and password/);
    const inside = await edit("http://169.254.169.254/latest/meta-data");
    expect(inside.status).toBe(400);
    expect(inside.body.message).toMatch(/imageUrl: .*private network/);
    const fine = await edit("https://images.example/cake.jpg");
    expect(fine.status).toBe(200);
    expect(fine.body.recipe.imageUrl).toBe("https://images.example/cake.jpg");
  });
});
