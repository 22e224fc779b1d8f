import { sql, type Kysely } from "kysely";

/**
 * A running task's phase progress (two or three writes per import) becomes a heap-only update: no
 * index of `tasks` holds a column those writes set. `tasks_status_updated_idx` held `last_updated`,
 * which every write sets, so every update of a task wrote a new entry into each of its four indexes
 * (and their WAL). The queries that read it filter by status first and need no order from it:
 * the reconciler's unfinished tasks (few), drafts to expire (ReviewReady), a recipe's last refresh
 * (Committed); `created_at` (set once) keeps the admin's list by status in its order.
 * A fillfactor leaves room on each page for the rows' next versions (heap-only updates need it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX tasks_status_created_idx ON tasks (status, created_at);
    DROP INDEX tasks_status_updated_idx;
    ALTER TABLE tasks SET (fillfactor = 50);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX tasks_status_updated_idx ON tasks (status, last_updated);
    DROP INDEX tasks_status_created_idx;
    ALTER TABLE tasks RESET (fillfactor);
  `.execute(db);
}
