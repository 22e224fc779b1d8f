import { AsyncLocalStorage } from "node:async_hooks";
import { sql, type Kysely } from "kysely";
import type { Schema } from "./schema.ts";

/** A stored Idempotency-Key record. */
export interface IdempotencyRecord {
  bodySha256: string;
  /** Null while the first request runs. */
  status: number | null;
  headers: Record<string, string>;
  body: string | null;
  createdAt: Date;
}

/** A response stored for replay. */
export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The claim the current request serves, and the response its route stored (`IdempotencyRepo.serve`). */
interface Serving {
  callerId: string;
  key: string;
  stored: StoredResponse | null;
}

// Async-context rather than a field: the route stores through its own repo on a transaction, which
// the middleware's repo cannot see, and concurrent requests must not see each other's claims.
const serving = new AsyncLocalStorage<Serving>();

/** Idempotency-Key records, one per caller and key. */
export class IdempotencyRepo {
  private readonly db: Kysely<Schema>;

  constructor(db: Kysely<Schema>) {
    this.db = db;
  }

  /**
   * Claims `key` for a new request, or returns the record already there. A record older than
   * `expiredBefore` is taken over in place (the key may be used afresh after its lifetime): one
   * upsert, no separate delete, so a first request costs a single statement here.
   */
  async begin(k: {
    callerId: string;
    key: string;
    method: string;
    path: string;
    bodySha256: string;
    expiredBefore: Date;
    now: Date;
  }): Promise<{ claimed: true } | { claimed: false; record: IdempotencyRecord }> {
    const inserted = await this.db
      .insertInto("idempotency_keys")
      .values({
        caller_id: k.callerId,
        key: k.key,
        method: k.method,
        path: k.path,
        body_sha256: k.bodySha256,
        status: null,
        response_headers: null,
        response_body: null,
        created_at: k.now,
        completed_at: null,
      })
      // The conflicting row is locked and the WHERE read on its latest version, so of concurrent
      // requests with an expired key exactly one claims it; the others see that claim, in progress.
      .onConflict((oc) =>
        oc
          .columns(["caller_id", "key"])
          .doUpdateSet((eb) => ({
            method: eb.ref("excluded.method"),
            path: eb.ref("excluded.path"),
            body_sha256: eb.ref("excluded.body_sha256"),
            status: null,
            response_headers: null,
            response_body: null,
            created_at: eb.ref("excluded.created_at"),
            completed_at: null,
          }))
          .where("idempotency_keys.created_at", "<", k.expiredBefore),
      )
      .returning("key")
      .executeTakeFirst();
    if (inserted) return { claimed: true };
    const row = await this.db
      .selectFrom("idempotency_keys")
      .selectAll()
      .where("caller_id", "=", k.callerId)
      .where("key", "=", k.key)
      .executeTakeFirst();
    // Deleted between the insert and the read (abandoned, or purged by maintenance): claim again.
    if (!row) return this.begin(k);
    return {
      claimed: false,
      record: {
        bodySha256: row.body_sha256,
        status: row.status,
        headers: (row.response_headers as Record<string, string> | null) ?? {},
        body: row.response_body,
        createdAt: new Date(row.created_at),
      },
    };
  }

  /** Takes over an unfinished record whose request died (its process was killed); false if another did. */
  async takeOver(callerId: string, key: string, createdAt: Date, now: Date): Promise<boolean> {
    const r = await this.db
      .updateTable("idempotency_keys")
      .set({ created_at: now })
      .where("caller_id", "=", callerId)
      .where("key", "=", key)
      .where("status", "is", null)
      .where("created_at", "=", createdAt)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /**
   * Runs `handle`, the request served under the claimed `key`, and returns the response it stored
   * itself through `complete` (on any repo, typically its creating transaction's), or null. The
   * middleware then writes the response only when the route did not already store that very one:
   * one completion statement per request, not two.
   */
  async serve(callerId: string, key: string, handle: () => Promise<void>): Promise<StoredResponse | null> {
    const s: Serving = { callerId, key, stored: null };
    await serving.run(s, handle);
    return s.stored;
  }

  /** Stores the response to replay. */
  async complete(callerId: string, key: string, res: StoredResponse): Promise<void> {
    await this.db
      .updateTable("idempotency_keys")
      .set({
        status: res.status,
        response_headers: JSON.stringify(res.headers),
        response_body: res.body,
        completed_at: sql`now()`,
      })
      .where("caller_id", "=", callerId)
      .where("key", "=", key)
      .execute();
    this.stored(callerId, key, res);
  }

  /** Notes that the route stored `res` for the key itself (in its own statement, see `complete`). */
  stored(callerId: string, key: string, res: StoredResponse): void {
    const s = serving.getStore();
    if (s?.callerId === callerId && s.key === key) s.stored = res;
  }

  /** Forgets a claim whose request failed on our side, so that a retry runs again. */
  async abandon(callerId: string, key: string): Promise<void> {
    await this.db
      .deleteFrom("idempotency_keys")
      .where("caller_id", "=", callerId)
      .where("key", "=", key)
      .where("status", "is", null)
      .execute();
  }

  /** Drops records older than `before` (maintenance). */
  async deleteExpired(before: Date): Promise<number> {
    const r = await this.db
      .deleteFrom("idempotency_keys")
      .where("created_at", "<", before)
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }
}
