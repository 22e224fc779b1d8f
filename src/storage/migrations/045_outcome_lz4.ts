import { sql, type Kysely } from "kysely";

/**
 * An import's outcome writes some 30 KB that PostgreSQL compresses before storing it out of line:
 * the artifacts' bodies (snapshot, page meta, JSON-LD, draft) and the task's result. pglz, the
 * default, spent about 1 ms of the server's CPU per 20 KB value on this machine, lz4 about a
 * fifth of that, for a few percent more bytes. Only new values use it (no table rewrite). A server
 * built without lz4 (PGlite) keeps pglz.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DO $$
    BEGIN
      IF EXISTS (SELECT FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY(enumvals)) THEN
        ALTER TABLE artifacts ALTER COLUMN data SET COMPRESSION lz4;
        ALTER TABLE tasks ALTER COLUMN result SET COMPRESSION lz4;
      END IF;
    END $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE artifacts ALTER COLUMN data SET COMPRESSION default;
    ALTER TABLE tasks ALTER COLUMN result SET COMPRESSION default`.execute(db);
}
