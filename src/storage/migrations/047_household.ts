import { sql, type Kysely } from "kysely";

/**
 * One household: a person may sign in through an OpenID provider (found by issuer + subject; the
 * provider's e-mail kept for the optional linking by verified e-mail); a person may be disabled (their records stay, their sign-ins and tokens end); a
 * sign-in remembers the device and address it came from (the Sessions list); one-time links
 * (first-run setup code, invitations, password resets) are kept only as their SHA-256.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN disabled_at timestamptz, ADD COLUMN oidc_issuer text,
            ADD COLUMN oidc_subject text, ADD COLUMN email text`.execute(db);
  await sql`CREATE UNIQUE INDEX users_oidc_idx ON users (oidc_issuer, oidc_subject)`.execute(db);
  await sql`ALTER TABLE api_tokens ADD COLUMN device text, ADD COLUMN address text`.execute(db);
  await sql`
    CREATE TABLE one_time_links (
      id uuid PRIMARY KEY,
      kind text NOT NULL,
      token_hash text NOT NULL UNIQUE,
      user_id uuid REFERENCES users (id) ON DELETE CASCADE,
      role text,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE one_time_links`.execute(db);
  await sql`ALTER TABLE api_tokens DROP COLUMN device, DROP COLUMN address`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN disabled_at, DROP COLUMN oidc_issuer, DROP COLUMN oidc_subject,
            DROP COLUMN email`.execute(db);
}
