import { sql, type Kysely } from "kysely";

/**
 * Whose words an import job holds ("one way to add anything"): the copy check runs on
 * someone else's (web pages, files the cook marks so), never on the cook's own. Null on the jobs
 * made before: read by their source type (web pages and videos someone else's, the rest the cook's).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE import_jobs ADD COLUMN words_from text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE import_jobs DROP COLUMN words_from`.execute(db);
}
