import { sql, type Kysely } from "kysely";

/**
 * A submit claims its Idempotency-Key in the task's own statement; a key held or answered must undo
 * that statement (pg-boss's job insert is one of its parts and cannot be made conditional), so it
 * raises. It raised as `1 / count(*)`, which PostgreSQL logged as "ERROR: division by zero" on
 * every replay, a bug's look for an ordinary answer: this function raises with its own SQLSTATE
 * (LK409, class LK is Ladle's) and a message that says what happened. `claimed` is how many rows
 * the key's claim returned; it is returned as it is when one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION ladle_key_taken(claimed bigint) RETURNS bigint
    LANGUAGE plpgsql VOLATILE AS $$
    BEGIN
      IF claimed = 0 THEN
        RAISE EXCEPTION 'idempotency key held or answered: the submit wrote nothing' USING ERRCODE = 'LK409';
      END IF;
      RETURN claimed;
    END $$;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION IF EXISTS ladle_key_taken(bigint)`.execute(db);
}
