import { sql, type Kysely } from "kysely";

/**
 * Half-open circuit breakers: an opened circuit pauses a domain for `pause_ms`, then one
 * request probes it; `probe_until` is that probe's lease (one probe across every process; a probe
 * whose process died lets another go once it lapses), `pause_ms` doubles with each failed probe.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE circuit_breakers ADD COLUMN pause_ms integer, ADD COLUMN probe_until timestamptz`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE circuit_breakers DROP COLUMN pause_ms, DROP COLUMN probe_until`.execute(db);
}
