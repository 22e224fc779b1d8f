import { sql, type Kysely } from "kysely";

/**
 * Web articles: media rows (global, deduplicated by
 * `unique(kind, canonical_url)`), their one immutable fragment, the opaque image mapping of the
 * proxy, and which libraries hold which media (`(library_id, media_id)` unique).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE media (
      id uuid PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('web_article')),
      source_url text NOT NULL,
      canonical_url text NOT NULL,
      title text,
      byline text,
      excerpt text,
      site_name text,
      lang text,
      published_time text,
      processing_status text NOT NULL
        CHECK (processing_status IN ('pending', 'extracting', 'ready_for_reading', 'failed')),
      failure_code text,
      failure_message text,
      failure_details_json jsonb,
      processing_attempts integer NOT NULL DEFAULT 0,
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      CONSTRAINT media_kind_canonical_url_key UNIQUE (kind, canonical_url)
    );
    CREATE INDEX media_source_url_idx ON media (kind, source_url);
    CREATE TABLE fragments (
      id uuid PRIMARY KEY,
      media_id uuid NOT NULL REFERENCES media (id) ON DELETE CASCADE,
      ordinal integer NOT NULL DEFAULT 0,
      html_sanitized text NOT NULL,
      canonical_text text NOT NULL,
      created_at timestamptz NOT NULL,
      UNIQUE (media_id, ordinal)
    );
    CREATE FUNCTION fragments_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'fragments are immutable';
    END $$;
    CREATE TRIGGER fragments_no_update BEFORE UPDATE ON fragments
      FOR EACH ROW EXECUTE FUNCTION fragments_immutable();
    CREATE TABLE image_assets (
      id uuid PRIMARY KEY,
      media_id uuid NOT NULL REFERENCES media (id) ON DELETE CASCADE,
      origin_url text NOT NULL,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX image_assets_media_idx ON image_assets (media_id);
    CREATE TABLE library_media (
      library_id uuid NOT NULL REFERENCES libraries (id) ON DELETE CASCADE,
      media_id uuid NOT NULL REFERENCES media (id) ON DELETE CASCADE,
      added_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL,
      PRIMARY KEY (library_id, media_id)
    );
    CREATE INDEX library_media_media_idx ON library_media (media_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE library_media; DROP TABLE image_assets; DROP TABLE fragments;
    DROP FUNCTION fragments_immutable; DROP TABLE media;
  `.execute(db);
}
