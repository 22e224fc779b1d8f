import { sql, type Kysely } from "kysely";

/**
 * Review experience: the task list and drafts inbox read a caller's tasks newest first; deleted
 * recipes are purged by deletion time once their restore window has passed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX tasks_requested_by_created_idx ON tasks (requested_by, created_at DESC, id DESC);
    CREATE INDEX recipes_deleted_idx ON recipes (deleted_at) WHERE deleted_at IS NOT NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX tasks_requested_by_created_idx;
    DROP INDEX recipes_deleted_idx;
  `.execute(db);
}
