import { sql, type Kysely } from "kysely";

/**
 * Feeds: a library follows an RSS or Atom feed; each poll is a run in the feed's log; each entry
 * is remembered once per feed (by guid, else link), so nothing is imported twice, even when a
 * worker dies mid-run and the job runs again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE feeds (
      id uuid PRIMARY KEY,
      owner_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      library_id uuid NOT NULL REFERENCES libraries (id) ON DELETE CASCADE,
      url text NOT NULL,
      site_url text,
      title text,
      interval_minutes integer NOT NULL,
      etag text,
      last_modified text,
      status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'ok', 'failing')),
      failure_message text,
      failing_since timestamptz,
      last_polled_at timestamptz,
      next_poll_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL,
      UNIQUE (library_id, url)
    );
    CREATE INDEX feeds_due_idx ON feeds (next_poll_at);
    CREATE TABLE feed_runs (
      id uuid PRIMARY KEY,
      feed_id uuid NOT NULL REFERENCES feeds (id) ON DELETE CASCADE,
      started_at timestamptz NOT NULL,
      fetched_at timestamptz,
      finished_at timestamptz,
      outcome text CHECK (outcome IN ('fetched', 'not_modified', 'failed')),
      http_status integer,
      message text,
      items_seen integer NOT NULL DEFAULT 0,
      items_new integer NOT NULL DEFAULT 0
    );
    CREATE INDEX feed_runs_feed_idx ON feed_runs (feed_id, started_at DESC);
    CREATE TABLE feed_entries (
      feed_id uuid NOT NULL REFERENCES feeds (id) ON DELETE CASCADE,
      entry_key text NOT NULL,
      link text,
      title text,
      published_at timestamptz,
      position integer NOT NULL,
      state text NOT NULL DEFAULT 'waiting' CHECK (state IN ('waiting', 'imported', 'failed')),
      media_id uuid REFERENCES media (id) ON DELETE SET NULL,
      failure text,
      seen_run_id uuid,
      done_run_id uuid,
      first_seen_at timestamptz NOT NULL,
      PRIMARY KEY (feed_id, entry_key)
    );
    CREATE INDEX feed_entries_waiting_idx ON feed_entries (feed_id, published_at DESC NULLS LAST, position)
      WHERE state = 'waiting';
    CREATE INDEX feed_entries_done_run_idx ON feed_entries (done_run_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE feed_entries; DROP TABLE feed_runs; DROP TABLE feeds`.execute(db);
}
