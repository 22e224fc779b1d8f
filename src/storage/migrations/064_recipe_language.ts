import { sql, type Kysely } from "kysely";
import { recipeLanguage } from "../../domain/recipeLanguage.ts";

/**
 * Recipes searched in their own language: each recipe keeps the language it is written in
 * (`recipes.lang`, a two-letter tag, null when unknown), and its search vectors are stemmed in
 * that language (ladle_search_config, as articles already are) beside the unstemmed words. The
 * rows stored before are read once here and their language guessed from their words.
 */
/**
 * The 026 trigger function with `config` (an SQL expression of NEW) as the stemming language in
 * place of 'english'.
 */
function syncFunction(config: string) {
  return sql`
      CREATE OR REPLACE FUNCTION ladle_recipe_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        cfg regconfig := ${sql.raw(config)};
        ingr text := ladle_recipe_ingredients(NEW.document);
        labels text := ladle_recipe_labels(NEW.document);
        items jsonb := CASE WHEN jsonb_typeof(NEW.document->'ingredients') = 'array' THEN NEW.document->'ingredients' ELSE '[]'::jsonb END;
        head tsvector := setweight(to_tsvector(cfg, NEW.name), 'A') || setweight(to_tsvector('simple', NEW.name), 'A') ||
          setweight(to_tsvector(cfg, ingr), 'B') || setweight(to_tsvector('simple', ingr), 'B') ||
          setweight(to_tsvector(cfg, labels), 'B') || setweight(to_tsvector('simple', labels), 'B') ||
          setweight(to_tsvector(cfg, coalesce(NEW.document->>'description', '')), 'C');
      BEGIN
        INSERT INTO recipe_search (recipe_id, tsv, all_tsv, ingr_tsv, ingredients, lines, labels, cuisines, minutes)
        VALUES (NEW.id, head, head || setweight(to_tsvector(cfg, ladle_recipe_steps(NEW.document)), 'D'),
          to_tsvector(cfg, ingr) || to_tsvector('simple', ingr),
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
      END $$`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE recipes ADD COLUMN lang text`.execute(db);

  // The 026 trigger with the recipe's language in place of 'english'; it also runs when only the
  // language changes.
  await syncFunction("ladle_search_config(NEW.lang)").execute(db);
  await sql`DROP TRIGGER IF EXISTS recipes_search_sync ON recipes`.execute(db);
  await sql`
    CREATE TRIGGER recipes_search_sync AFTER INSERT OR UPDATE OF name, document, lang ON recipes
    FOR EACH ROW EXECUTE FUNCTION ladle_recipe_search_sync()`.execute(db);

  // Backfill in pages by id: each row's language from its words, and its vectors rebuilt by the
  // trigger. Rows whose words say nothing clear stay null (stemmed in English, as before).
  let after = "";
  for (;;) {
    const page = await sql<{ id: string; document: unknown }>`
      SELECT id, document FROM recipes WHERE id > ${after} ORDER BY id LIMIT 500`.execute(db);
    if (page.rows.length === 0) break;
    for (const r of page.rows) {
      const doc = typeof r.document === "string" ? (JSON.parse(r.document) as unknown) : r.document;
      const lang = recipeLanguage(doc);
      if (lang) await sql`UPDATE recipes SET lang = ${lang} WHERE id = ${r.id}`.execute(db);
    }
    after = page.rows.at(-1)!.id;
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS recipes_search_sync ON recipes`.execute(db);
  await syncFunction("'english'::regconfig").execute(db);
  await sql`
    CREATE TRIGGER recipes_search_sync AFTER INSERT OR UPDATE OF name, document ON recipes
    FOR EACH ROW EXECUTE FUNCTION ladle_recipe_search_sync()`.execute(db);
  await sql`ALTER TABLE recipes DROP COLUMN IF EXISTS lang`.execute(db);
}
