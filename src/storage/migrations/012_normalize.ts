import { sql, type Kysely } from "kysely";

/**
 * Normalization of drafts: a draft normalized before commit keeps its versions here (the stored
 * recipe's versions live in recipe_versions), with the JSON Patch operations each one applied.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE draft_versions (
      task_id text NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
      version integer NOT NULL,
      document jsonb NOT NULL,
      kind text NOT NULL,
      applied_ops jsonb,
      created_by text,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (task_id, version)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE draft_versions`.execute(db);
}
