import { promisify } from "node:util";
import { constants, zstdCompress, zstdDecompress } from "node:zlib";
import { sql, type Kysely } from "kysely";
import type { FetchAttempt, FetchLeaseStore, StoredFetch } from "../fetcher/sharedFetch.ts";
import type { Schema } from "./schema.ts";
import { endLeasesUnlessWanted } from "./endLeasesUnlessWanted.ts";

const compress = promisify(zstdCompress);
const decompress = promisify(zstdDecompress);

/** The zstd frame magic number (28 B5 2F FD) that every stored body starts with since 014. */
const ZSTD_MAGIC = Buffer.from([0x28, 0xb5, 0x2f, 0xfd]);

/**
 * A body as stored: zstd level 1. Pages are HTML (about 5:1 at ~0.75 ms per 340 KB), and the
 * work runs on libuv's threadpool rather than in PostgreSQL (whose pglz on the column was the
 * largest statement cost of an import) or on the event loop. 014 stops PostgreSQL compressing
 * the column again.
 */
async function packBody(body: Buffer | null): Promise<Buffer | null> {
  if (!body) return null;
  // One chunk for the whole body: the default 16 KB chunks cost a callback each on the event loop.
  return compress(body, {
    chunkSize: Math.max(64 * 1024, body.length),
    params: { [constants.ZSTD_c_compressionLevel]: 1 },
  });
}

/**
 * A stored body back as the fetched bytes. Rows written before 014 (or by a process not yet
 * upgraded, during a rolling deploy) hold the raw body; they are recognised by the missing zstd
 * magic. A raw body that happens to start with the magic (a fetched .zst file) fails to decode
 * and is returned as it is.
 */
async function unpackBody(stored: Uint8Array | null): Promise<Buffer | null> {
  if (!stored) return null;
  const raw = Buffer.isBuffer(stored)
    ? stored
    : Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength);
  if (raw.length < ZSTD_MAGIC.length || !raw.subarray(0, ZSTD_MAGIC.length).equals(ZSTD_MAGIC)) return raw;
  try {
    return await decompress(raw);
  } catch {
    return raw;
  }
}

/**
 * The single-flight fetch table: a lease per fetch key, then the fetched result for a reuse window.
 * Times come from the database clock so that every process agrees on them. Bodies are stored
 * zstd-compressed (see `packBody`); callers only ever see the fetched bytes.
 */
export class FetchLeasesRepo implements FetchLeaseStore {
  private readonly db: Kysely<Schema>;

  constructor(db: Kysely<Schema>) {
    this.db = db;
  }

  /**
   * One look at `key` in one statement: the stored result if its reuse window is open (or, given
   * `since`, if it was stored at or after `since`, whatever its window); otherwise an attempt to
   * take the lease for `holder`, which succeeds when nobody holds it: no row, a finished row whose
   * reuse window closed, or a lease that ran out (its holder died). Also returns the database clock
   * as of the statement, read before the lease try, so that a result stored right after a lost race
   * has `fetched_at` at or after it.
   */
  async attempt(
    key: string,
    url: string,
    holder: string,
    leaseSeconds: number,
    since: Date | null,
  ): Promise<FetchAttempt> {
    return (await this.attemptMany([{ key, url, holder, since }], leaseSeconds))[0]!;
  }

  /**
   * `attempt` for several distinct keys in one statement (the looks of the tasks one queue fetch
   * started together): each key's look means the same as its own `attempt`, in the order given.
   * Inserts run in key order, so two processes' overlapping batches take their row locks in one order.
   */
  async attemptMany(
    looks: { key: string; url: string; holder: string; since: Date | null }[],
    leaseSeconds: number,
  ): Promise<FetchAttempt[]> {
    return (await this.lookAndEnd(looks, leaseSeconds, [])).attempts;
  }

