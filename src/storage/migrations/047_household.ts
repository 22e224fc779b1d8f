import { sql, type Kysely } from "kysely";

/**
 * One household: a person may be disabled (their records stay, their sign-ins and tokens end); a
 * sign-in remembers the device and address it came from (the Sessions list); one-time links
 * (first-run setup code, invitations, password resets) are kept only as their SHA-256.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN disabled_at timestamptz`.execute(db);
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
  await sql`ALTER TABLE users DROP COLUMN disabled_at`.execute(db);
}
