import { sql, type Kysely } from "kysely";

/**
 * Users, their hashed API tokens, libraries and library members ( * spec README "Who may do what"). Every user owns one default personal library
 * (`libraries.is_default`, at most one per owner). Tokens are stored as SHA-256 hex only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE users (
      id uuid PRIMARY KEY,
      name text NOT NULL UNIQUE,
      role text NOT NULL CHECK (role IN ('admin', 'user')),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE api_tokens (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      name text NOT NULL,
      token_hash text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz
    );
    CREATE INDEX api_tokens_user_idx ON api_tokens (user_id);
    CREATE TABLE libraries (
      id uuid PRIMARY KEY,
      name text NOT NULL,
      owner_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      is_default boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX libraries_one_default_idx ON libraries (owner_id) WHERE is_default;
    CREATE TABLE library_members (
      library_id uuid NOT NULL REFERENCES libraries (id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      role text NOT NULL CHECK (role IN ('admin', 'member')),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (library_id, user_id)
    );
    CREATE INDEX library_members_user_idx ON library_members (user_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE library_members; DROP TABLE libraries; DROP TABLE api_tokens; DROP TABLE users`.execute(
    db,
  );
}
