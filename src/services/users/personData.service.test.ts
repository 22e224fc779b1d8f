import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readPersonExport } from "./personData.service.ts";
import { startTestLadle, type TestLadle } from "../../../test/helpers/testLadle.ts";
import { createTestUser, type TestUser } from "../../../test/helpers/users.ts";

/** Waits for a condition (expect.poll cannot run in a hook), checking again after each answer. */
async function until(cond: () => Promise<boolean>, tries = 5000): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (await cond()) return;
    await new Promise((r) => setImmediate(r));
  }
  throw new Error("the condition never held");
}

/** A person's own data: all of it in one file, and all of it deleted after an admin confirms. */
describe("a person's own data", () => {
  let t: TestLadle;
  let admin: TestUser;
  let alice: TestUser;
  let bob: TestUser;

  /** Gives `who` a bit of every family that needs no outside site. */
  async function fill(who: TestUser, word: string): Promise<void> {
    const as = (m: string, p: string, b?: unknown) => t.json(m, p, b, who.headers);
    const up = await t.app.request("/v1/uploads", {
      method: "POST",
      headers: { ...who.headers, "content-type": "text/plain" },
      body: `${word} toast\n\nIngredients\n2 slices bread\n1 tbsp butter\n\nMethod\n1. Toast the bread.\n2. Butter it.`,
    });
    expect(up.status).toBe(201);
    const token = ((await up.json()) as { token: string }).token;
    const job = await as("POST", "/v1/import", { source_type: "text", source_ref: token });
    const jobId = job.body.job_id ?? job.body.id;
    await until(async () => (await as("GET", `/v1/import/${jobId}`)).body.status === "completed");
    const recipeId = (await as("GET", "/api/recipes")).body.items[0].id;
    expect((await as("POST", "/api/plans", { day: "2026-06-01", recipeId })).status).toBe(201);
    expect((await as("POST", "/api/shopping-lists", { recipes: [{ recipeId }] })).status).toBe(201);
    expect((await as("POST", "/api/pantry", { name: `${word} salt` })).status).toBe(201);
    expect((await as("POST", "/api/libraries", { name: `${word}'s kitchen` })).status).toBe(201);
    expect((await as("POST", "/api/recipe-shares", { recipeId })).status).toBe(201);
    const hook = await as("POST", "/api/webhooks", {
      url: "http://127.0.0.1:9/hook",
      events: ["recipe.updated"],
    });
    expect(hook.status).toBe(201);
  }

  beforeAll(async () => {
    t = await startTestLadle();
    admin = await createTestUser(t, { name: "admin", role: "admin" });
    alice = await createTestUser(t, { name: "alice" });
    bob = await createTestUser(t, { name: "bob" });
    await fill(alice, "alice");
    await fill(bob, "bob");
  });
  afterAll(async () => {
    await t?.close();
  });

  async function exportOf(id: string, who: TestUser) {
    return t.app.request(`/api/users/${id}/export`, { headers: who.headers });
  }

  it("exports all of a person's data in one file, for them or an admin, without secrets or anyone else's", async () => {
    const res = await exportOf(alice.id, alice);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/gzip");
    const bytes = Buffer.from(await res.arrayBuffer());
    const { header, tables } = readPersonExport(bytes);
    expect(header).toMatchObject({ ladlePersonExport: 1, person: { id: alice.id, name: "alice" } });
    for (const table of [
      "users",
      "api_tokens",
      "libraries",
      "recipes",
      "recipe_versions",
      "import_jobs",
      "meal_plan_entries",
      "shopping_lists",
      "shopping_items",
      "pantry_items",
      "recipe_shares",
      "webhooks",
      "blobs",
    ])
      expect(tables[table]?.length ?? 0, table).toBeGreaterThan(0);
    const text = JSON.stringify(tables);
    expect(text).toContain("alice salt");
    expect(text).not.toContain("bob");
    expect(text).not.toMatch(/password_hash|token_hash|"secret"/);
    // an admin may export anyone's; another person gets 404, as for anything not theirs
    expect((await exportOf(alice.id, admin)).status).toBe(200);
    expect(await (await exportOf(alice.id, bob)).json()).toMatchObject({ code: "USER_NOT_FOUND" });
    expect((await exportOf("no-such-person", admin)).status).toBe(404);
  });

  it("deletes a person and everything of theirs only when an admin confirms with their name", async () => {
    const erase = (id: string, who: TestUser, body: unknown) =>
      t.json("POST", `/api/users/${id}/erase`, body, who.headers);
    expect(await erase(alice.id, admin, {})).toMatchObject({
      status: 400,
      body: { code: "CONFIRMATION_NEEDED" },
    });
    expect(await erase(alice.id, admin, { confirm: "Alice" })).toMatchObject({ status: 400 });
    expect(await erase(alice.id, bob, { confirm: "alice" })).toMatchObject({
      status: 404,
      body: { code: "USER_NOT_FOUND" },
    });
    expect(await erase(alice.id, alice, { confirm: "alice" })).toMatchObject({ status: 403 });
    expect(await erase(admin.id, admin, { confirm: "admin" })).toMatchObject({
      status: 409,
      body: { code: "LAST_ADMIN" },
    });

    const done = await erase(alice.id, admin, { confirm: "alice" });
    expect(done.status).toBe(200);
    expect(done.body.deleted).toMatchObject({ users: 1, recipes: 1, pantry_items: 1 });
    // Nothing of hers is left in any table with an owner column; her token no longer opens anything.
    const owners = await sql<{ table_name: string; column_name: string }>`
      SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = 'public' AND column_name IN ('owner_id', 'user_id')`.execute(t.db.db);
    for (const { table_name, column_name } of owners.rows) {
      const left = await sql<{
        n: string;
      }>`SELECT count(*)::text AS n FROM ${sql.table(table_name)} WHERE ${sql.ref(column_name)}::text = ${alice.id}`.execute(
        t.db.db,
      );
      expect({ table_name, n: left.rows[0]!.n }).toEqual({ table_name, n: "0" });
    }
    expect((await t.json("GET", "/api/recipes", undefined, alice.headers)).status).toBe(401);
    // Bob's are untouched.
    const bobs = await t.json("GET", "/api/pantry", undefined, bob.headers);
    expect(bobs.body.items.map((i: { name: string }) => i.name)).toEqual(["bob salt"]);
    expect((await t.json("GET", "/api/recipes", undefined, bob.headers)).body.items).toHaveLength(1);
  });
});
