import { sql, type Kysely } from "kysely";

/**
 * `task_events` kept two indexes: its primary key on `id` and `(task_id, id)`. Every read of it is
 * by task (a task's events after a cursor, a retried run's stored events, a deleted task's events),
 * so the key on `id` alone was written for each of an import's ~15 events (and its WAL) and read by
 * nothing. `(task_id, id)` becomes the primary key: one index entry per event; `id` stays unique
 * (its sequence) and ordered within a task.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE task_events DROP CONSTRAINT task_events_pkey;
    DROP INDEX task_events_task_idx;
    ALTER TABLE task_events ADD CONSTRAINT task_events_pkey PRIMARY KEY (task_id, id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE task_events DROP CONSTRAINT task_events_pkey;
    ALTER TABLE task_events ADD CONSTRAINT task_events_pkey PRIMARY KEY (id);
    CREATE INDEX task_events_task_idx ON task_events (task_id, id);
  `.execute(db);
}
