/**
 * Conformance: parse-request-flow.md (`../shared/spec/parse-request-flow.md`), through
 * `POST /api/parse-requests` and `GET /api/parse-requests/{id}` (the document names no paths).
 * Each test names the section whose clause it checks.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { urlKey } from "../../src/domain/normalizeUrl.ts";
import { startFixtureServer, type FixtureServer } from "../helpers/fixtureServer.ts";
import { PANCAKES_HTML, startTestLadle, type TestLadle } from "../helpers/testLadle.ts";

let t: TestLadle;
let site: FixtureServer;

beforeAll(async () => {
  site = await startFixtureServer({ "/pancakes": { body: PANCAKES_HTML } });
  t = await startTestLadle();
}, 180_000);
afterAll(async () => {
  await t?.close();
  await site?.close();
});

async function poll(id: string): Promise<any> {
  const end = Date.now() + 100_000;
  for (;;) {
    const r = await t.json("GET", `/api/parse-requests/${id}`);
    if (r.body.status === "COMPLETED" || r.body.status === "FAILED") return r.body;
    if (Date.now() > end) throw new Error(`request ${id} stuck in ${JSON.stringify(r.body)}`);
    await new Promise((res) => setTimeout(res, 25));
  }
}

describe("Data Model / Database Schema (DDL)", { timeout: 120_000 }, () => {
  it("Database Schema: `resource`, `recipe` and `parse_request` are tables under the spec's names and columns", async () => {
    const tables = await sql<{ table_name: string; table_type: string }>`
      SELECT table_name, table_type FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_name IN ('resource', 'recipe', 'parse_request', 'parsed_recipe')
      ORDER BY table_name`.execute(t.ladle.database.db);
    expect(tables.rows).toEqual([
      { table_name: "parse_request", table_type: "BASE TABLE" },
      { table_name: "recipe", table_type: "BASE TABLE" },
      { table_name: "resource", table_type: "BASE TABLE" },
    ]);
    const cols = await sql<{ table_name: string; column_name: string }>`
      SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name IN ('resource', 'recipe', 'parse_request')
      ORDER BY table_name, ordinal_position`.execute(t.ladle.database.db);
    const by = (n: string) => cols.rows.filter((c) => c.table_name === n).map((c) => c.column_name);
    expect(by("resource")).toEqual(["url_hash", "url", "created_at"]);
    expect(by("recipe")).toEqual(["url_hash", "title", "ingredients", "parsed_at"]);
    expect(by("parse_request")).toEqual([
      "id",
      "user_id",
      "url_hash",
      "status",
      "error_message",
      "created_at",
      "updated_at",
    ]);
    // parse_request.url_hash and recipe.url_hash reference resource(url_hash).
    const fks = await sql<{ table_name: string; references: string }>`
      SELECT c.conrelid::regclass::text AS table_name, c.confrelid::regclass::text AS references
      FROM pg_constraint c WHERE c.contype = 'f' AND c.conrelid::regclass::text IN ('recipe', 'parse_request')
      ORDER BY 1`.execute(t.ladle.database.db);
    expect(fks.rows).toEqual([
      { table_name: "parse_request", references: "resource" },
      { table_name: "recipe", references: "resource" },
    ]);
  });

  it("Request Submission Flow: a submission upserts its `resource`, the request references it, completion upserts its `recipe`", async () => {
    const url = `${site.origin}/pancakes?utm_source=x`;
    const sub = await t.json("POST", "/api/parse-requests", { url });
    expect(sub).toMatchObject({ status: 202, body: { status: "PENDING" } });
    const done = await poll(sub.body.requestId);
    expect(done.status).toBe("COMPLETED");
    const key = urlKey(url);
    const db = t.ladle.database.db;
    const resource = await db.selectFrom("resource").selectAll().where("url_hash", "=", key).execute();
    expect(resource).toEqual([{ url_hash: key, url, created_at: expect.any(Date) }]);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    const recipe = await db.selectFrom("recipe").selectAll().where("url_hash", "=", key).executeTakeFirst();
    expect(recipe).toMatchObject({ url_hash: key, title: "Buttermilk Pancakes" });
    // API Response Matrix: fresh recipe exists → 200 {recipe}, and no new request row.
    const cached = await t.json("POST", "/api/parse-requests", { url: `${site.origin}/pancakes` });
    expect(cached).toMatchObject({ status: 200, body: { recipe: { title: "Buttermilk Pancakes" } } });
    const requests = await db.selectFrom("parse_request").select("id").where("url_hash", "=", key).execute();
    expect(requests).toHaveLength(1);
  });

  it('API Response Matrix: poll of an unknown request → 404 {error: "Request not found"}', async () => {
    const r = await t.json("GET", "/api/parse-requests/00000000-0000-4000-8000-000000000000");
    expect(r).toMatchObject({ status: 404, body: { error: "Request not found" } });
  });
});
