import { AsyncLocalStorage } from "node:async_hooks";
import { CompiledQuery, sql, type Kysely, type RawBuilder } from "kysely";
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

/**
 * A key claimed by the statement that creates what the request creates (`KeyClaim`) was not free:
 * another request holds it or has answered under it. Nothing was written; the caller answers
 * from the record (`IdempotencyRepo.find`).
 */
export class IdempotencyKeyTaken extends Error {
  /** `cause`: the database's error, when the statement undone by the key raised it. */
  constructor(cause?: unknown) {
    super("the Idempotency-Key is taken", cause === undefined ? undefined : { cause });
  }
}

/** What claiming a key writes besides the caller and the key (the request it stands for). */
export interface KeyClaim {
  method: string;
  path: string;
  bodySha256: string;
  now: Date;
  /** A record created before this is expired: the key is used afresh. */
  expiredBefore: Date;
  /** An unfinished record created before this belongs to a request that died: taken over. */
  abandonedBefore: Date;
}

/** A request's answer with the key it is stored under. */
export interface KeyAnswer {
  callerId: string;
  key: string;
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Claims a key and stores its answer at once (the request's creating statement ran): a new record,
 * or one expired or abandoned taken over in place (as `begin` and `takeOver`). Returns the key, or
 * no row when the key is held or answered.
 */
export function claimAnswered(a: KeyAnswer, claim: KeyClaim): RawBuilder<{ key: string }> {
  return sql<{ key: string }>`
    INSERT INTO idempotency_keys (caller_id, key, method, path, body_sha256, status, response_headers,
                                  response_body, created_at, completed_at)
    VALUES (${a.callerId}, ${a.key}, ${claim.method}, ${claim.path}, ${claim.bodySha256},
            ${a.status}, ${JSON.stringify(a.headers)}, ${a.body}, ${claim.now}, now())
    ON CONFLICT (caller_id, key) DO UPDATE SET method = excluded.method, path = excluded.path,
      body_sha256 = excluded.body_sha256, status = excluded.status, response_headers = excluded.response_headers,
      response_body = excluded.response_body, created_at = excluded.created_at, completed_at = excluded.completed_at
    WHERE idempotency_keys.created_at < ${claim.expiredBefore}
      OR (idempotency_keys.status IS NULL AND idempotency_keys.created_at < ${claim.abandonedBefore})
    RETURNING key`;
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

/**
 * Claims a key: a new record, or one older than the key's lifetime ($7) taken over in place. The
 * conflicting row is locked and the WHERE read on its latest version, so of concurrent requests
 * with an expired key exactly one claims it; the others see that claim, in progress.
 */
const CLAIM = `INSERT INTO idempotency_keys
    (caller_id, key, method, path, body_sha256, status, response_headers, response_body, created_at, completed_at)
  VALUES ($1, $2, $3, $4, $5, NULL, NULL, NULL, $6, NULL)
  ON CONFLICT (caller_id, key) DO UPDATE SET method = excluded.method, path = excluded.path,
    body_sha256 = excluded.body_sha256, status = NULL, response_headers = NULL, response_body = NULL,
    created_at = excluded.created_at, completed_at = NULL
  WHERE idempotency_keys.created_at < $7
  RETURNING key`;

function toRecord(row: {
  body_sha256: string;
  status: number | null;
  response_headers: unknown;
  response_body: string | null;
  created_at: Date | string;
}): IdempotencyRecord {
  return {
    bodySha256: row.body_sha256,
    status: row.status,
    headers: (row.response_headers as Record<string, string> | null) ?? {},
    body: row.response_body,
    createdAt: new Date(row.created_at),
  };
}

/** Idempotency-Key records, one per caller and key. */
export class IdempotencyRepo {
  private readonly db: Kysely<Schema>;

  constructor(db: Kysely<Schema>) {
    this.db = db;
  }

  /** The same repository over `db` (a transaction the caller holds). */
  withDb(db: Kysely<Schema>): IdempotencyRepo {
    return new IdempotencyRepo(db);
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
    // Compiled once (the builder's compile was a tenth of the idempotency check's CPU per create).
    const inserted = await this.db.executeQuery(
      CompiledQuery.raw(CLAIM, [k.callerId, k.key, k.method, k.path, k.bodySha256, k.now, k.expiredBefore]),
    );
    if (inserted.rows.length) return { claimed: true };
    const row = await this.db
      .selectFrom("idempotency_keys")
      .selectAll()
      .where("caller_id", "=", k.callerId)
      .where("key", "=", k.key)
      .executeTakeFirst();
    // Deleted between the insert and the read (abandoned, or purged by maintenance): claim again.
    if (!row) return this.begin(k);
    return { claimed: false, record: toRecord(row) };
  }

  /** `claimAnswered` as a statement of its own; false when the key is held or answered. */
  async claimAnswered(a: KeyAnswer, claim: KeyClaim): Promise<boolean> {
    return (await claimAnswered(a, claim).execute(this.db)).rows.length > 0;
  }

  /** The record of `key`, if any (a key its request's own statement could not claim). */
  async find(callerId: string, key: string): Promise<IdempotencyRecord | undefined> {
    const row = await this.db
      .selectFrom("idempotency_keys")
      .selectAll()
      .where("caller_id", "=", callerId)
      .where("key", "=", key)
      .executeTakeFirst();
    return row ? toRecord(row) : undefined;
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
