import { sql, type Kysely } from "kysely";

/**
 * Full-page archives and highlights. An archive is one person's kept copy of an article
 * or a bookmark: its row here, its bytes in the artifact store's blobs under `archive/<owner>/<id>`;
 * deleting the article, the bookmark or the person deletes the row, and the row's trigger the bytes.
 * A highlight is one person's marked passage of an article, anchored by position and by quote with
 * some context around it, so it is found again when the article's text moves.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE page_archives (
      id uuid PRIMARY KEY,
      owner_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      media_id uuid REFERENCES media (id) ON DELETE CASCADE,
      item_id text REFERENCES items (id) ON DELETE CASCADE,
      source_url text NOT NULL,
      title text,
      size_bytes integer NOT NULL,
      images_kept integer NOT NULL DEFAULT 0,
      images_shrunk integer NOT NULL DEFAULT 0,
      images_left_out integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((media_id IS NULL) <> (item_id IS NULL))
    );
    CREATE UNIQUE INDEX page_archives_media ON page_archives (owner_id, media_id) WHERE media_id IS NOT NULL;
    CREATE UNIQUE INDEX page_archives_item ON page_archives (owner_id, item_id) WHERE item_id IS NOT NULL;
    CREATE INDEX page_archives_item_fk ON page_archives (item_id);
    CREATE INDEX page_archives_media_fk ON page_archives (media_id);

    CREATE FUNCTION page_archive_bytes_gone() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM blobs WHERE key = 'archive/' || OLD.owner_id::text || '/' || OLD.id::text;
      RETURN NULL;
    END $$;
    CREATE TRIGGER page_archive_bytes_gone AFTER DELETE ON page_archives
      FOR EACH ROW EXECUTE FUNCTION page_archive_bytes_gone();

    CREATE TABLE highlights (
      id uuid PRIMARY KEY,
      owner_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      media_id uuid NOT NULL REFERENCES media (id) ON DELETE CASCADE,
      quote text NOT NULL,
      prefix text NOT NULL DEFAULT '',
      suffix text NOT NULL DEFAULT '',
      start_pos integer NOT NULL,
      end_pos integer NOT NULL,
      note text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      tsv tsvector GENERATED ALWAYS AS (
        to_tsvector('english', quote || ' ' || coalesce(note, '')) ||
        to_tsvector('simple', quote || ' ' || coalesce(note, ''))
      ) STORED
    );
    CREATE INDEX highlights_owner ON highlights (owner_id, created_at DESC);
    CREATE INDEX highlights_media ON highlights (media_id, owner_id);
    CREATE INDEX highlights_tsv ON highlights USING gin (tsv);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE IF EXISTS highlights;
    DROP TABLE IF EXISTS page_archives;
    DROP FUNCTION IF EXISTS page_archive_bytes_gone();
  `.execute(db);
}
