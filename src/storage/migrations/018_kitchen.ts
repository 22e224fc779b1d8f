import { sql, type Kysely } from "kysely";

/**
 * In the kitchen: meals planned on days, shopping lists and their lines, pantry items,
 * and public read-only links to one recipe. Each row has its owner and the library it is shared
 * in; reads filter by the caller's library membership. Share links keep only the SHA-256 of their
 * token, like API tokens.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE meal_plan_entries (
      id uuid PRIMARY KEY,
      owner_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      library_id uuid NOT NULL REFERENCES libraries (id) ON DELETE CASCADE,
      day date NOT NULL,
      meal text,
      recipe_id text NOT NULL REFERENCES recipes (id) ON DELETE CASCADE,
      servings integer,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX meal_plan_entries_library_day_idx ON meal_plan_entries (library_id, day);
    CREATE TABLE shopping_lists (
      id uuid PRIMARY KEY,
      owner_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      library_id uuid NOT NULL REFERENCES libraries (id) ON DELETE CASCADE,
      name text NOT NULL,
      units text NOT NULL,
      sources jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX shopping_lists_library_idx ON shopping_lists (library_id, created_at DESC);
    CREATE TABLE shopping_items (
      id uuid PRIMARY KEY,
      list_id uuid NOT NULL REFERENCES shopping_lists (id) ON DELETE CASCADE,
      owner_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      library_id uuid NOT NULL REFERENCES libraries (id) ON DELETE CASCADE,
      position integer NOT NULL,
      aisle text NOT NULL,
      name text NOT NULL,
      text text NOT NULL,
      detail jsonb NOT NULL,
      pantry boolean NOT NULL DEFAULT false,
      checked boolean NOT NULL DEFAULT false,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX shopping_items_list_idx ON shopping_items (list_id, position);
    CREATE TABLE pantry_items (
      id uuid PRIMARY KEY,
      owner_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      library_id uuid NOT NULL REFERENCES libraries (id) ON DELETE CASCADE,
      name text NOT NULL,
      key text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (library_id, key)
    );
    CREATE TABLE recipe_shares (
      id uuid PRIMARY KEY,
      token_hash text NOT NULL UNIQUE,
      recipe_id text NOT NULL REFERENCES recipes (id) ON DELETE CASCADE,
      owner_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      library_id uuid NOT NULL REFERENCES libraries (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      revoked_at timestamptz
    );
    CREATE INDEX recipe_shares_recipe_idx ON recipe_shares (recipe_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE recipe_shares; DROP TABLE pantry_items; DROP TABLE shopping_items;
    DROP TABLE shopping_lists; DROP TABLE meal_plan_entries`.execute(db);
}
