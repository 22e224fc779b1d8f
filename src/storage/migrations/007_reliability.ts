import { sql, type Kysely } from "kysely";

/**
 * Reliability: idempotency records (one per caller and key, replayed for 24 h) and the per-domain
 * circuit breaker shared by every process (a failure counted in one worker pauses the domain for all).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE idempotency_keys (
      caller_id text NOT NULL,
      key text NOT NULL,
      method text NOT NULL,
      path text NOT NULL,
      body_sha256 text NOT NULL,
      status integer,
      response_headers jsonb,
      response_body text,
      created_at timestamptz NOT NULL DEFAULT now(),
      completed_at timestamptz,
      PRIMARY KEY (caller_id, key)
    );
    CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);
    CREATE TABLE circuit_breakers (
      domain text PRIMARY KEY,
      failures integer NOT NULL DEFAULT 0,
      window_started_at timestamptz NOT NULL,
      open_until timestamptz,
      last_code text,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE idempotency_keys; DROP TABLE circuit_breakers`.execute(db);
}
