import { sql, type Kysely } from "kysely";

/**
 * Event streams for the families that poll (parse requests, articles, bookmarks): each change of a
 * row's state writes one `ingest.progress` event to `task_events`, keyed `<family>:<id>`, in the
 * transaction that makes the change. Like the webhooks' triggers, this catches every path that
 * moves a state (submit, worker, reaper, reconciler, retries, merges) without each learning about
 * streams; the event hub then fans the rows out to every open stream, in any process.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION family_event(p_key text, p_data jsonb) RETURNS void LANGUAGE sql AS $$
      INSERT INTO task_events (task_id, type, data, created_at) VALUES (p_key, 'ingest.progress', p_data, now());
    $$;

    CREATE FUNCTION parse_request_event() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'UPDATE' AND OLD.status = NEW.status THEN RETURN NULL; END IF;
      PERFORM family_event('parse-request:' || NEW.id::text, jsonb_build_object(
        'requestId', NEW.id, 'status', NEW.status,
        'progress', CASE NEW.status WHEN 'PENDING' THEN 0 WHEN 'PROCESSING' THEN 50 ELSE 100 END,
        'error', CASE WHEN NEW.status = 'FAILED' THEN NEW.error_message END));
      RETURN NULL;
    END $$;
    CREATE TRIGGER parse_request_event AFTER INSERT OR UPDATE ON parse_request
      FOR EACH ROW EXECUTE FUNCTION parse_request_event();

    CREATE FUNCTION media_event() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE target media%ROWTYPE;
    BEGIN
      IF TG_OP = 'DELETE' THEN
        -- Merged into the article its redirect led to: the old id's stream follows that article.
        SELECT m.* INTO target FROM media_aliases a JOIN media m ON m.id = a.media_id WHERE a.id = OLD.id;
        IF NOT FOUND THEN RETURN NULL; END IF;
        PERFORM family_event('media:' || OLD.id::text, jsonb_build_object(
          'mediaId', target.id, 'processing_status', target.processing_status,
          'failure_code', target.failure_code,
          'progress', CASE target.processing_status WHEN 'pending' THEN 0 WHEN 'extracting' THEN 50 ELSE 100 END));
        RETURN NULL;
      END IF;
      IF TG_OP = 'UPDATE' AND OLD.processing_status = NEW.processing_status THEN RETURN NULL; END IF;
      PERFORM family_event('media:' || NEW.id::text, jsonb_build_object(
        'mediaId', NEW.id, 'processing_status', NEW.processing_status,
        'failure_code', NEW.failure_code,
        'progress', CASE NEW.processing_status WHEN 'pending' THEN 0 WHEN 'extracting' THEN 50 ELSE 100 END));
      RETURN NULL;
    END $$;
    CREATE TRIGGER media_event AFTER INSERT OR UPDATE OR DELETE ON media
      FOR EACH ROW EXECUTE FUNCTION media_event();

    CREATE FUNCTION item_event() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        DELETE FROM task_events WHERE task_id = 'item:' || OLD.id;
        RETURN NULL;
      END IF;
      IF TG_OP = 'UPDATE' AND OLD.enrichment_status = NEW.enrichment_status THEN RETURN NULL; END IF;
      PERFORM family_event('item:' || NEW.id, jsonb_build_object(
        'itemId', NEW.id, 'enrichmentStatus', NEW.enrichment_status,
        'progress', CASE NEW.enrichment_status WHEN 'pending' THEN 50 ELSE 100 END));
      RETURN NULL;
    END $$;
    CREATE TRIGGER item_event AFTER INSERT OR UPDATE OR DELETE ON items
      FOR EACH ROW EXECUTE FUNCTION item_event();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER item_event ON items;
    DROP FUNCTION item_event();
    DROP TRIGGER media_event ON media;
    DROP FUNCTION media_event();
    DROP TRIGGER parse_request_event ON parse_request;
    DROP FUNCTION parse_request_event();
    DROP FUNCTION family_event(text, jsonb);
    DELETE FROM task_events WHERE task_id LIKE 'parse-request:%' OR task_id LIKE 'media:%' OR task_id LIKE 'item:%';
  `.execute(db);
}
