import { sql, type Kysely } from "kysely";

/**
 * A library's articles, newest first, a page at a time (the Reading list and its Show more): read
 * from an index in the list's own order, so a page costs the rows it shows. Without it every page
 * joined and sorted the whole library (10,000 articles: 30 ms a page on an idle server, growing
 * with the library).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS library_media_listed_idx
    ON library_media (library_id, created_at DESC, media_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS library_media_listed_idx`.execute(db);
}
