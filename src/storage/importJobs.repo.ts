import type { Kysely } from "kysely";
import type { ImportJobRow, Schema } from "./schema.ts";

/** What a worker stores with a finished job besides its state. */
export interface ImportOutputs {
  contentHash?: string | null;
  reader?: string | null;
  sourceText?: string | null;
  details?: unknown;
}

/** Cuts a message to the limit of 256 characters. */
export function clip256(s: string): string {
  return s.length <= 256 ? s : `${s.slice(0, 255)}…`;
}

/** Import jobs. Every state change is one conditional UPDATE. */
export class ImportJobsRepo {
  private readonly db: Kysely<Schema>;

  constructor(db: Kysely<Schema>) {
    this.db = db;
  }

  /** The same repository over `db` (a transaction the caller holds). */
  withDb(db: Kysely<Schema>): ImportJobsRepo {
    return new ImportJobsRepo(db);
  }

  /**
   * Creates a queued job unless the user has a live (not failed) job with the same source hash:
   * the insert and the check are one statement on the partial unique index, so concurrent
   * identical submissions create one job and the others get it back (`created: false`).
   */
  async createOrGet(j: {
    id: string;
    userId: string;
    sourceType: string;
    sourceRef: string;
    /** Null when no content could be read (the job is failed at once; nothing to match). */
    sourceHash: string | null;
    wordsFrom?: string;
    /** Kept for the worker (a download that failed at submission). */
    details?: unknown;
  }): Promise<{ row: ImportJobRow; created: boolean }> {
    for (;;) {
      const inserted = await this.db
        .insertInto("import_jobs")
        .values({
          id: j.id,
          user_id: j.userId,
          source_type: j.sourceType,
          source_ref: j.sourceRef,
          source_hash: j.sourceHash,
          status: "queued",
          words_from: j.wordsFrom ?? null,
          ...(j.details !== undefined ? { details: JSON.stringify(j.details) } : {}),
        })
        .onConflict((oc) =>
          oc.columns(["user_id", "source_hash"]).where("status", "<>", "failed").doNothing(),
        )
        .returningAll()
        .executeTakeFirst();
      if (inserted) return { row: inserted, created: true };
      if (j.sourceHash === null) throw new Error("import job insert returned nothing");
      const live = await this.db
        .selectFrom("import_jobs")
        .selectAll()
        .where("user_id", "=", j.userId)
        .where("source_hash", "=", j.sourceHash)
        .where("status", "<>", "failed")
        .executeTakeFirst();
      if (live) return { row: live, created: false };
      // The live job failed between the two statements: try the insert again.
    }
  }

  async get(id: string): Promise<ImportJobRow | undefined> {
    return this.db.selectFrom("import_jobs").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /** A job of this user only (the owner filter in SQL: another user's job is never loaded). */
  async getOwned(id: string, userId: string): Promise<ImportJobRow | undefined> {
    return this.db
      .selectFrom("import_jobs")
      .selectAll()
      .where("id", "=", id)
      .where("user_id", "=", userId)
      .executeTakeFirst();
  }

  /** The caller's jobs, newest first. */
  async listByUser(userId: string, limit: number): Promise<ImportJobRow[]> {
    return this.db
      .selectFrom("import_jobs")
      .selectAll()
      .where("user_id", "=", userId)
      .orderBy("created_at", "desc")
      .limit(limit)
      .execute();
  }

  /** queued (or running, after a crashed attempt) → running at 5%; undefined when already final. */
  async start(id: string, at: Date): Promise<ImportJobRow | undefined> {
    return this.db
      .updateTable("import_jobs")
      .set({ status: "running", started_at: at, progress: 5 })
      .where("id", "=", id)
      .where("status", "in", ["queued", "running"])
      .returningAll()
      .executeTakeFirst();
  }

  /** Raises a running job's progress (never lowers it); the row when it moved. */
  async progress(id: string, progress: number): Promise<ImportJobRow | undefined> {
    return this.db
      .updateTable("import_jobs")
      .set({ progress })
      .where("id", "=", id)
      .where("status", "=", "running")
      .where("progress", "<", progress)
      .returningAll()
      .executeTakeFirst();
  }

  /** running → completed with the recipe; undefined when the job is no longer running. */
  async complete(
    id: string,
    recipeId: string,
    out: ImportOutputs,
    at: Date,
  ): Promise<ImportJobRow | undefined> {
    return this.db
      .updateTable("import_jobs")
      .set({
        status: "completed",
        progress: 100,
        recipe_id: recipeId,
        finished_at: at,
        error_code: null,
        error_msg: null,
        ...outputs(out),
      })
      .where("id", "=", id)
      .where("status", "=", "running")
      .returningAll()
      .executeTakeFirst();
  }

  /** queued/running → failed with a code; undefined when already final. */
  async fail(
    id: string,
    code: string,
    message: string,
    out: ImportOutputs,
    at: Date,
  ): Promise<ImportJobRow | undefined> {
    return this.db
      .updateTable("import_jobs")
      .set({
        status: "failed",
        progress: 100,
        error_code: code,
        error_msg: clip256(message),
        finished_at: at,
        ...outputs(out),
      })
      .where("id", "=", id)
      .where("status", "in", ["queued", "running"])
      .returningAll()
      .executeTakeFirst();
  }

  /** The user's earlier completed job whose content had this hash (a second URL, same page). */
  async completedWithContent(
    userId: string,
    contentHash: string,
    exceptId: string,
  ): Promise<ImportJobRow | undefined> {
    return this.db
      .selectFrom("import_jobs")
      .selectAll()
      .where("user_id", "=", userId)
      .where("content_hash", "=", contentHash)
      .where("status", "=", "completed")
      .where("recipe_id", "is not", null)
      .where("id", "<>", exceptId)
      .orderBy("finished_at", "asc")
      .limit(1)
      .executeTakeFirst();
  }

  /** Unfinished jobs unchanged since `before`, oldest first (the reconciler's view). */
  async findStale(before: Date, limit: number): Promise<{ id: string; requeues: number }[]> {
    return this.db
      .selectFrom("import_jobs")
      .select(["id", "requeues"])
      .where("status", "in", ["queued", "running"])
      .where("updated_at", "<", before)
      .orderBy("updated_at", "asc")
      .limit(limit)
      .execute();
  }

  /** Counts a re-queue by the reconciler. */
  /** Counts a requeue; returns the job's owner (its queue entry is sent again under their name). */
  async noteRequeue(id: string, requeues: number): Promise<string | null> {
    const row = await this.db
      .updateTable("import_jobs")
      .set({ requeues })
      .where("id", "=", id)
      .returning("user_id")
      .executeTakeFirst();
    return row?.user_id ?? null;
  }
}

function outputs(out: ImportOutputs) {
  return {
    ...(out.contentHash !== undefined ? { content_hash: out.contentHash } : {}),
    ...(out.reader !== undefined ? { reader: out.reader } : {}),
    ...(out.sourceText !== undefined ? { source_text: out.sourceText } : {}),
    ...(out.details !== undefined ? { details: JSON.stringify(out.details) } : {}),
  };
}
