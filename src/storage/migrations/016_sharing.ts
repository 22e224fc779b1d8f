import { sql, type Kysely } from "kysely";

/**
 * Safe to share: recipes live in libraries as articles do (`library_recipes`), and a
 * library gains the `editor` role (members read, editors and admins change).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE library_members DROP CONSTRAINT IF EXISTS library_members_role_check`.execute(db);
  await sql`ALTER TABLE library_members ADD CONSTRAINT library_members_role_check
    CHECK (role IN ('admin', 'editor', 'member'))`.execute(db);
  await sql`
    CREATE TABLE library_recipes (
      library_id uuid NOT NULL REFERENCES libraries (id) ON DELETE CASCADE,
      recipe_id text NOT NULL REFERENCES recipes (id) ON DELETE CASCADE,
      added_by text,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (library_id, recipe_id)
    )`.execute(db);
  await sql`CREATE INDEX library_recipes_recipe_idx ON library_recipes (recipe_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE library_recipes`.execute(db);
  await sql`ALTER TABLE library_members DROP CONSTRAINT IF EXISTS library_members_role_check`.execute(db);
  await sql`ALTER TABLE library_members ADD CONSTRAINT library_members_role_check
    CHECK (role IN ('admin', 'member'))`.execute(db);
}
