import { sql, type Kysely } from "kysely";

/**
 * Sign-in with a password: a user may have a password (scrypt, salted: never the
 * password itself), and a sign-in is a token of kind `session` that expires, sent by the browser
 * as an HttpOnly cookie. API tokens stay `api` and never expire on their own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN password_hash text`.execute(db);
  await sql`ALTER TABLE api_tokens ADD COLUMN kind text NOT NULL DEFAULT 'api',
            ADD COLUMN expires_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE api_tokens DROP COLUMN kind, DROP COLUMN expires_at`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN password_hash`.execute(db);
}
