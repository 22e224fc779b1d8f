import { sql, type Generated, type Kysely, type Selectable } from "kysely";
import { seesEveryone, type Viewer } from "../domain/user.ts";
import type { Schema } from "./schema.ts";

/** A bulk job: one migration file or one list of URLs (migration 024). */
export interface CollectionJobsTable {
  id: string;
  owner_id: string;
  name: string;
  format: string;
  /** "commit_clean" or "review_all", chosen up front. */
  policy: string;
  /** queued | running | completed | cancelled | failed */
  status: string;
  total: Generated<number>;
  done: Generated<number>;
  error: string | null;
  created_at: Date;
  updated_at: Date;
}

/** One entry of a bulk job and its result. */
export interface CollectionItemsTable {
  job_id: string;
  seq: number;
  label: string;
  /** recipe | bookmark | url | failed */
  kind: string;
  /** The draft (recipe), bookmark or URL to import; null once nothing more is needed of it. */
  payload: unknown;
  /** pending | imported | duplicate | needs_review | failed | cancelled */
  status: string;
  reason: string | null;
  /** The recipe or bookmark the entry made. */
  result_id: string | null;
  /** The existing recipe or bookmark a duplicate matched. */
  duplicate_of: string | null;
  updated_at: Date;
}

interface Tables {
  collection_jobs: CollectionJobsTable;
  collection_items: CollectionItemsTable;
}
export type CollectionJobRow = Selectable<CollectionJobsTable>;
export type CollectionItemRow = Selectable<CollectionItemsTable>;
export type CollectionDb = Kysely<Schema & Tables>;

export interface NewCollectionItem {
  label: string;
  kind: string;
  payload: unknown;
  status: string;
  reason: string | null;
}

export interface ItemResult {
  status: string;
  reason?: string | null;
  resultId?: string | null;
  duplicateOf?: string | null;
  /** Keep the payload (a draft held for review) or drop it. */
  keepPayload?: boolean;
}

/** Every SQL of collection jobs; reads and writes for a person take their `Viewer`. */
export class CollectionsRepo {
  readonly db: CollectionDb;

  constructor(db: Kysely<Schema>) {
    this.db = db as unknown as CollectionDb;
  }

  withDb(db: Kysely<Schema>): CollectionsRepo {
    return new CollectionsRepo(db);
  }

