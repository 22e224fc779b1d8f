import { sql, type Kysely } from "kysely";

/**
 * A fetch that only its own caller needs keeps no body: storing the page (zstd, then some 70 KB
 * to the server) was about 2.5 ms of CPU per import for a reuse that a recipe task almost never
 * gets. `wanted` is set by a caller in another process that waits on the lease; the holder then
 * stores the body for it as before (FetchLeasesRepo.completeUnlessWanted).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE fetch_lease ADD COLUMN wanted boolean NOT NULL DEFAULT false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE fetch_lease DROP COLUMN wanted`.execute(db);
}
