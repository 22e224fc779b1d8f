import { sql, type Kysely } from "kysely";

/**
 * The single-flight fetch table is a cache: leases live seconds and results the reuse window
 * (30 s). Unlogged, its rows skip the write-ahead log, which every import paid for with its whole
 * compressed page body (about 66 KB of WAL per import in the queue bench, the largest share of
 * all). After a server crash (or on a standby) the table starts empty: a fetch in flight then is
 * made again, nothing else is lost.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE fetch_lease SET UNLOGGED`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE fetch_lease SET LOGGED`.execute(db);
}