  /** The job and its items in one transaction (a job is never seen without its items). */
  async create(
    job: { id: string; ownerId: string; name: string; format: string; policy: string; at: Date },
    items: NewCollectionItem[],
  ): Promise<CollectionJobRow> {
    return this.db.transaction().execute(async (trx) => {
      const done = items.filter((i) => i.status !== "pending").length;
      const row = await trx
        .insertInto("collection_jobs")
        .values({
          id: job.id,
          owner_id: job.ownerId,
          name: job.name,
          format: job.format,
          policy: job.policy,
          status: done === items.length ? "completed" : "queued",
          total: items.length,
          done,
          error: null,
          created_at: job.at,
          updated_at: job.at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      for (let i = 0; i < items.length; i += 500) {
        await trx
          .insertInto("collection_items")
          .values(
            items.slice(i, i + 500).map((it, n) => ({
              job_id: job.id,
              seq: i + n,
              label: it.label.slice(0, 500),
              kind: it.kind,
              payload: it.payload === null ? null : JSON.stringify(it.payload),
              status: it.status,
              reason: it.reason,
              result_id: null,
              duplicate_of: null,
              updated_at: job.at,
            })),
          )
          .execute();
      }
      return row;
    });
  }

  /** The job when `viewer` owns it (an admin seeing everyone sees all); undefined otherwise. */
  async get(id: string, viewer: Viewer): Promise<CollectionJobRow | undefined> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
    let q = this.db.selectFrom("collection_jobs").selectAll().where("id", "=", id);
    if (!seesEveryone(viewer)) q = q.where("owner_id", "=", viewer.id);
    return q.executeTakeFirst();
  }

  async list(viewer: Viewer, limit = 50): Promise<CollectionJobRow[]> {
    return this.db
      .selectFrom("collection_jobs")
      .selectAll()
      .where("owner_id", "=", viewer.id)
      .orderBy("created_at", "desc")
      .limit(limit)
      .execute();
  }

  /** Items of a job `viewer` may see (empty for anyone else's job). */
  async items(jobId: string, viewer: Viewer, status?: string): Promise<CollectionItemRow[]> {
    if (!(await this.get(jobId, viewer))) return [];
    let q = this.db.selectFrom("collection_items").selectAll().where("job_id", "=", jobId);
    if (status) q = q.where("status", "=", status);
    return q.orderBy("seq").execute();
  }

  async item(jobId: string, seq: number, viewer: Viewer): Promise<CollectionItemRow | undefined> {
    if (!(await this.get(jobId, viewer))) return undefined;
    return this.db
      .selectFrom("collection_items")
      .selectAll()
      .where("job_id", "=", jobId)
      .where("seq", "=", seq)
      .executeTakeFirst();
  }

  /** Counts of a job's items by status. */
  async counts(jobId: string): Promise<Record<string, number>> {
    const rows = await this.db
      .selectFrom("collection_items")
      .select(["status", sql<number>`count(*)::int`.as("n")])
      .where("job_id", "=", jobId)
      .groupBy("status")
      .execute();
    return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  }

  /** The next entries still to do, in order (the worker's resume point). */
  async pending(jobId: string, limit: number): Promise<CollectionItemRow[]> {
    return this.db
      .selectFrom("collection_items")
      .selectAll()
      .where("job_id", "=", jobId)
      .where("status", "=", "pending")
      .orderBy("seq")
      .limit(limit)
      .execute();
  }

  /**
   * Settles a pending entry (run inside the transaction that wrote its recipe or bookmark): false
   * when it was settled already (a second worker, or a retry after a kill), so nothing is repeated.
   */
  async settle(jobId: string, seq: number, r: ItemResult, at: Date): Promise<boolean> {
    const row = await this.db
      .updateTable("collection_items")
      .set({
        status: r.status,
        reason: r.reason ?? null,
        result_id: r.resultId ?? null,
        duplicate_of: r.duplicateOf ?? null,
        updated_at: at,
        ...(r.keepPayload ? {} : { payload: null }),
      })
      .where("job_id", "=", jobId)
      .where("seq", "=", seq)
      .where("status", "=", "pending")
      .returning("seq")
      .executeTakeFirst();
    if (!row) return false;
    await this.db
      .updateTable("collection_jobs")
      .set({ done: sql`done + 1`, updated_at: at })
      .where("id", "=", jobId)
      .execute();
    return true;
  }

  /**
   * A pending URL entry whose page held several recipes becomes the first of them, and the others
   * join the job as new pending entries, in one transaction: a job killed after it resumes with
   * every recipe of the page and fetches nothing twice; false when the entry was settled already.
   */
  async split(
    jobId: string,
    seq: number,
    first: { label: string; kind: string; payload: unknown },
    more: NewCollectionItem[],
    at: Date,
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      // The job row's lock orders concurrent splits of one job, so their new numbers never collide.
      const job = await trx
        .selectFrom("collection_jobs")
        .select("id")
        .where("id", "=", jobId)
        .forUpdate()
        .executeTakeFirst();
      if (!job) return false;
      const row = await trx
        .updateTable("collection_items")
        .set({
          label: first.label.slice(0, 500),
          kind: first.kind,
          payload: JSON.stringify(first.payload),
          updated_at: at,
        })
        .where("job_id", "=", jobId)
        .where("seq", "=", seq)
        .where("status", "=", "pending")
        .returning("seq")
        .executeTakeFirst();
      if (!row) return false;
      if (!more.length) return true;
      const top = await trx
        .selectFrom("collection_items")
        .select(sql<number>`max(seq)::int`.as("n"))
        .where("job_id", "=", jobId)
        .executeTakeFirstOrThrow();
      const next = Number(top.n) + 1;
      await trx
        .insertInto("collection_items")
        .values(
          more.map((it, n) => ({
            job_id: jobId,
            seq: next + n,
            label: it.label.slice(0, 500),
            kind: it.kind,
            payload: it.payload === null ? null : JSON.stringify(it.payload),
            status: it.status,
            reason: it.reason,
            result_id: null,
            duplicate_of: null,
            updated_at: at,
          })),
        )
        .execute();
      const settled = more.filter((i) => i.status !== "pending").length;
      await trx
        .updateTable("collection_jobs")
        .set({ total: sql`total + ${more.length}`, done: sql`done + ${settled}`, updated_at: at })
        .where("id", "=", jobId)
        .execute();
      return true;
    });
  }

  /** A held entry reviewed: its draft replaced (a fix) or its result written (a commit). */
  async review(
    jobId: string,
    seq: number,
    patch: { payload?: unknown; status?: string; resultId?: string | null; reason?: string | null },
    at: Date,
  ): Promise<CollectionItemRow | undefined> {
    return this.db
      .updateTable("collection_items")
      .set({
        updated_at: at,
        ...(patch.payload !== undefined ? { payload: JSON.stringify(patch.payload) } : {}),
        ...(patch.status ? { status: patch.status } : {}),
        ...(patch.resultId !== undefined ? { result_id: patch.resultId } : {}),
        ...(patch.reason !== undefined ? { reason: patch.reason } : {}),
      })
      .where("job_id", "=", jobId)
      .where("seq", "=", seq)
      .where("status", "=", "needs_review")
      .returningAll()
      .executeTakeFirst();
  }

  /** Moves a job on: queued → running → completed; never out of cancelled. */
  async setStatus(id: string, status: string, at: Date, error: string | null = null): Promise<boolean> {
    const r = await this.db
      .updateTable("collection_jobs")
      .set({ status, updated_at: at, error })
      .where("id", "=", id)
      .where("status", "in", ["queued", "running"])
      .returning("id")
      .executeTakeFirst();
    return !!r;
  }

  /** Cancels a live job: its pending entries are marked cancelled; done ones stay as they are. */
  async cancel(id: string, viewer: Viewer, at: Date): Promise<CollectionJobRow | undefined> {
    const job = await this.get(id, viewer);
    if (!job) return undefined;
    return this.db.transaction().execute(async (trx) => {
      const r = await trx
        .updateTable("collection_jobs")
        .set({ status: "cancelled", updated_at: at })
        .where("id", "=", id)
        .where("status", "in", ["queued", "running"])
        .returningAll()
        .executeTakeFirst();
      if (!r) return job;
      const n = await trx
        .updateTable("collection_items")
        .set({ status: "cancelled", reason: "The import was cancelled before this entry.", updated_at: at })
        .where("job_id", "=", id)
        .where("status", "=", "pending")
        .executeTakeFirst();
      const cancelled = Number(n.numUpdatedRows);
      return trx
        .updateTable("collection_jobs")
        .set({ done: sql`done + ${cancelled}` })
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  }

  /** Live jobs not touched since `before` (the reconciler's and a restart's resume list). */
  async stale(before: Date, limit = 100): Promise<CollectionJobRow[]> {
    return this.db
      .selectFrom("collection_jobs")
      .selectAll()
      .where("status", "in", ["queued", "running"])
      .where("updated_at", "<", before)
      .limit(limit)
      .execute();
  }
}
