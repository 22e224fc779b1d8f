import { sql, type Kysely } from "kysely";

/**
 * Search: full-text search with PostgreSQL's own text search and pg_trgm, on the server
 * and on the embedded PGlite alike (it ships both). Side tables, one row per recipe, article and
 * bookmark, kept current by triggers on every write (no service has to remember to re-index after
 * an edit, a restore or an import), and never carried by the many `selectAll()` reads of the rows.
 *
 * - `tsv`: the short, ranked part (title A; ingredients, tags B; description, excerpt C), stemmed
 *   in the text's language and also unstemmed ('simple'), so "Kichererbsen" finds itself in a
 *   German recipe whatever language the query is stemmed in. `all_tsv`: the head and the steps or
 *   article body, the one GIN-indexed vector a search matches on; only `tsv` is ranked (ranking
 *   reads the whole vector: with the body it would cost 10-50x).
 * - Recipes also keep what filters and facets need (ingredient lines, labels, cuisines, minutes),
 *   so a search never reads the recipe documents of its matches.
 * - `search_words`: every word of titles and ingredient names, with a trigram index; a misspelt
 *   word is replaced by its nearest spellings (pg_trgm), then searched like any other.
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

  await sql`CREATE TABLE search_words (word text PRIMARY KEY)`.execute(db);
  await sql`CREATE INDEX search_words_trgm ON search_words USING gin (word gin_trgm_ops)`.execute(db);
  // The words of a text a typo may be corrected to: 3 to 30 letters or digits, lower case.
  await sql`
    CREATE OR REPLACE FUNCTION ladle_search_learn(txt text) RETURNS void LANGUAGE sql AS $$
      INSERT INTO search_words (word)
      SELECT DISTINCT w FROM regexp_split_to_table(lower(coalesce(txt, '')), '[^[:alnum:]]+') w
      WHERE length(w) BETWEEN 3 AND 30 AND w !~ '^[0-9]+$'
      ON CONFLICT DO NOTHING
    $$`.execute(db);

  await sql`
    CREATE TABLE recipe_search (
      recipe_id text PRIMARY KEY REFERENCES recipes (id) ON DELETE CASCADE,
      tsv tsvector NOT NULL,
      all_tsv tsvector NOT NULL,
      ingr_tsv tsvector NOT NULL,
      ingredients text NOT NULL,
      lines text[] NOT NULL,
      labels text[] NOT NULL,
      cuisines text[] NOT NULL,
      minutes integer NOT NULL
    )`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION ladle_recipe_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      ingr text := ladle_recipe_ingredients(NEW.document);
      labels text := ladle_recipe_labels(NEW.document);
      items jsonb := CASE WHEN jsonb_typeof(NEW.document->'ingredients') = 'array' THEN NEW.document->'ingredients' ELSE '[]'::jsonb END;
      head tsvector := setweight(to_tsvector('english', NEW.name), 'A') || setweight(to_tsvector('simple', NEW.name), 'A') ||
        setweight(to_tsvector('english', ingr), 'B') || setweight(to_tsvector('simple', ingr), 'B') ||
        setweight(to_tsvector('english', labels), 'B') || setweight(to_tsvector('simple', labels), 'B') ||
        setweight(to_tsvector('english', coalesce(NEW.document->>'description', '')), 'C');
    BEGIN
      INSERT INTO recipe_search (recipe_id, tsv, all_tsv, ingr_tsv, ingredients, lines, labels, cuisines, minutes)
      VALUES (NEW.id, head, head || setweight(to_tsvector('english', ladle_recipe_steps(NEW.document)), 'D'),
        to_tsvector('english', ingr) || to_tsvector('simple', ingr),
        ingr,
        ARRAY(SELECT lower(concat_ws(' ', i->>'name', i->>'text')) FROM jsonb_array_elements(items) i),
        ARRAY(SELECT DISTINCT lower(btrim(t)) FROM jsonb_array_elements_text(
                CASE WHEN jsonb_typeof(NEW.document->'tags') = 'array' THEN NEW.document->'tags' ELSE '[]'::jsonb END ||
                CASE WHEN jsonb_typeof(NEW.document->'category') = 'array' THEN NEW.document->'category' ELSE '[]'::jsonb END) t
              WHERE btrim(t) <> ''),
        ARRAY(SELECT DISTINCT c FROM regexp_split_to_table(lower(coalesce(NEW.document->>'cuisine', '')), '\\s*,\\s*') c WHERE c <> ''),
        CASE WHEN (NEW.document->>'totalTimeMinutes') ~ '^[0-9]{1,6}$' THEN (NEW.document->>'totalTimeMinutes')::int ELSE 0 END)
      ON CONFLICT (recipe_id) DO UPDATE SET tsv = EXCLUDED.tsv, all_tsv = EXCLUDED.all_tsv,
        ingr_tsv = EXCLUDED.ingr_tsv, ingredients = EXCLUDED.ingredients, lines = EXCLUDED.lines,
        labels = EXCLUDED.labels, cuisines = EXCLUDED.cuisines, minutes = EXCLUDED.minutes;
      PERFORM ladle_search_learn(NEW.name || ' ' || ingr);
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER recipes_search_sync AFTER INSERT OR UPDATE OF name, document ON recipes
    FOR EACH ROW EXECUTE FUNCTION ladle_recipe_search_sync()`.execute(db);
  await sql`CREATE INDEX recipe_search_all ON recipe_search USING gin (all_tsv)`.execute(db);
  await sql`CREATE INDEX recipe_search_ingr ON recipe_search USING gin (ingr_tsv)`.execute(db);

  // An article: its head (title, excerpt, site, byline) and its body (the fragments) in its own
  // language; rebuilt when either changes.
  await sql`
    CREATE TABLE media_search (
      media_id uuid PRIMARY KEY REFERENCES media (id) ON DELETE CASCADE,
      tsv tsvector NOT NULL,
      all_tsv tsvector NOT NULL
    )`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION ladle_media_search_refresh(mid uuid) RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO media_search (media_id, tsv, all_tsv)
      SELECT x.id, x.head, x.head || x.body FROM (
        SELECT m.id,
          setweight(to_tsvector(ladle_search_config(m.lang), coalesce(m.title, '')), 'A') ||
          setweight(to_tsvector('simple', coalesce(m.title, '')), 'A') ||
          setweight(to_tsvector(ladle_search_config(m.lang), concat_ws(' ', m.excerpt, m.site_name, m.byline)), 'C') AS head,
          setweight(to_tsvector(ladle_search_config(m.lang), left(coalesce(b.body, ''), 200000)), 'D') AS body
        FROM media m
        LEFT JOIN LATERAL (SELECT string_agg(f.canonical_text, ' ' ORDER BY f.ordinal) AS body
                           FROM fragments f WHERE f.media_id = m.id) b ON true
        WHERE m.id = mid) x
      ON CONFLICT (media_id) DO UPDATE SET tsv = EXCLUDED.tsv, all_tsv = EXCLUDED.all_tsv;
      PERFORM ladle_search_learn(title) FROM media WHERE id = mid;
    END $$`.execute(db);
  // Two trigger functions: a PL/pgSQL body that names NEW.media_id does not compile for media.
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
  await sql`CREATE INDEX media_search_all ON media_search USING gin (all_tsv)`.execute(db);

  await sql`
    CREATE TABLE item_search (
      item_id text PRIMARY KEY REFERENCES items (id) ON DELETE CASCADE,
      tsv tsvector NOT NULL
    )`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION ladle_item_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO item_search (item_id, tsv) VALUES (NEW.id,
        setweight(to_tsvector('english', coalesce(NEW.title, '')), 'A') ||
        setweight(to_tsvector('simple', coalesce(NEW.title, '')), 'A') ||
        setweight(to_tsvector('simple', regexp_replace(NEW.url, '[^[:alnum:]]+', ' ', 'g')), 'B') ||
        setweight(to_tsvector('english', coalesce(NEW.excerpt, '')), 'C'))
      ON CONFLICT (item_id) DO UPDATE SET tsv = EXCLUDED.tsv;
      PERFORM ladle_search_learn(NEW.title);
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER items_search_sync AFTER INSERT OR UPDATE OF title, excerpt, url ON items
    FOR EACH ROW EXECUTE FUNCTION ladle_item_search_sync()`.execute(db);
  await sql`CREATE INDEX item_search_tsv ON item_search USING gin (tsv)`.execute(db);

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
  await sql`DROP TABLE IF EXISTS item_search, media_search, recipe_search, search_words`.execute(db);
  await sql`DROP FUNCTION IF EXISTS ladle_item_search_sync(), ladle_media_search_sync(), ladle_fragment_search_sync(),
            ladle_media_search_refresh(uuid), ladle_recipe_search_sync(), ladle_recipe_steps(jsonb),
            ladle_recipe_labels(jsonb), ladle_recipe_ingredients(jsonb), ladle_search_config(text),
            ladle_search_learn(text)`.execute(db);
}
