import { sql, type Kysely } from "kysely";
import type { Schema, TaskRow } from "./schema.ts";

/** Fields a state transition may set. */
export interface TaskPatch {
  status?: string;
  current_phase?: string | null;
  progress?: number;
  result?: unknown;
  error?: unknown;
  metadata?: Record<string, unknown>;
  recipe_id?: string | null;
}

function patchToRow(p: TaskPatch): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  if (p.status !== undefined) row.status = p.status;
  if (p.current_phase !== undefined) row.current_phase = p.current_phase;
  if (p.progress !== undefined) row.progress = p.progress;
  if (p.result !== undefined) row.result = JSON.stringify(p.result);
  if (p.error !== undefined) row.error = p.error === null ? null : JSON.stringify(p.error);
  if (p.metadata !== undefined) row.metadata = JSON.stringify(p.metadata);
  if (p.recipe_id !== undefined) row.recipe_id = p.recipe_id;
  return row;
}

/** Task rows. Every update bumps `version`; `updateIfVersion` is the optimistic-concurrency write. */
export class TasksRepo {
  private readonly db: Kysely<Schema>;
  private readonly now: () => Date;

  /** `now` stamps `last_updated` (the expiry clock); tests move it. */
  constructor(db: Kysely<Schema>, now: () => Date = () => new Date()) {
    this.db = db;
    this.now = now;
  }

  async insert(t: {
    id: string;
    threadId: string;
    agentType: string;
    status: string;
    payload: unknown;
    metadata: Record<string, unknown>;
    requestedBy: string | null;
  }): Promise<TaskRow> {
    return this.db
      .insertInto("tasks")
      .values({
        id: t.id,
        thread_id: t.threadId,
        agent_type: t.agentType,
        status: t.status,
        current_phase: null,
        progress: 0,
        payload: JSON.stringify(t.payload),
        metadata: JSON.stringify(t.metadata),
        requested_by: t.requestedBy,
        created_at: this.now(),
        last_updated: this.now(),
        version: 1,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async get(id: string): Promise<TaskRow | undefined> {
    return this.db.selectFrom("tasks").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /** Unconditional update (the worker owns a running task). */
  async update(id: string, patch: TaskPatch): Promise<TaskRow | undefined> {
    return this.db
      .updateTable("tasks")
      .set({ ...patchToRow(patch), last_updated: this.now(), version: sql`version + 1` })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst();
  }

  /** Update only when the row still has `version`; undefined when someone else won. */
  async updateIfVersion(id: string, version: number, patch: TaskPatch): Promise<TaskRow | undefined> {
    return this.db
      .updateTable("tasks")
      .set({ ...patchToRow(patch), last_updated: this.now(), version: sql`version + 1` })
      .where("id", "=", id)
      .where("version", "=", version)
      .returningAll()
      .executeTakeFirst();
  }

  /** Claims a Pending or Running task for a run (Running, progress reset); undefined when it is past that. */
  async claim(id: string): Promise<TaskRow | undefined> {
    return this.db
      .updateTable("tasks")
      .set({
        status: "Running",
        progress: 0,
        current_phase: null,
        error: null,
        last_updated: this.now(),
        version: sql`version + 1`,
      })
      .where("id", "=", id)
      .where("status", "in", ["Pending", "Running"])
      .returningAll()
      .executeTakeFirst();
  }

  /** Moves ReviewReady tasks last updated before `cutoff` to Expired; returns their ids. */
  async expireReviewReady(cutoff: Date): Promise<string[]> {
    const rows = await this.db
      .updateTable("tasks")
      .set({ status: "Expired", last_updated: this.now(), version: sql`version + 1` })
      .where("status", "=", "ReviewReady")
      .where("last_updated", "<", cutoff)
      .returning(["id"])
      .execute();
    return rows.map((r) => r.id);
  }

  async listByThread(threadId: string): Promise<TaskRow[]> {
    return this.db
      .selectFrom("tasks")
      .selectAll()
      .where("thread_id", "=", threadId)
      .orderBy("created_at")
      .execute();
  }
}
