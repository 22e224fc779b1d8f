import { sql, type Kysely } from "kysely";

/**
 * Webhooks: subscriptions, their deliveries and the log of attempts, and the
 * outbox the events are written to.
 *
 * Events are written by triggers on the rows whose change they announce (recipes, import jobs,
 * articles, bookmarks), in the transaction that makes the change: an event exists exactly when
 * the change committed, whichever path made it (review, import jobs, collections, normalize, the
 * CLI, MCP, a future one), and no service had to learn about webhooks. The trigger only inserts a
 * row (and nothing while no webhook is on), so it cannot fail the user's action; fan-out to
 * subscriptions and the HTTP calls happen later, in the worker (services/webhookDelivery.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE webhooks (
      id uuid PRIMARY KEY,
      owner_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      library_id uuid REFERENCES libraries (id) ON DELETE CASCADE,
      url text NOT NULL,
      events text[] NOT NULL,
      secret text NOT NULL,
      active boolean NOT NULL DEFAULT true,
      failure_count integer NOT NULL DEFAULT 0,
      disabled_reason text,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    );
    CREATE INDEX webhooks_owner_idx ON webhooks (owner_id, created_at);
    CREATE INDEX webhooks_active_idx ON webhooks (owner_id) WHERE active;

    CREATE TABLE webhook_events (
      seq bigserial PRIMARY KEY,
      id uuid NOT NULL DEFAULT gen_random_uuid(),
      type text NOT NULL,
      owner_id text,
      library_ids uuid[] NOT NULL DEFAULT '{}',
      data jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE webhook_deliveries (
      id uuid PRIMARY KEY,
      webhook_id uuid NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
      event_id uuid NOT NULL,
      type text NOT NULL,
      body text NOT NULL,
      state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'succeeded', 'failed', 'skipped')),
      attempts integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL,
      finished_at timestamptz
    );
    CREATE INDEX webhook_deliveries_webhook_idx ON webhook_deliveries (webhook_id, created_at DESC);

    CREATE TABLE webhook_attempts (
      id uuid PRIMARY KEY,
      webhook_id uuid NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
      delivery_id uuid NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
      attempt integer NOT NULL,
      ok boolean NOT NULL,
      status_code integer,
      duration_ms integer NOT NULL,
      response_excerpt text,
      error text,
      will_retry boolean NOT NULL,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX webhook_attempts_webhook_idx ON webhook_attempts (webhook_id, created_at DESC);

    CREATE FUNCTION webhook_emit(p_type text, p_owner text, p_libraries uuid[], p_data jsonb)
    RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      -- While no webhook is on (the usual case) a change costs one index probe and writes nothing.
      IF EXISTS (SELECT 1 FROM webhooks WHERE active) THEN
        INSERT INTO webhook_events (type, owner_id, library_ids, data)
        VALUES (p_type, p_owner, coalesce(p_libraries, '{}'), p_data);
      END IF;
    END $$;

    CREATE FUNCTION recipes_webhook() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE kind text;
    BEGIN
      IF TG_OP = 'INSERT' THEN kind := 'recipe.committed';
      ELSIF OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL THEN kind := 'recipe.deleted';
      ELSIF NEW.deleted_at IS NULL
        AND (NEW.version IS DISTINCT FROM OLD.version OR OLD.deleted_at IS NOT NULL) THEN kind := 'recipe.updated';
      ELSE RETURN NULL;
      END IF;
      PERFORM webhook_emit(kind, NEW.owner_id,
        ARRAY(SELECT library_id FROM library_recipes WHERE recipe_id = NEW.id),
        jsonb_build_object('id', NEW.id, 'title', NEW.name, 'url', NEW.source_url, 'version', NEW.version));
      RETURN NULL;
    END $$;
    CREATE TRIGGER recipes_webhook AFTER INSERT OR UPDATE ON recipes
      FOR EACH ROW EXECUTE FUNCTION recipes_webhook();

    CREATE FUNCTION import_jobs_webhook() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.status NOT IN ('completed', 'failed')
        OR (TG_OP = 'UPDATE' AND OLD.status = NEW.status) THEN RETURN NULL;
      END IF;
      PERFORM webhook_emit('import.' || NEW.status, NEW.user_id::text, '{}',
        jsonb_build_object('id', NEW.id,
          'title', (SELECT name FROM recipes WHERE id = NEW.recipe_id),
          'url', CASE WHEN NEW.source_type = 'url' THEN NEW.source_ref END,
          'sourceType', NEW.source_type, 'recipeId', NEW.recipe_id,
          'errorCode', NEW.error_code, 'errorMessage', NEW.error_msg));
      RETURN NULL;
    END $$;
    CREATE TRIGGER import_jobs_webhook AFTER INSERT OR UPDATE ON import_jobs
      FOR EACH ROW EXECUTE FUNCTION import_jobs_webhook();

    CREATE FUNCTION media_webhook() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.processing_status <> 'ready_for_reading'
        OR (TG_OP = 'UPDATE' AND OLD.processing_status = NEW.processing_status) THEN RETURN NULL;
      END IF;
      PERFORM webhook_emit('article.ready', NEW.created_by::text,
        ARRAY(SELECT library_id FROM library_media WHERE media_id = NEW.id),
        jsonb_build_object('id', NEW.id, 'title', NEW.title, 'url', NEW.canonical_url,
          'siteName', NEW.site_name));
      RETURN NULL;
    END $$;
    CREATE TRIGGER media_webhook AFTER INSERT OR UPDATE ON media
      FOR EACH ROW EXECUTE FUNCTION media_webhook();

    CREATE FUNCTION items_webhook() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.enrichment_status <> 'succeeded'
        OR (TG_OP = 'UPDATE' AND OLD.enrichment_status = NEW.enrichment_status) THEN RETURN NULL;
      END IF;
      PERFORM webhook_emit('bookmark.enriched', NEW.user_id::text,
        -- library_id is text here: a value that is not a uuid names no library (and must not throw).
        CASE WHEN NEW.library_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
          THEN ARRAY[NEW.library_id::uuid] ELSE '{}'::uuid[] END,
        jsonb_build_object('id', NEW.id, 'title', NEW.title, 'url', NEW.url, 'pageKind', NEW.page_kind));
      RETURN NULL;
    END $$;
    CREATE TRIGGER items_webhook AFTER INSERT OR UPDATE ON items
      FOR EACH ROW EXECUTE FUNCTION items_webhook();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER items_webhook ON items; DROP FUNCTION items_webhook();
    DROP TRIGGER media_webhook ON media; DROP FUNCTION media_webhook();
    DROP TRIGGER import_jobs_webhook ON import_jobs; DROP FUNCTION import_jobs_webhook();
    DROP TRIGGER recipes_webhook ON recipes; DROP FUNCTION recipes_webhook();
    DROP FUNCTION webhook_emit(text, text, uuid[], jsonb);
    DROP TABLE webhook_attempts; DROP TABLE webhook_deliveries; DROP TABLE webhook_events; DROP TABLE webhooks;
  `.execute(db);
}
