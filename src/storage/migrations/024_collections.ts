import { sql, type Kysely } from "kysely";

/**
 * Bulk collection jobs: a migration file or a list of URLs is one job, its entries are
 * items with a result each. An item's outcome and the recipe or bookmark it made are written in
 * one transaction, so a worker killed mid-job resumes at the first pending item without losing or
 * repeating one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE collection_jobs (
    id uuid PRIMARY KEY,
    owner_id text NOT NULL,
    name text NOT NULL,
    format text NOT NULL,
    policy text NOT NULL,
    status text NOT NULL,
    total integer NOT NULL DEFAULT 0,
    done integer NOT NULL DEFAULT 0,
    error text,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX collection_jobs_owner ON collection_jobs (owner_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX collection_jobs_live ON collection_jobs (status, updated_at) WHERE status IN ('queued', 'running')`.execute(
    db,
  );
  await sql`CREATE TABLE collection_items (
    job_id uuid NOT NULL REFERENCES collection_jobs(id) ON DELETE CASCADE,
    seq integer NOT NULL,
    label text NOT NULL,
    kind text NOT NULL,
    payload jsonb,
    status text NOT NULL,
    reason text,
    result_id text,
    duplicate_of text,
    updated_at timestamptz NOT NULL,
    PRIMARY KEY (job_id, seq)
  )`.execute(db);
  await sql`CREATE INDEX collection_items_pending ON collection_items (job_id, seq) WHERE status = 'pending'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE collection_items`.execute(db);
  await sql`DROP TABLE collection_jobs`.execute(db);
}
