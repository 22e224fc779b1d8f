import { sql, type Kysely } from "kysely";

/**
 * Where an article or a bookmark came from when the cook's own browser sent the page (the
 * bookmarklet, the extension): "browser", shown as "Sent from your browser"; null when the server
 * fetched it. Recipes keep the same mark in their document's source.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE media ADD COLUMN sent_from text;
    ALTER TABLE items ADD COLUMN sent_from text;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE media DROP COLUMN sent_from;
    ALTER TABLE items DROP COLUMN sent_from;
  `.execute(db);
}
