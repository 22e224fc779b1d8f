import { sql, type Kysely } from "kysely";

/**
 * Feed failures said in the reader's language: beside the English words each failure keeps a
 * stable code and its figures (the HTTP status, the size limit, the entry's link), which the web
 * app words in the person's language. Rows stored before keep only their words (code null), and
 * are shown as they were.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE feeds ADD COLUMN failure_code text, ADD COLUMN failure_params jsonb;
    ALTER TABLE feed_runs ADD COLUMN message_code text, ADD COLUMN message_params jsonb;
    ALTER TABLE feed_entries ADD COLUMN failure_code text, ADD COLUMN failure_params jsonb;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE feeds DROP COLUMN failure_code, DROP COLUMN failure_params;
    ALTER TABLE feed_runs DROP COLUMN message_code, DROP COLUMN message_params;
    ALTER TABLE feed_entries DROP COLUMN failure_code, DROP COLUMN failure_params;
  `.execute(db);
}
