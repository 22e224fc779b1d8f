import { sql, type RawBuilder } from "kysely";

/** A fetch lease to end: its key and the holder that took it. */
export interface LeaseEnd {
  key: string;
  holder: string;
}

/**
 * The one DELETE that ends holders' unfinished leases, except those a caller in another process
 * said it waits for (`wanted`: their holders store the result). Returns the ended keys. Used alone
 * and as a CTE riding with other statements (`advanceMany`, the looks), so its rule lives once.
 * One statement text with or without ends (one prepared statement): an empty list deletes nothing.
 * `f.key = ANY(keys)` gives the planner the primary key (joined only to the unnested rows, whose
 * count a prepared plan does not know, it may scan the table).
 */
export function endLeasesUnlessWanted(ends: LeaseEnd[]): RawBuilder<{ key: string }> {
  const keys = ends.map((e) => e.key);
  return sql<{ key: string }>`
    DELETE FROM fetch_lease f
    USING unnest(${keys}::text[], ${ends.map((e) => e.holder)}::text[]) AS e(key, holder)
    WHERE f.key = ANY(${keys}::text[]) AND f.key = e.key AND f.holder = e.holder
      AND NOT f.done AND NOT f.wanted
    RETURNING f.key`;
}
