import { sql, type Kysely } from "kysely";

/**
 * Search (issue 30): full-text search with PostgreSQL's own text search and pg_trgm, on the server
 * and on the embedded PGlite alike (it ships both).
 *
 * - `tsv`: weighted words (A title, B ingredients/tags, C description/excerpt, D steps),
 *   stemmed in the text's language and also unstemmed ('simple'), so "Kichererbsen" finds itself
 *   in a German recipe whatever language the query is stemmed in.
 * - `ingr_tsv` (recipes): the ingredient names alone, for "with chickpeas" / "no dairy".
 * - `trgm`: the short text typos are forgiven in (titles, ingredient names) via pg_trgm.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);

  // The text-search configuration of a language tag ('de-AT' → german); 'english' when unknown.
  // IMMUTABLE is true for the built-in configurations named here, and lets generated columns use it.
  await sql`
    CREATE OR REPLACE FUNCTION ladle_search_config(lang text) RETURNS regconfig
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT CASE lower(left(coalesce(lang, ''), 2))
        WHEN 'de' THEN 'german'::regconfig WHEN 'fr' THEN 'french'::regconfig
        WHEN 'es' THEN 'spanish'::regconfig WHEN 'it' THEN 'italian'::regconfig
        WHEN 'nl' THEN 'dutch'::regconfig WHEN 'pt' THEN 'portuguese'::regconfig
        WHEN 'sv' THEN 'swedish'::regconfig WHEN 'da' THEN 'danish'::regconfig
        WHEN 'nb' THEN 'norwegian'::regconfig WHEN 'no' THEN 'norwegian'::regconfig
        WHEN 'fi' THEN 'finnish'::regconfig WHEN 'hu' THEN 'hungarian'::regconfig
        WHEN 'ro' THEN 'romanian'::regconfig WHEN 'ru' THEN 'russian'::regconfig
        WHEN 'tr' THEN 'turkish'::regconfig
        ELSE 'english'::regconfig END
    $$`.execute(db);
  // A recipe's ingredient names (the parsed name, else the line, and the alternatives a line offers).
  await sql`
    CREATE OR REPLACE FUNCTION ladle_recipe_ingredients(doc jsonb) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT coalesce(string_agg(
        coalesce(nullif(i->>'name', ''), i->>'text', '') || coalesce(' ' || (
          SELECT string_agg(a, ' ') FROM jsonb_array_elements_text(
            CASE WHEN jsonb_typeof(i->'alternatives') = 'array' THEN i->'alternatives' ELSE '[]'::jsonb END) a), ''),
        ' ; '), '')
      FROM jsonb_array_elements(CASE WHEN jsonb_typeof(doc->'ingredients') = 'array'
                                     THEN doc->'ingredients' ELSE '[]'::jsonb END) i
    $$`.execute(db);
  // Tags, categories, cuisine and diet: the words a cook files a recipe under.
  await sql`
    CREATE OR REPLACE FUNCTION ladle_recipe_labels(doc jsonb) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT concat_ws(' ', doc->>'cuisine', doc->>'dietType',
        (SELECT string_agg(t, ' ') FROM jsonb_array_elements_text(
           CASE WHEN jsonb_typeof(doc->'tags') = 'array' THEN doc->'tags' ELSE '[]'::jsonb END) t),
        (SELECT string_agg(t, ' ') FROM jsonb_array_elements_text(
           CASE WHEN jsonb_typeof(doc->'category') = 'array' THEN doc->'category' ELSE '[]'::jsonb END) t))
    $$`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION ladle_recipe_steps(doc jsonb) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT coalesce(string_agg(s->>'text', ' '), '')
      FROM jsonb_array_elements(CASE WHEN jsonb_typeof(doc->'instructions') = 'array'
                                     THEN doc->'instructions' ELSE '[]'::jsonb END) s
    $$`.execute(db);

  // Side tables, not columns on the rows themselves: the many `selectAll()` reads of recipes,
  // articles and bookmarks never carry their search words, and a trigger keeps each one current
  // on every write, so no service has to remember to re-index after an edit, a restore or an import.
  await sql`
    CREATE TABLE recipe_search (
      recipe_id text PRIMARY KEY REFERENCES recipes (id) ON DELETE CASCADE,
      tsv tsvector NOT NULL,
      ingr_tsv tsvector NOT NULL,
      ingredients text NOT NULL,
      trgm text NOT NULL
    )`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION ladle_recipe_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE ingr text := ladle_recipe_ingredients(NEW.document);
    BEGIN
      INSERT INTO recipe_search (recipe_id, tsv, ingr_tsv, ingredients, trgm) VALUES (NEW.id,
        setweight(to_tsvector('english', NEW.name), 'A') || setweight(to_tsvector('simple', NEW.name), 'A') ||
        setweight(to_tsvector('english', ingr), 'B') || setweight(to_tsvector('simple', ingr), 'B') ||
        setweight(to_tsvector('english', ladle_recipe_labels(NEW.document)), 'B') ||
        setweight(to_tsvector('english', coalesce(NEW.document->>'description', '')), 'C') ||
        setweight(to_tsvector('english', ladle_recipe_steps(NEW.document)), 'D'),
        to_tsvector('english', ingr) || to_tsvector('simple', ingr),
        ingr, lower(NEW.name || ' ; ' || ingr))
      ON CONFLICT (recipe_id) DO UPDATE SET tsv = EXCLUDED.tsv, ingr_tsv = EXCLUDED.ingr_tsv,
        ingredients = EXCLUDED.ingredients, trgm = EXCLUDED.trgm;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER recipes_search_sync AFTER INSERT OR UPDATE OF name, document ON recipes
    FOR EACH ROW EXECUTE FUNCTION ladle_recipe_search_sync()`.execute(db);
  await sql`CREATE INDEX recipe_search_tsv ON recipe_search USING gin (tsv)`.execute(db);
  await sql`CREATE INDEX recipe_search_ingr ON recipe_search USING gin (ingr_tsv)`.execute(db);
  await sql`CREATE INDEX recipe_search_trgm ON recipe_search USING gin (trgm gin_trgm_ops)`.execute(db);

  // An article: its head (title, excerpt, site, byline) in its own language, its body (the
  // fragments) in English stems plus unstemmed words; rebuilt when either changes.
  await sql`
    CREATE TABLE media_search (
      media_id uuid PRIMARY KEY REFERENCES media (id) ON DELETE CASCADE,
      tsv tsvector NOT NULL,
      trgm text NOT NULL
    )`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION ladle_media_search_refresh(mid uuid) RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO media_search (media_id, tsv, trgm)
      SELECT m.id,
        setweight(to_tsvector(ladle_search_config(m.lang), coalesce(m.title, '')), 'A') ||
        setweight(to_tsvector('simple', coalesce(m.title, '')), 'A') ||
        setweight(to_tsvector(ladle_search_config(m.lang), concat_ws(' ', m.excerpt, m.site_name, m.byline)), 'C') ||
        setweight(to_tsvector(ladle_search_config(m.lang), left(coalesce(b.body, ''), 200000)), 'D') ||
        setweight(to_tsvector('simple', left(coalesce(b.body, ''), 200000)), 'D'),
        lower(concat_ws(' ; ', m.title, m.site_name))
      FROM media m
      LEFT JOIN LATERAL (SELECT string_agg(f.canonical_text, ' ' ORDER BY f.ordinal) AS body
                         FROM fragments f WHERE f.media_id = m.id) b ON true
      WHERE m.id = mid
      ON CONFLICT (media_id) DO UPDATE SET tsv = EXCLUDED.tsv, trgm = EXCLUDED.trgm;
    END $$`.execute(db);
  // Two trigger functions: a PL/pgSQL body that names NEW.media_id does not compile for `media`.
  await sql`
    CREATE OR REPLACE FUNCTION ladle_media_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN PERFORM ladle_media_search_refresh(NEW.id); RETURN NULL; END $$`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION ladle_fragment_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN PERFORM ladle_media_search_refresh(NEW.media_id); RETURN NULL; END $$`.execute(db);
  await sql`
    CREATE TRIGGER media_search_sync AFTER INSERT OR UPDATE OF title, excerpt, site_name, byline, lang ON media
    FOR EACH ROW EXECUTE FUNCTION ladle_media_search_sync()`.execute(db);
  await sql`
    CREATE TRIGGER fragments_search_sync AFTER INSERT OR UPDATE OF canonical_text ON fragments
    FOR EACH ROW EXECUTE FUNCTION ladle_fragment_search_sync()`.execute(db);
  await sql`CREATE INDEX media_search_tsv ON media_search USING gin (tsv)`.execute(db);
  await sql`CREATE INDEX media_search_trgm ON media_search USING gin (trgm gin_trgm_ops)`.execute(db);

  await sql`
    CREATE TABLE item_search (
      item_id text PRIMARY KEY REFERENCES items (id) ON DELETE CASCADE,
      tsv tsvector NOT NULL,
      trgm text NOT NULL
    )`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION ladle_item_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO item_search (item_id, tsv, trgm) VALUES (NEW.id,
        setweight(to_tsvector('english', coalesce(NEW.title, '')), 'A') ||
        setweight(to_tsvector('simple', coalesce(NEW.title, '')), 'A') ||
        setweight(to_tsvector('simple', regexp_replace(NEW.url, '[^[:alnum:]]+', ' ', 'g')), 'B') ||
        setweight(to_tsvector('english', coalesce(NEW.excerpt, '')), 'C'),
        lower(coalesce(NEW.title, '') || ' ; ' || NEW.url))
      ON CONFLICT (item_id) DO UPDATE SET tsv = EXCLUDED.tsv, trgm = EXCLUDED.trgm;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER items_search_sync AFTER INSERT OR UPDATE OF title, excerpt, url ON items
    FOR EACH ROW EXECUTE FUNCTION ladle_item_search_sync()`.execute(db);
  await sql`CREATE INDEX item_search_tsv ON item_search USING gin (tsv)`.execute(db);
  await sql`CREATE INDEX item_search_trgm ON item_search USING gin (trgm gin_trgm_ops)`.execute(db);

  // What was stored before this migration: touch every row once so its trigger indexes it.
  await sql`UPDATE recipes SET name = name`.execute(db);
  await sql`UPDATE media SET title = title`.execute(db);
  await sql`UPDATE items SET url = url`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS items_search_sync ON items`.execute(db);
  await sql`DROP TRIGGER IF EXISTS fragments_search_sync ON fragments`.execute(db);
  await sql`DROP TRIGGER IF EXISTS media_search_sync ON media`.execute(db);
  await sql`DROP TRIGGER IF EXISTS recipes_search_sync ON recipes`.execute(db);
  await sql`DROP TABLE IF EXISTS item_search, media_search, recipe_search`.execute(db);
  await sql`DROP FUNCTION IF EXISTS ladle_item_search_sync(), ladle_media_search_sync(), ladle_fragment_search_sync(),
            ladle_media_search_refresh(uuid), ladle_recipe_search_sync(), ladle_recipe_steps(jsonb),
            ladle_recipe_labels(jsonb), ladle_recipe_ingredients(jsonb), ladle_search_config(text)`.execute(
    db,
  );
}
