import { sql, type Kysely } from "kysely";
import type { ArtifactRow, Schema, TaskEventRow, TaskRow } from "./schema.ts";
import type { EventWrite, TaskPatch } from "./taskPatch.ts";

import { endLeasesUnlessWanted, type LeaseEnd } from "./endLeasesUnlessWanted.ts";

export type { LeaseEnd };

/** One running task's outcome for `advanceMany`: its update, its events and its artifacts. */
export interface TaskOutcome {
  id: string;
  patch: TaskPatch;
  events: EventWrite[];
  artifacts: Omit<ArtifactRow, "created_at" | "task_id">[];
  /**
   * The queue job running the task, completed by the same statement when the task's update
   * happened (pg-boss's own completion, which its process no longer sends: one round trip fewer).
   */
  job?: QueueJob;
}

/** A pg-boss job's row: its schema, queue name and id. */
export interface QueueJob {
  schema: string;
  name: string;
  id: string;
}

/** pg-boss's schema is an SQL identifier given in the configuration; nothing else goes in the text. */
const SCHEMA_NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * The completion of the jobs of the tasks updated (`u`): what pg-boss's `complete` writes for a job
 * that is active (`completeJobs` without its dependants, which Ladle's jobs have none of; a job no
 * longer active is left as it is, as pg-boss leaves it). Its own statement text per schema, so a
 * batch without jobs (a process without the queue, whose schema may not exist) never names it.
 */
function jobCompletion(items: TaskOutcome[]) {
  const jobs = items.flatMap((i) => (i.job ? [{ task: i.id, ...i.job }] : []));
  if (!jobs.length) return sql``;
  const schema = jobs[0]!.schema;
  if (!SCHEMA_NAME.test(schema) || jobs.some((j) => j.schema !== schema))
    throw new Error(`unexpected queue schema ${schema}`);
  return sql`, j AS (
      UPDATE ${sql.id(schema, "job")} q SET completed_on = ${sql.raw(`${schema}.job_now()`)}, state = 'completed', output = NULL
      FROM unnest(${jobs.map((j) => j.task)}::text[], ${jobs.map((j) => j.name)}::text[], ${jobs.map((j) => j.id)}::uuid[])
           AS v(task_id, name, id)
           JOIN u ON u.id = v.task_id
      WHERE q.name = ANY(${[...new Set(jobs.map((j) => j.name))]}::text[]) AND q.name = v.name AND q.id = v.id
        AND q.state = 'active'
    )`;
}

/** The patch columns a key in a patch's JSON object sets (absent: the column is kept). */
const PATCH_KEYS = [
  "status",
  "current_phase",
  "progress",
  "result",
  "error",
  "metadata",
  "recipe_id",
] as const;

/**
 * The patches as one JSON list: a key present is a column set (null included), absent is kept.
 * Every part of every patch goes into one array joined once (a string per patch, then a join of
 * those, allocated each patch's text twice); each value is serialized once, here.
 */
function patchesJson(items: TaskOutcome[]): string {
  const parts: string[] = ["["];
  for (let i = 0; i < items.length; i++) {
    const { id, patch } = items[i]!;
    parts.push(i ? ',{"id":' : '{"id":', JSON.stringify(id));
    for (const k of PATCH_KEYS) if (patch[k] !== undefined) parts.push(`,"${k}":`, JSON.stringify(patch[k]));
    parts.push("}");
  }
  parts.push("]");
  return parts.join("");
}

/** An artifact's columns as the statement reads them (its body is cut from `bodies` at `off`). */
type ArtifactColumns = Omit<ArtifactRow, "created_at" | "data"> & { off: number };

/**
 * The artifacts' columns as one JSON list parameter, read by `json_to_recordset`, and their bodies
 * as one binary parameter. Nine arrays went as nine parameters, each escaped element by element
 * into PostgreSQL's array text by the driver and parsed back by the server: JSON.stringify is
 * native, and the list one value to send and parse.
 */
export function artifactParams(items: TaskOutcome[]): { columns: string; bodies: Buffer } {
  const rows: ArtifactColumns[] = [];
  const datas: Buffer[] = [];
  let off = 1;
  for (const i of items)
    for (const a of i.artifacts) {
      rows.push({
        task_id: i.id,
        name: a.name,
        type: a.type,
        content_type: a.content_type,
        encoding: a.encoding,
        size: a.size,
        original_size: a.original_size,
        truncated: a.truncated,
        off,
      });
      datas.push(a.data);
      off += a.data.length;
    }
  return { columns: JSON.stringify(rows), bodies: Buffer.concat(datas) };
}

/**
 * Several running tasks' updates with their events and artifacts in one statement whose text does
 * not depend on how many (so it stays one prepared statement): the patches and events as jsonb
 * lists, the artifacts' columns as one JSON list and their bodies as one binary parameter cut by
 * offsets (a bytea[] would go as hex text, twice its size). Each task is updated only while Running; its `onUpdate` events only when
 * it was. Artifacts are written whatever happened to their task, as `TasksRepo.advance` does.
 * Returns the updated rows (without `result`) by id: a task missing from it was no longer Running.
 * All or nothing: one statement (a failure writes no task of the batch).
 *
 * `ends`: unkept pages' fetch leases ended in the same statement, as
 * `FetchLeasesRepo.completeUnlessWanted` would (a lease another process's caller wants stays for its
 * holder to store the page); `ended` says which ended. A lone lease end was a statement of its own,
 * the worker's largest per import after the looks carried some (0.135 of 1.06).
 */
