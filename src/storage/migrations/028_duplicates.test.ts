import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../../../test/helpers/testDb.ts";
import { duplicateKey } from "../../domain/canonicalUrl.ts";
import { up } from "./028_duplicates.ts";

// Rows stored before 028 get their duplicate key from the backfill; running it again is harmless.
let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

describe("migration 028_duplicates", () => {
  it("backfills the duplicate key of recipes stored without one (bookmarks and articles take the same loop)", async () => {
    const at = new Date();
    await t.db
      .insertInto("recipes")
      .values({
        id: "r-old",
        name: "Old pancakes",
        document: JSON.stringify({ name: "Old pancakes" }),
        source_url: "https://www.example.test/pancakes/amp/?utm_source=x",
        source_url_key: null,
        task_id: null,
        created_at: at,
        updated_at: at,
        owner_id: null,
        deleted_at: null,
        dup_key: null,
      })
      .execute();
    await t.db
      .insertInto("recipes")
      .values({
        id: "r-file",
        name: "From a file",
        document: JSON.stringify({ name: "From a file" }),
        source_url: "file:export.paprikarecipes#1",
        source_url_key: null,
        task_id: null,
        created_at: at,
        updated_at: at,
        owner_id: null,
        deleted_at: null,
        dup_key: null,
      })
      .execute();
    const db = t.db as unknown as Kysely<unknown>;
    await up(db);
    await up(db);
    const rows = await sql<{ id: string; dup_key: string | null }>`
      SELECT id, dup_key FROM recipes WHERE id IN ('r-old', 'r-file') ORDER BY id`.execute(t.db);
    expect(rows.rows).toEqual([
      { id: "r-file", dup_key: "" },
      { id: "r-old", dup_key: duplicateKey("https://example.test/pancakes") },
    ]);
  });
});
