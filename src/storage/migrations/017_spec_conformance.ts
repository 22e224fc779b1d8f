import { sql, type Kysely } from "kysely";

/**
 * The last deviations from the specification's schemas.
 *
 * parse-request-flow.md, "Database Schema": its three tables under its own names. `resource` was a
 * view over the shared `url_registry` and the parsed recipe lived in `parsed_recipe`; now
 * `resource` is the URL registry of parse requests (immutable once created) and `recipe` the
 * parsed result, 1:1 with it (`recipes`, plural, stays the committed canonical recipes). Rows the
 * parse requests referenced move over; `url_registry.url` (only parse requests wrote it) goes.
 *
 * "the id returned is the article's for its whole life". When a
 * redirect shows that a new media row is an article already saved, the row is merged into that
 * one; `media_aliases` keeps its id (and the URL it was submitted as) answering for the article.
 * Media rows are global and so are their aliases: visibility stays library membership of the
 * article the alias leads to, so the table needs no owner.
 *
 * `source_hash` is the SHA-256 of the source content, which the API
 * reads first; a URL whose download fails has no content, so its (failed) job has no hash.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP VIEW resource;
    CREATE TABLE resource (
      url_hash varchar(64) PRIMARY KEY,
      url text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    INSERT INTO resource (url_hash, url, created_at)
      SELECT u.url_key, COALESCE(u.url, u.normalized_url), u.first_seen_at FROM url_registry u
      WHERE u.url IS NOT NULL
         OR EXISTS (SELECT 1 FROM parse_request p WHERE p.url_hash = u.url_key)
         OR EXISTS (SELECT 1 FROM parsed_recipe r WHERE r.url_hash = u.url_key);
    ALTER TABLE parsed_recipe RENAME TO recipe;
    ALTER TABLE recipe RENAME CONSTRAINT parsed_recipe_pkey TO recipe_pkey;
    ALTER TABLE recipe DROP CONSTRAINT parsed_recipe_url_hash_fkey;
    ALTER TABLE recipe ADD CONSTRAINT recipe_url_hash_fkey
      FOREIGN KEY (url_hash) REFERENCES resource (url_hash);
    ALTER TABLE parse_request DROP CONSTRAINT parse_request_url_hash_fkey;
    ALTER TABLE parse_request ADD CONSTRAINT parse_request_url_hash_fkey
      FOREIGN KEY (url_hash) REFERENCES resource (url_hash);
    ALTER TABLE url_registry DROP COLUMN url;

    CREATE TABLE media_aliases (
      id uuid PRIMARY KEY,
      media_id uuid NOT NULL REFERENCES media (id) ON DELETE CASCADE,
      source_url text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX media_aliases_media_idx ON media_aliases (media_id);
    CREATE INDEX media_aliases_source_url_idx ON media_aliases (source_url);

    ALTER TABLE import_jobs ALTER COLUMN source_hash DROP NOT NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE import_jobs SET source_hash = repeat('0', 64) WHERE source_hash IS NULL;
    ALTER TABLE import_jobs ALTER COLUMN source_hash SET NOT NULL;
    DROP TABLE media_aliases;
    ALTER TABLE url_registry ADD COLUMN url text;
    INSERT INTO url_registry (url_key, normalized_url, url_hash, first_seen_at, last_seen_at, url)
      SELECT r.url_hash, r.url, substr(translate(encode(decode(r.url_hash, 'hex'), 'base64'), '+/', '-_'), 1, 22),
        r.created_at, r.created_at, r.url FROM resource r
      ON CONFLICT (url_key) DO UPDATE SET url = excluded.url;
    ALTER TABLE parse_request DROP CONSTRAINT parse_request_url_hash_fkey;
    ALTER TABLE parse_request ADD CONSTRAINT parse_request_url_hash_fkey
      FOREIGN KEY (url_hash) REFERENCES url_registry (url_key);
    ALTER TABLE recipe DROP CONSTRAINT recipe_url_hash_fkey;
    ALTER TABLE recipe ADD CONSTRAINT parsed_recipe_url_hash_fkey
      FOREIGN KEY (url_hash) REFERENCES url_registry (url_key);
    ALTER TABLE recipe RENAME CONSTRAINT recipe_pkey TO parsed_recipe_pkey;
    ALTER TABLE recipe RENAME TO parsed_recipe;
    DROP TABLE resource;
    CREATE VIEW resource AS
      SELECT url_key AS url_hash, COALESCE(url, normalized_url) AS url, first_seen_at AS created_at
      FROM url_registry;
  `.execute(db);
}
