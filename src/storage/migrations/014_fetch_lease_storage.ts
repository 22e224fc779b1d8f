import { sql, type Kysely } from "kysely";

/**
 * Single-flight fetch bodies are zstd-compressed in Node before they are stored (fetchLeases.repo),
 * so PostgreSQL should store them as they are: EXTERNAL keeps out-of-line (TOAST) storage for large
 * bodies but skips pglz, which was spending the most statement time of an import on recompressing
 * already compressed bytes. Rows written before this hold raw bodies; readers tell them apart by
 * the zstd magic, and they expire within the reuse window anyway.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE fetch_lease ALTER COLUMN body SET STORAGE EXTERNAL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE fetch_lease ALTER COLUMN body SET STORAGE EXTENDED`.execute(db);
}
