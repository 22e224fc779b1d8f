import { sql, type Kysely } from "kysely";
import type { Viewer } from "../domain/user.ts";
import { taskVisible } from "./access.ts";
import { advanceMany, type LeaseEnd, type TaskOutcome } from "./advanceMany.ts";
import type { EventWrite, TaskPatch } from "./taskPatch.ts";
import { insertNewTask, type NewTask, type NewTaskAlso } from "./insertNewTask.ts";
import type { ArtifactRow, Schema, TaskEventRow, TaskRow } from "./schema.ts";

// The write shapes live in taskPatch.ts (advanceMany.ts uses them too); importers keep reaching them here.
export type { EventWrite, TaskPatch } from "./taskPatch.ts";

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

  /** The same repository on another executor (a transaction). */
  withDb(db: Kysely<Schema>): TasksRepo {
    return new TasksRepo(db, this.now);
  }

  async insert(t: NewTask): Promise<TaskRow> {
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

  /**
   * A new task with its first event and, as `also` says, its URL registry touch, the queue's
   * wake-up, its job and the request's Idempotency-Key answer, in one statement (insertNewTask.ts).
   */
  async insertWithFirstEvent(
    t: NewTask,
    event: { type: string; data: unknown; at: Date },
    also: NewTaskAlso = {},
  ): Promise<{ row: TaskRow; event: TaskEventRow }> {
    return insertNewTask(this.db, this.now(), t, event, also);
  }

  /** The task when `viewer` may see it (their own; every task for `SYSTEM`). */
  async get(id: string, viewer: Viewer): Promise<TaskRow | undefined> {
    return this.db
      .selectFrom("tasks")
      .selectAll()
      .where("id", "=", id)
      .where(taskVisible(viewer))
      .executeTakeFirst();
  }

  /**
   * A running task's update with its events and artifacts, in one statement (a task run's progress
   * and outcome are one round trip each instead of three or four; every import pays them). Events
   * are numbered in the order given; artifacts replace ones of the same name. The row comes back
   * without its `result` (null), and is undefined when the task was no longer Running (cancelled):
   * `onUpdate` events are then not written. With `returnEvents` false, the written events are not
   * sent back (nobody here announces them): `events` is empty.
   */
  async advance(
    id: string,
    patch: TaskPatch,
    events: EventWrite[],
    artifacts: Omit<ArtifactRow, "created_at" | "task_id">[] = [],
    returnEvents = true,
  ): Promise<{ row: TaskRow | undefined; events: TaskEventRow[] }> {
    const at = this.now();
    const set = Object.entries(patchToRow(patch)).map(([col, v]) => sql`${sql.ref(col)} = ${v}`);
    // One VALUES row per artifact: each body goes as a binary parameter (a bytea[] would be sent
    // as hex text, twice its size, and escaped on both sides).
    const arts = artifacts.length
      ? sql`, a AS (
          INSERT INTO artifacts (task_id, name, type, content_type, encoding, size, original_size, truncated, data, created_at)
          VALUES ${sql.join(
            artifacts.map(
              (a) =>
                sql`(${id}, ${a.name}, ${a.type}, ${a.content_type}, ${a.encoding}, ${a.size}::int,
                     ${a.original_size}::int, ${a.truncated}::bool, ${a.data}::bytea, ${at}::timestamptz)`,
            ),
          )}
          ON CONFLICT (task_id, name) DO UPDATE SET type = excluded.type, content_type = excluded.content_type,
            encoding = excluded.encoding, size = excluded.size, original_size = excluded.original_size,
            truncated = excluded.truncated, data = excluded.data, created_at = excluded.created_at
        )`
      : sql``;
    const r = await sql<TaskRow & { events: TaskEventRow[] | null }>`
      WITH u AS (
        UPDATE tasks SET ${sql.join([...set, sql`last_updated = ${at}`, sql`version = version + 1`])}
        WHERE id = ${id} AND status = 'Running'
        -- The result just written is not sent back: it is the largest value of the row.
        RETURNING id, thread_id, agent_type, status, current_phase, progress, payload, NULL::jsonb AS result,
                  error, metadata, requested_by, recipe_id, created_at, last_updated, version
      )${arts}, e AS (
        INSERT INTO task_events (task_id, type, data, created_at)
        SELECT ${id}, x.e->>'type',
               CASE WHEN (x.e->>'onUpdate')::boolean
                 THEN jsonb_build_object('status', u.status, 'phase', u.current_phase, 'progress', u.progress) || (x.e->'data')
                 ELSE x.e->'data' END,
               ${at}::timestamptz
        FROM jsonb_array_elements(${JSON.stringify(events.map((e) => ({ ...e, onUpdate: !!e.onUpdate })))}::jsonb)
             WITH ORDINALITY AS x(e, ord)
             LEFT JOIN u ON true
        WHERE NOT (x.e->>'onUpdate')::boolean OR u.id IS NOT NULL
        ORDER BY x.ord
        RETURNING id, task_id, type, data, created_at
      )
      SELECT u.*, ${returnEvents ? sql`(SELECT jsonb_agg(to_jsonb(e) ORDER BY e.id) FROM e)` : sql`NULL::jsonb`} AS events
      FROM (SELECT 1) AS one LEFT JOIN u ON true`.execute(this.db);
    const { events: written, ...rest } = r.rows[0]!;
    const row = rest.id ? (rest as TaskRow) : undefined;
    // Timestamps come back as JSON text inside the aggregate: give them their row type back.
    const out = (written ?? []).map((e) => ({ ...e, id: String(e.id), created_at: new Date(e.created_at) }));
    return { row, events: out };
  }

  /**
   * Several running tasks' outcomes (`advance` for each) in one statement (advanceMany.ts): a worker
   * finishing many imports a second wrote a statement each. Rows by id; a task missing from them
   * was no longer Running. `ends`: fetch leases ended by the same statement (advanceMany.ts).
   */
  async advanceMany(
    items: TaskOutcome[],
    returnEvents = true,
    ends: LeaseEnd[] = [],
  ): Promise<{ rows: Map<string, TaskRow>; events: TaskEventRow[]; ended: Set<string> }> {
    return advanceMany(this.db, this.now(), items, returnEvents, ends);
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

  /**
   * `claim`, also telling the status the task had before: "Running" means a retry (its worker died
   * or released it), whose events so far are already stored.
   */
  async claimWithPrevious(id: string): Promise<(TaskRow & { prev_status: string }) | undefined> {
    const r = await sql<TaskRow & { prev_status: string }>`
      UPDATE tasks t
      SET status = 'Running', progress = 0, current_phase = NULL, error = NULL,
          last_updated = ${this.now()}, version = t.version + 1
      FROM (SELECT id, status AS prev_status FROM tasks WHERE id = ${id} FOR UPDATE) o
      WHERE t.id = o.id AND o.prev_status IN ('Pending', 'Running')
      RETURNING t.*, o.prev_status`.execute(this.db);
    return r.rows[0];
  }

  /**
   * `claimWithPrevious` of several tasks in one statement (the jobs of one queue fetch start
   * together); returns the claimed rows by id: a task missing from it is past Running.
   */
  async claimManyWithPrevious(ids: string[]): Promise<Map<string, TaskRow & { prev_status: string }>> {
    if (!ids.length) return new Map();
    // Locked in id order, so that two claims of overlapping sets wait for each other, not deadlock.
    const r = await sql<TaskRow & { prev_status: string }>`
      UPDATE tasks t
      SET status = 'Running', progress = 0, current_phase = NULL, error = NULL,
          last_updated = ${this.now()}, version = t.version + 1
      FROM (SELECT id, status AS prev_status FROM tasks WHERE id = ANY(${ids}::text[]) ORDER BY id FOR UPDATE) o
      WHERE t.id = o.id AND o.prev_status IN ('Pending', 'Running')
      RETURNING t.*, o.prev_status`.execute(this.db);
    return new Map(r.rows.map((row) => [row.id, row]));
  }

  /** Tasks still Pending or Running and unchanged since `before` (reconciler candidates), oldest first. */
  async findStale(before: Date, limit: number): Promise<{ id: string; requeues: number }[]> {
    const rows = await this.db
      .selectFrom("tasks")
      .select(["id", sql<number | null>`(metadata->>'requeues')::int`.as("requeues")])
      .where("status", "in", ["Pending", "Running"])
      .where("last_updated", "<", before)
      .orderBy("last_updated")
      .limit(limit)
      .execute();
    return rows.map((r) => ({ id: r.id, requeues: r.requeues ?? 0 }));
  }

  /** Fails a task still Pending or Running (the reconciler); undefined when it moved on meanwhile. */
  async failIfUnfinished(id: string, error: unknown): Promise<TaskRow | undefined> {
    return this.db
      .updateTable("tasks")
      .set({
        status: "Failed",
        error: JSON.stringify(error),
        last_updated: this.now(),
        version: sql`version + 1`,
      })
      .where("id", "=", id)
      .where("status", "in", ["Pending", "Running"])
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Counts an attempt lost with its worker's process in the task's metadata (`losses`), and as one
   * at the page (`pageCrashes`) when that attempt had begun the page's work (`pageBegun`, see
   * `markPageBegun`); undefined when the task is no longer Running.
   */
  async noteLoss(id: string): Promise<TaskRow | undefined> {
    const r = await sql<TaskRow>`
      UPDATE tasks
      SET metadata = (coalesce(metadata, '{}'::jsonb) - 'pageBegun') || jsonb_build_object(
            'losses', coalesce((metadata->>'losses')::int, 0) + 1,
            'pageCrashes', coalesce((metadata->>'pageCrashes')::int, 0)
              + CASE WHEN metadata->'pageBegun' IS NOT NULL THEN 1 ELSE 0 END),
          last_updated = ${this.now()}
      WHERE id = ${id} AND status = 'Running'
      RETURNING *`.execute(this.db);
    return r.rows[0];
  }

  /** Notes that a Running task's attempt has begun its page's own work (read by `noteLoss`). */
  async markPageBegun(id: string): Promise<void> {
    await sql`
      UPDATE tasks SET metadata = coalesce(metadata, '{}'::jsonb) || '{"pageBegun": true}'::jsonb
      WHERE id = ${id} AND status = 'Running'`.execute(this.db);
  }

  /** Records a re-queue in the task's metadata (the reconciler counts them). */
  /** Counts a requeue; returns who requested the task (its job is sent again under their name). */
  async noteRequeue(id: string, count: number): Promise<string | null> {
    const row = await this.db
      .updateTable("tasks")
      .set({
        metadata: sql`jsonb_set(coalesce(metadata, '{}'::jsonb), '{requeues}', to_jsonb(${count}::int))`,
        last_updated: this.now(),
      })
      .where("id", "=", id)
      .returning("requested_by")
      .executeTakeFirst();
    return row?.requested_by ?? null;
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

  /**
   * The tasks `viewer` may see, newest first, paged (everyone's for an admin whose route allows
   * it). Filters: statuses, thread.
   */
  async list(opts: {
    viewer: Viewer;
    statuses?: string[];
    threadId?: string;
    /** Newest first (default) or oldest first. */
    order?: "asc" | "desc";
    limit: number;
    offset: number;
  }): Promise<{ rows: TaskRow[]; total: number }> {
    const dir = opts.order ?? "desc";
    let q = this.db.selectFrom("tasks").where(taskVisible(opts.viewer));
    if (opts.statuses?.length) q = q.where("status", "in", opts.statuses);
    if (opts.threadId) q = q.where("thread_id", "=", opts.threadId);
    const [rows, count] = await Promise.all([
      q
        .selectAll()
        .orderBy("created_at", dir)
        .orderBy("id", dir)
        .limit(opts.limit)
        .offset(opts.offset)
        .execute(),
      q.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  /** Update only while the task is still Running (a cancel in between wins); undefined otherwise. */
  async updateWhileRunning(id: string, patch: TaskPatch): Promise<TaskRow | undefined> {
    return this.db
      .updateTable("tasks")
      .set({ ...patchToRow(patch), last_updated: this.now(), version: sql`version + 1` })
      .where("id", "=", id)
      .where("status", "=", "Running")
      .returningAll()
      .executeTakeFirst();
  }

  /** Ends a Pending or Running task as Failed with `error`; undefined when it is past that. */
  async cancel(id: string, error: unknown): Promise<TaskRow | undefined> {
    return this.db
      .updateTable("tasks")
      .set({
        ...patchToRow({ status: "Failed", error }),
        last_updated: this.now(),
        version: sql`version + 1`,
      })
      .where("id", "=", id)
      .where("status", "in", ["Pending", "Running"])
      .returningAll()
      .executeTakeFirst();
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
