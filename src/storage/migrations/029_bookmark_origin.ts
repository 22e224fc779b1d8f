import { sql, type Kysely } from "kysely";

/**
 * Bookmarks keep what the app they came from knew of them: the reader's tags, the
 * browser folder path ("Recipes / Soups"), when it was first saved there (`saved_at`, which
 * `created_at` cannot hold: that is when Ladle got it) and whether it was read or archived. The
 * exporters write them back out, so a round trip through a bookmark file keeps them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE items
      ADD COLUMN tags text[] NOT NULL DEFAULT '{}',
      ADD COLUMN folder text,
      ADD COLUMN saved_at timestamptz,
      ADD COLUMN archived boolean NOT NULL DEFAULT false
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE items DROP COLUMN tags, DROP COLUMN folder, DROP COLUMN saved_at, DROP COLUMN archived
  `.execute(db);
}