  /**
   * `attemptMany`, and `completeUnlessWanted` of `ends` in the same statement (the ends of unkept
   * pages ride with the next looks instead of a round trip of their own). `ends` must not share a
   * key with `looks` (one statement may touch a row once). Returns the looks' answers and the keys
   * whose lease ended.
   */
  async lookAndEnd(
    looks: { key: string; url: string; holder: string; since: Date | null }[],
    leaseSeconds: number,
    ends: { key: string; holder: string }[],
  ): Promise<{ attempts: FetchAttempt[]; ended: Set<string> }> {
    // The ended keys come back on the first look's row: without a look, the ends go alone.
    if (!looks.length) return { attempts: [], ended: await this.completeUnlessWanted(ends) };
    // All parts share one snapshot and one now(). A key's insert only runs when nothing is kept, so
    // a waiter never wipes the result it came for; and a finished row stored at or after `since`
    // (committed after the snapshot, while the insert waited on its row lock) is left for the next
    // look instead of being taken over. `fetched_at >= NULL` is NULL, so without `since` only the
    // reuse window counts, as for a first look.
    const keys = looks.map((l) => l.key);
    // A look's `since` reaches the conflict's WHERE through `v` (excluded has only the table's
    // columns). `f.key = ANY(keys)` gives the planner the primary key (see completeUnlessWanted).
    const r = await sql<{
      ord: string;
      now: Date | string;
      taken: string | null;
      done: boolean | null;
      result: unknown;
      body: Uint8Array | null;
      ended: string[] | null;
    }>`
      WITH ended AS (${endLeasesUnlessWanted(ends)}),
      v AS (
        SELECT * FROM unnest(${keys}::text[], ${looks.map((l) => l.url)}::text[],
                             ${looks.map((l) => l.holder)}::text[], ${looks.map((l) => l.since)}::timestamptz[])
          WITH ORDINALITY AS v(key, url, holder, since, ord)
      ),
      kept AS (
        SELECT f.key, f.done, f.result, f.body FROM fetch_lease f JOIN v ON f.key = v.key
        WHERE f.key = ANY(${keys}::text[]) AND f.done AND (f.reuse_until > now() OR f.fetched_at >= v.since)
      ),
      taken AS (
        INSERT INTO fetch_lease (key, url, holder, lease_until, done)
        SELECT v.key, v.url, v.holder, now() + make_interval(secs => ${leaseSeconds}), false
        FROM v WHERE NOT EXISTS (SELECT FROM kept WHERE kept.key = v.key)
        ORDER BY v.key
        ON CONFLICT (key) DO UPDATE SET
          url = excluded.url,
          holder = excluded.holder,
          lease_until = excluded.lease_until,
          done = false,
          result = NULL,
          body = NULL,
          fetched_at = NULL,
          reuse_until = NULL,
          wanted = false
        WHERE (
            fetch_lease.done
            AND fetch_lease.reuse_until <= now()
            AND coalesce(fetch_lease.fetched_at < (SELECT v.since FROM v WHERE v.key = excluded.key), true)
          )
          OR (NOT fetch_lease.done AND fetch_lease.lease_until < now())
        RETURNING key, holder
      )
      SELECT v.ord, now() AS now, taken.holder AS taken, kept.done, kept.result, kept.body,
             CASE WHEN v.ord = 1 THEN (SELECT array_agg(key) FROM ended) END AS ended
      FROM v LEFT JOIN kept ON kept.key = v.key LEFT JOIN taken ON taken.key = v.key
      ORDER BY v.ord
    `.execute(this.db);
    const attempts = await Promise.all(
      r.rows.map(async (row, i) => ({
        kept: row.done ? { result: row.result, body: await unpackBody(row.body) } : null,
        acquired: row.taken === looks[i]!.holder,
        now: new Date(row.now),
      })),
    );
    return { attempts, ended: new Set(r.rows[0]?.ended ?? []) };
  }

  /** Stores the holder's result and releases the lease; the result is reusable for `reuseSeconds`. */
  async complete(key: string, holder: string, stored: StoredFetch, reuseSeconds: number): Promise<void> {
    const body = await packBody(stored.body);
    await this.db
      .updateTable("fetch_lease")
      .set({
        done: true,
        result: JSON.stringify(stored.result),
        body,
        fetched_at: sql<Date>`now()`,
        reuse_until: sql<Date>`now() + make_interval(secs => ${reuseSeconds})`,
      })
      .where("key", "=", key)
      .where("holder", "=", holder)
      .execute();
  }

  /**
   * Ends holders' leases without storing anything, in one statement, except those a caller in
   * another process said it waits for (`want`): they stay, and their holders store the result
   * with `complete`. Returns the keys whose lease ended (a later caller fetches again).
   */
  async completeUnlessWanted(leases: { key: string; holder: string }[]): Promise<Set<string>> {
    if (!leases.length) return new Set();
    const r = await endLeasesUnlessWanted(leases).execute(this.db);
    return new Set(r.rows.map((x) => x.key));
  }

  /** Marks an unfinished lease as awaited by a caller in another process (see `completeUnlessWanted`). */
  async want(key: string): Promise<void> {
    await this.db
      .updateTable("fetch_lease")
      .set({ wanted: true })
      .where("key", "=", key)
      .where("done", "=", false)
      .where("wanted", "=", false)
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
