import { sql, type Kysely } from "kysely";

/**
 * What each run of the periodic clean-up removed (expired drafts, old artifacts, expired uploads
 * and pictures, recipes past their restore window), so admins see the retention jobs' results on
 * the Storage screen whichever process ran them. The last 50 runs are kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE clean_ups (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      ran_at timestamptz NOT NULL,
      drafts_expired integer NOT NULL,
      artifacts_deleted integer NOT NULL,
      blobs_deleted integer NOT NULL,
      recipes_purged integer NOT NULL
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE clean_ups`.execute(db);
}
