import { sql, type Kysely } from "kysely";

/**
 * Parse requests (parse-request-flow.md, "Database Schema"), translated onto Ladle's tables:
 *
 * - The spec's `resource` (URL registry keyed by the SHA-256 hex of the normalized URL) is the
 *   existing `url_registry` (its `url_key` is that digest, written by recipe tasks too), so one URL
 *   has one registry row whichever family saw it first. It gains `url`, the URL as first submitted,
 *   and `resource` is a view with the spec's column names over it.
 * - The spec's `recipe` is `parsed_recipe`, since `recipes` holds committed canonical recipes.
 * - `parse_request.user_id` is text: caller ids are not all UUIDs (the local admin is "local").
 * - A unique partial index on `url_hash` for PENDING/PROCESSING makes in-flight dedup race-safe
 *   (insert-or-return on conflict), beside the spec's two partial indexes.
 * - `fetch_lease` is the single-flight fetch step shared by every family: one row per normalized
 *   URL (and render variant) holding a lease while one process fetches, then the result for a
 *   short reuse window.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE url_registry ADD COLUMN url text;

    CREATE VIEW resource AS
      SELECT url_key AS url_hash, COALESCE(url, normalized_url) AS url, first_seen_at AS created_at
      FROM url_registry;

    CREATE TABLE parsed_recipe (
      url_hash varchar(64) PRIMARY KEY REFERENCES url_registry (url_key),
      title varchar(500),
      ingredients jsonb NOT NULL,
      parsed_at timestamptz NOT NULL
    );
    CREATE INDEX idx_recipe_freshness ON parsed_recipe (url_hash, parsed_at);

    CREATE TABLE parse_request (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id text,
      url_hash varchar(64) NOT NULL REFERENCES url_registry (url_key),
      status varchar(20) NOT NULL DEFAULT 'PENDING',
      error_message text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT valid_status CHECK (status IN ('PENDING', 'PROCESSING', 'COMPLETED', 'FAILED'))
    );
    CREATE INDEX idx_parse_request_dedup ON parse_request (url_hash, status)
      WHERE status IN ('PENDING', 'PROCESSING');
    CREATE INDEX idx_parse_request_user ON parse_request (user_id, created_at DESC)
      WHERE user_id IS NOT NULL;
    CREATE UNIQUE INDEX parse_request_in_flight_uniq ON parse_request (url_hash)
      WHERE status IN ('PENDING', 'PROCESSING');
    CREATE INDEX parse_request_reaper_idx ON parse_request (updated_at)
      WHERE status IN ('PENDING', 'PROCESSING');

    CREATE TABLE fetch_lease (
      key text PRIMARY KEY,
      url text NOT NULL,
      holder text NOT NULL,
      lease_until timestamptz NOT NULL,
      done boolean NOT NULL DEFAULT false,
      result jsonb,
      body bytea,
      fetched_at timestamptz,
      reuse_until timestamptz
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE fetch_lease, parse_request, parsed_recipe;
    DROP VIEW resource;
    ALTER TABLE url_registry DROP COLUMN url;
  `.execute(db);
}
