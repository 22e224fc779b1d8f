import { sql, type Kysely } from "kysely";

/**
 * Bookmarks ("items", sync-enrichment.md). Title and excerpt carry a lock flag: a value the user
 * gave is never replaced by enrichment ("user-provided wins"). `preview_image_url` is the page's
 * og:image/twitter:image, stored as a URL; `thumbnail_key` names the screenshot blob of the
 * async fallback. `enrichment_attempts` bounds the async retries. One bookmark per user and URL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE items (
      id text PRIMARY KEY,
      user_id text NOT NULL,
      library_id text,
      url text NOT NULL,
      normalized_url text NOT NULL,
      title text,
      excerpt text,
      title_locked boolean NOT NULL DEFAULT false,
      excerpt_locked boolean NOT NULL DEFAULT false,
      preview_image_url text,
      thumbnail_key text,
      page_kind text,
      enrichment_status text NOT NULL DEFAULT 'pending',
      enrichment_error text,
      enrichment_attempts integer NOT NULL DEFAULT 0,
      enriched_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      version integer NOT NULL DEFAULT 1
    );
    CREATE UNIQUE INDEX items_user_url_idx ON items (user_id, normalized_url);
    CREATE INDEX items_user_created_idx ON items (user_id, created_at DESC, id DESC);
    CREATE INDEX items_pending_idx ON items (updated_at) WHERE enrichment_status = 'pending';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE items`.execute(db);
}
