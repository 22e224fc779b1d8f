import { CompiledQuery, sql, type Kysely } from "kysely";
import type { SqlExecutor } from "../queue/queue.ts";
import type { Schema } from "./schema.ts";

/** Raw SQL on a Kysely transaction, for pg-boss's `db` option (send inside the caller's transaction). */
export function kyselyExecutor(trx: Kysely<Schema>): SqlExecutor {
  return {
    executeSql: async (text, values = []) => {
      const r = await trx.executeQuery(CompiledQuery.raw(text, values as unknown[]));
      return { rows: r.rows as unknown[] };
    },
  };
}

/** One round trip to the database (the readiness check): throws when it does not answer. */
export async function pingDatabase(db: Kysely<Schema>): Promise<void> {
  await sql`SELECT 1`.execute(db);
}

/**
 * Fresh planner statistics of the search tables. The embedded PGlite runs no autovacuum, so
 * without this its planner would keep guessing at them and scan every row of a search.
 */
export async function analyzeSearchTables(db: Kysely<Schema>): Promise<void> {
  await sql`ANALYZE recipe_search, media_search, item_search, search_words, recipes, media, items, library_media`.execute(
    db,
  );
}
