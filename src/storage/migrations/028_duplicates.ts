import { sql, type Kysely } from "kysely";
import { duplicateKey } from "../../domain/canonicalUrl.ts";

/**
 * Duplicates caught before they are saved: each recipe, bookmark and article keeps the
 * duplicate key of its address (domain/canonicalUrl.ts: AMP, print, mobile hosts and tracking
 * folded in), indexed, so a draft's candidates are one index lookup. Existing rows are backfilled
 * here; new rows get the key from their repo's insert.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE recipes ADD COLUMN IF NOT EXISTS dup_key text`.execute(db);
  await sql`ALTER TABLE items ADD COLUMN IF NOT EXISTS dup_key text`.execute(db);
  await sql`ALTER TABLE media ADD COLUMN IF NOT EXISTS dup_key text`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS recipes_dup_key ON recipes (dup_key) WHERE dup_key IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX IF NOT EXISTS items_user_dup_key ON items (user_id, dup_key)`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS media_dup_key ON media (dup_key) WHERE dup_key IS NOT NULL`.execute(
    db,
  );
  for (const [table, column] of [
    ["recipes", "source_url"],
    ["items", "url"],
    ["media", "canonical_url"],
  ] as const) {
    // The key is computed in TypeScript (the same function new rows use), a page of rows at a time.
    for (;;) {
      const rows = await sql<{ id: string; url: string }>`
        SELECT id::text AS id, ${sql.ref(column)} AS url FROM ${sql.table(table)}
        WHERE dup_key IS NULL AND ${sql.ref(column)} IS NOT NULL AND ${sql.ref(column)} <> ''
        LIMIT 500`.execute(db);
      const keyed = rows.rows.map((r) => ({ id: r.id, key: duplicateKey(r.url) ?? "" }));
      for (const r of keyed)
        await sql`UPDATE ${sql.table(table)} SET dup_key = ${r.key} WHERE id::text = ${r.id}`.execute(db);
      if (rows.rows.length < 500) break;
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE recipes DROP COLUMN IF EXISTS dup_key`.execute(db);
  await sql`ALTER TABLE items DROP COLUMN IF EXISTS dup_key`.execute(db);
  await sql`ALTER TABLE media DROP COLUMN IF EXISTS dup_key`.execute(db);
}
