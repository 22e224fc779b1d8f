import { sql, type Kysely } from "kysely";

/**
 * Articles join the shared reconciler: a media row left pending or extracting with no
 * live job is re-queued, and this column counts how often, so that a row whose job keeps vanishing
 * fails instead of looping. The index serves the reconciler's look for unfinished rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE media ADD COLUMN reconcile_requeues integer NOT NULL DEFAULT 0`.execute(db);
  await sql`CREATE INDEX media_unfinished_idx ON media (updated_at)
    WHERE processing_status IN ('pending', 'extracting')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS media_unfinished_idx`.execute(db);
  await sql`ALTER TABLE media DROP COLUMN reconcile_requeues`.execute(db);
}
