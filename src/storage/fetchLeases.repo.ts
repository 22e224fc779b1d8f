import { sql, type Kysely } from "kysely";
import type { Schema } from "./schema.ts";

/** A result kept for reuse: the JSON part and the body bytes. */
export interface StoredFetch {
  result: unknown;
  body: Buffer | null;
}

/**
 * The single-flight fetch table: a lease per fetch key, then the fetched result for a reuse window.
 * Times come from the database clock so that every process agrees on them.
 */
export class FetchLeasesRepo {
  private readonly db: Kysely<Schema>;

  constructor(db: Kysely<Schema>) {
    this.db = db;
  }

  /** The result for `key` if one was stored and its reuse window is still open. */
  async reusable(key: string): Promise<StoredFetch | null> {
    const row = await this.db
      .selectFrom("fetch_lease")
      .select(["result", "body"])
      .where("key", "=", key)
      .where("done", "=", true)
      .where("reuse_until", ">", sql<Date>`now()`)
      .executeTakeFirst();
    return row ? { result: row.result, body: row.body } : null;
  }

  /** A stored result still in its reuse window, or stored at or after `since` (a waiter's start). */
  async finishedSince(key: string, since: Date): Promise<StoredFetch | null> {
    const row = await this.db
      .selectFrom("fetch_lease")
      .select(["result", "body"])
      .where("key", "=", key)
      .where("done", "=", true)
      .where((eb) => eb.or([eb("reuse_until", ">", sql<Date>`now()`), eb("fetched_at", ">=", since)]))
      .executeTakeFirst();
    return row ? { result: row.result, body: row.body } : null;
  }

  /** The database clock. */
  async clock(): Promise<Date> {
    const r = await sql<{ now: Date }>`SELECT now() AS now`.execute(this.db);
    return new Date(r.rows[0]!.now);
  }

  /**
   * Takes the lease on `key` for `holder` when nobody holds it: no row, a finished row whose reuse
   * window closed, or a lease that ran out (its holder died). True when taken.
   */
  async acquire(key: string, url: string, holder: string, leaseSeconds: number): Promise<boolean> {
    const until = sql<Date>`now() + make_interval(secs => ${leaseSeconds})`;
    const row = await this.db
      .insertInto("fetch_lease")
      .values({ key, url, holder, lease_until: until, done: false })
      .onConflict((oc) =>
        oc
          .column("key")
          .doUpdateSet({
            url,
            holder,
            lease_until: until,
            done: false,
            result: null,
            body: null,
            fetched_at: null,
            reuse_until: null,
          })
          .where((eb) =>
            eb.or([
              eb.and([
                eb("fetch_lease.done", "=", true),
                eb("fetch_lease.reuse_until", "<=", sql<Date>`now()`),
              ]),
              eb.and([
                eb("fetch_lease.done", "=", false),
                eb("fetch_lease.lease_until", "<", sql<Date>`now()`),
              ]),
            ]),
          ),
      )
      .returning("holder")
      .executeTakeFirst();
    return row?.holder === holder;
  }

  /** Stores the holder's result and releases the lease; the result is reusable for `reuseSeconds`. */
  async complete(key: string, holder: string, stored: StoredFetch, reuseSeconds: number): Promise<void> {
    await this.db
      .updateTable("fetch_lease")
      .set({
        done: true,
        result: JSON.stringify(stored.result),
        body: stored.body,
        fetched_at: sql<Date>`now()`,
        reuse_until: sql<Date>`now() + make_interval(secs => ${reuseSeconds})`,
      })
      .where("key", "=", key)
      .where("holder", "=", holder)
      .execute();
  }

  /** Extends the holder's unfinished lease. */
  async renew(key: string, holder: string, leaseSeconds: number): Promise<void> {
    await this.db
      .updateTable("fetch_lease")
      .set({ lease_until: sql<Date>`now() + make_interval(secs => ${leaseSeconds})` })
      .where("key", "=", key)
      .where("holder", "=", holder)
      .where("done", "=", false)
      .execute();
  }

  /** Drops the holder's lease without a result (its fetch threw), so a waiter can take over at once. */
  async release(key: string, holder: string): Promise<void> {
    await this.db
      .deleteFrom("fetch_lease")
      .where("key", "=", key)
      .where("holder", "=", holder)
      .where("done", "=", false)
      .execute();
  }

  /** Deletes results whose reuse window closed and leases that ran out; returns how many. */
  async deleteExpired(): Promise<number> {
    const r = await this.db
      .deleteFrom("fetch_lease")
      .where((eb) =>
        eb.or([
          eb.and([eb("done", "=", true), eb("reuse_until", "<=", sql<Date>`now()`)]),
          eb.and([eb("done", "=", false), eb("lease_until", "<", sql<Date>`now() - interval '1 hour'`)]),
        ]),
      )
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }
}
