import { sql, type Kysely } from "kysely";

/**
 * Recipe versions, shared by every writer of recipes (review commits, import jobs, edits,
 * normalization patches, restores): version 1 is written with the recipe; each later change
 * appends a row and bumps `recipes.version`. Recipes also get an owner and a soft-delete mark.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE recipes ADD COLUMN version integer NOT NULL DEFAULT 1;
    ALTER TABLE recipes ADD COLUMN owner_id text;
    ALTER TABLE recipes ADD COLUMN deleted_at timestamptz;
    CREATE INDEX recipes_owner_idx ON recipes (owner_id, created_at DESC);

    CREATE TABLE recipe_versions (
      recipe_id text NOT NULL REFERENCES recipes (id) ON DELETE CASCADE,
      version integer NOT NULL,
      document jsonb NOT NULL,
      kind text NOT NULL,
      created_by text,
      provenance jsonb,
      validation jsonb,
      guardrail jsonb,
      applied_ops jsonb,
      note text,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (recipe_id, version)
    );
    INSERT INTO recipe_versions (recipe_id, version, document, kind, created_at)
      SELECT id, 1, document, 'commit', created_at FROM recipes;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE recipe_versions;
    ALTER TABLE recipes DROP COLUMN version, DROP COLUMN owner_id, DROP COLUMN deleted_at;
  `.execute(db);
}
