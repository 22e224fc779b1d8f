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

/** Idempotency-Key records, one per caller and key. */
export class IdempotencyRepo {
  private readonly db: Kysely<Schema>;

  constructor(db: Kysely<Schema>) {
    this.db = db;
  }

  /**
   * Claims `key` for a new request, or returns the record already there. A record older than
   * `expiredBefore` is dropped first (the key may be used afresh after its lifetime).
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
    await this.db
      .deleteFrom("idempotency_keys")
      .where("caller_id", "=", k.callerId)
      .where("key", "=", k.key)
      .where("created_at", "<", k.expiredBefore)
      .execute();
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
      .onConflict((oc) => oc.columns(["caller_id", "key"]).doNothing())
      .returning("key")
      .executeTakeFirst();
    if (inserted) return { claimed: true };
    const row = await this.db
      .selectFrom("idempotency_keys")
      .selectAll()
      .where("caller_id", "=", k.callerId)
      .where("key", "=", k.key)
      .executeTakeFirst();
    // Deleted between the insert and the read (expired by another request): claim again.
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

  /** Stores the response to replay. */
  async complete(
    callerId: string,
    key: string,
    res: { status: number; headers: Record<string, string>; body: string },
  ): Promise<void> {
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