export async function advanceMany(
  db: Kysely<Schema>,
  at: Date,
  items: TaskOutcome[],
  returnEvents: boolean,
  ends: LeaseEnd[] = [],
): Promise<{ rows: Map<string, TaskRow>; events: TaskEventRow[]; ended: Set<string> }> {
  if (!items.length) return { rows: new Map(), events: [], ended: new Set() };
  const patches = patchesJson(items);
  const events = JSON.stringify(
    items.flatMap((i) =>
      i.events.map((e) => ({ task_id: i.id, type: e.type, data: e.data, onUpdate: !!e.onUpdate })),
    ),
  );
  const { columns, bodies } = artifactParams(items);
  const r = await sql<{ rows: TaskRow[] | null; events: TaskEventRow[] | null; ended: string[] | null }>`
    WITH ended AS (${endLeasesUnlessWanted(ends)}
    ), p AS (
      SELECT x.p, x.p->>'id' AS id FROM jsonb_array_elements(${patches}::jsonb) AS x(p)
    ), u AS (
      UPDATE tasks t SET
        status = CASE WHEN p.p ? 'status' THEN p.p->>'status' ELSE t.status END,
        current_phase = CASE WHEN p.p ? 'current_phase' THEN p.p->>'current_phase' ELSE t.current_phase END,
        progress = CASE WHEN p.p ? 'progress' THEN (p.p->>'progress')::int ELSE t.progress END,
        result = CASE WHEN p.p ? 'result' THEN nullif(p.p->'result', 'null'::jsonb) ELSE t.result END,
        error = CASE WHEN p.p ? 'error' THEN nullif(p.p->'error', 'null'::jsonb) ELSE t.error END,
        metadata = CASE WHEN p.p ? 'metadata' THEN p.p->'metadata' ELSE t.metadata END,
        recipe_id = CASE WHEN p.p ? 'recipe_id' THEN p.p->>'recipe_id' ELSE t.recipe_id END,
        last_updated = ${at}, version = t.version + 1
      FROM p
      -- The ids for the primary key's index from the patch list itself (an InitPlan array: an index
      -- scan as with a parameter), not sent a second time as a text[] of their own.
      WHERE t.id = ANY(ARRAY(SELECT p.id FROM p)) AND t.id = p.id AND t.status = 'Running'
      -- The results just written are not sent back: they are the largest values of the rows.
      RETURNING t.id, t.thread_id, t.agent_type, t.status, t.current_phase, t.progress, t.payload,
                NULL::jsonb AS result, t.error, t.metadata, t.requested_by, t.recipe_id, t.created_at,
                t.last_updated, t.version
    ), a AS (
      INSERT INTO artifacts (task_id, name, type, content_type, encoding, size, original_size, truncated, data, created_at)
      SELECT v.task_id, v.name, v.type, v.content_type, v.encoding, v.size, v.original_size, v.truncated,
             substring(${bodies}::bytea FROM v.off FOR v.size), ${at}::timestamptz
      FROM json_to_recordset(${columns}::json)
           AS v(task_id text, name text, type text, content_type text, encoding text, size int,
                original_size int, truncated bool, off int)
      ON CONFLICT (task_id, name) DO UPDATE SET type = excluded.type, content_type = excluded.content_type,
        encoding = excluded.encoding, size = excluded.size, original_size = excluded.original_size,
        truncated = excluded.truncated, data = excluded.data, created_at = excluded.created_at
    ), e AS (
      INSERT INTO task_events (task_id, type, data, created_at)
      SELECT x.e->>'task_id', x.e->>'type',
             CASE WHEN (x.e->>'onUpdate')::boolean
               THEN jsonb_build_object('status', u.status, 'phase', u.current_phase, 'progress', u.progress) || (x.e->'data')
               ELSE x.e->'data' END,
             ${at}::timestamptz
      FROM jsonb_array_elements(${events}::jsonb) WITH ORDINALITY AS x(e, ord)
           LEFT JOIN u ON u.id = x.e->>'task_id'
      WHERE NOT (x.e->>'onUpdate')::boolean OR u.id IS NOT NULL
      ORDER BY x.ord
      RETURNING id, task_id, type, data, created_at
    )${jobCompletion(items)}
    SELECT (SELECT jsonb_agg(to_jsonb(u)) FROM u) AS rows,
           ${returnEvents ? sql`(SELECT jsonb_agg(to_jsonb(e) ORDER BY e.id) FROM e)` : sql`NULL::jsonb`} AS events,
           (SELECT array_agg(key) FROM ended) AS ended`.execute(db);
  const out = r.rows[0]!;
  return { ...decodeAdvanced(out), ended: new Set(out.ended ?? []) };
}

/** The rows and events of a statement that aggregates them as JSON. */
function decodeAdvanced(out: { rows: TaskRow[] | null; events: TaskEventRow[] | null }): {
  rows: Map<string, TaskRow>;
  events: TaskEventRow[];
} {
  // Timestamps come back as JSON text inside the aggregates: give them their row types back.
  const rows = new Map(
    (out.rows ?? []).map((t) => [
      t.id,
      { ...t, created_at: new Date(t.created_at), last_updated: new Date(t.last_updated) } as TaskRow,
    ]),
  );
  const events = (out.events ?? []).map((e) => ({
    ...e,
    id: String(e.id),
    created_at: new Date(e.created_at),
  }));
  return { rows, events };
}
