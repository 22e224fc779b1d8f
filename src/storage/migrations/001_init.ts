import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE tasks (
      id text PRIMARY KEY,
      thread_id text NOT NULL,
      agent_type text NOT NULL,
      status text NOT NULL,
      current_phase text,
      progress integer NOT NULL DEFAULT 0,
      payload jsonb NOT NULL,
      result jsonb,
      error jsonb,
      metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
      requested_by text,
      recipe_id text,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_updated timestamptz NOT NULL DEFAULT now(),
      version integer NOT NULL DEFAULT 1
    );
    CREATE INDEX tasks_thread_idx ON tasks (thread_id);
    CREATE INDEX tasks_status_updated_idx ON tasks (status, last_updated);

    CREATE TABLE recipes (
      id text PRIMARY KEY,
      name text NOT NULL,
      document jsonb NOT NULL,
      source_url text,
      source_url_key text,
      task_id text UNIQUE REFERENCES tasks (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX recipes_source_url_key_idx ON recipes (source_url_key);
    CREATE INDEX recipes_created_idx ON recipes (created_at DESC, id DESC);

    CREATE TABLE url_registry (
      url_key text PRIMARY KEY,
      normalized_url text NOT NULL,
      url_hash text NOT NULL,
      first_seen_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL DEFAULT now(),
      last_task_id text,
      recipe_id text
    );
    CREATE INDEX url_registry_hash_idx ON url_registry (url_hash);

    CREATE TABLE artifacts (
      task_id text NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
      name text NOT NULL,
      type text NOT NULL,
      content_type text NOT NULL,
      encoding text NOT NULL DEFAULT 'identity',
      size integer NOT NULL,
      original_size integer NOT NULL,
      truncated boolean NOT NULL DEFAULT false,
      data bytea NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (task_id, name)
    );

    CREATE TABLE task_events (
      id bigserial PRIMARY KEY,
      task_id text NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
      type text NOT NULL,
      data jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX task_events_task_idx ON task_events (task_id, id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE task_events, artifacts, url_registry, recipes, tasks`.execute(db);
}
