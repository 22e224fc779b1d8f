import { sql, type Kysely } from "kysely";

/**
 * Import jobs: one row per `POST /v1/import`, its state machine
 * queued → running → completed | failed, progress 0-100 and the recipe it produced. The partial
 * unique index is the idempotency rule: one live (not failed) job per user and source hash.
 * Besides the spec's columns: the hash of the content actually read (`content_hash`, for linking a
 * second URL with identical content), the reader used, the original source text kept beside the
 * parse, reader details (pages, OCR confidence), and how often the reconciler re-queued it. `user_id` is the caller (users, migration
 * 005_users_libraries).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE import_jobs (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      source_type text NOT NULL CHECK (source_type IN ('url', 'pdf', 'image', 'video', 'text')),
      source_ref text NOT NULL,
      source_hash char(64) NOT NULL,
      status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'failed', 'completed')),
      progress integer NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
      recipe_id text REFERENCES recipes (id) ON DELETE SET NULL,
      error_code text,
      error_msg text CHECK (char_length(error_msg) <= 256),
      content_hash char(64),
      reader text,
      source_text text,
      details jsonb,
      requeues integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      started_at timestamptz,
      finished_at timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (status <> 'failed' OR error_code IS NOT NULL)
    );
    CREATE UNIQUE INDEX import_jobs_live_source_uq ON import_jobs (user_id, source_hash) WHERE status <> 'failed';
    CREATE INDEX import_jobs_user_idx ON import_jobs (user_id, created_at DESC);
    CREATE INDEX import_jobs_content_idx ON import_jobs (user_id, content_hash) WHERE status = 'completed';

    CREATE FUNCTION import_jobs_touch() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.updated_at := now();
      RETURN NEW;
    END $$;
    CREATE TRIGGER import_jobs_touch BEFORE UPDATE ON import_jobs
      FOR EACH ROW EXECUTE FUNCTION import_jobs_touch();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE import_jobs; DROP FUNCTION import_jobs_touch()`.execute(db);
}
