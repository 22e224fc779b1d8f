import { CompiledQuery, sql, type Kysely } from "kysely";
import { claimAnswered, IdempotencyKeyTaken, type KeyAnswer, type KeyClaim } from "./idempotency.repo.ts";
import type { Schema, TaskEventRow, TaskRow } from "./schema.ts";

/** A task row to insert. */
export interface NewTask {
  id: string;
  threadId: string;
  agentType: string;
  status: string;
  payload: unknown;
  metadata: Record<string, unknown>;
  requestedBy: string | null;
}

/** A statement of its own (text with `$1…$n`, and its values), to run as part of another. */
export interface StatementPart {
  text: string;
  values: unknown[];
}

/** What a new task's statement writes besides the task and its first event. */
export interface NewTaskAlso {
  /** The URL registry's touch (URL imports). */
  url?: { urlKey: string; normalizedUrl: string; urlHash: string } | null;
  /** A notification sent at commit (the queue's wake-up for the task's job). */
  notify?: { channel: string; payload: string };
  /** The task's job: the queue's own INSERT (see `embeddable`). */
  job?: StatementPart;
  /**
   * The Idempotency-Key answer of the request creating the task; with `claim`, the key is claimed
   * here too (a submit is then one round trip) and the statement writes nothing when it is taken
   * (`IdempotencyKeyTaken`).
   */
  answer?: KeyAnswer & { claim?: KeyClaim };
}

/**
 * Whether a statement can run as a CTE of another: a plain INSERT (a statement with its own WITH
 * cannot: a data-modifying CTE must be at the top level).
 */
export function embeddable(part: StatementPart): boolean {
  return /^\s*INSERT\s/i.test(part.text);
}

// The marker the job's CTE replaces in the compiled statement (the queue's SQL numbers its own
// parameters from $1, so it is spliced in after Kysely numbered the rest).
const JOB_MARK = "/*ladle:job*/";

/**
 * A new task with its first event, its URL registry touch, the queue's wake-up, its job and the
 * request's Idempotency-Key answer, in ONE statement: a submit is then the key's claim and this,
 * two round trips instead of six (begin, task, job, answer, commit), and atomic like the
 * transaction it replaces (a statement outside a transaction commits all of it or nothing).
 */
export async function insertNewTask(
  db: Kysely<Schema>,
  now: Date,
  t: NewTask,
  event: { type: string; data: unknown; at: Date },
  also: NewTaskAlso = {},
): Promise<{ row: TaskRow; event: TaskEventRow }> {
  if (also.job && !embeddable(also.job)) throw new Error("the job's statement cannot be embedded");
  const { url, notify, job, answer } = also;
  // A plain SELECT in WITH runs only when the query reads it: the last SELECT joins its one row.
  const n = notify ? sql`, n AS (SELECT pg_notify(${notify.channel}, ${notify.payload}))` : sql``;
  const touch = url
    ? sql`, u AS (
        INSERT INTO url_registry (url_key, normalized_url, url_hash, first_seen_at, last_seen_at, last_task_id, recipe_id)
        VALUES (${url.urlKey}, ${url.normalizedUrl}, ${url.urlHash}, now(), now(), ${t.id}, NULL)
        ON CONFLICT (url_key) DO UPDATE SET last_seen_at = now(), last_task_id = excluded.last_task_id
      )`
    : sql``;
  // Data-modifying CTEs run whether or not the query reads them.
  const claim = answer?.claim;
  const k = !answer
    ? sql``
    : claim
      ? // A key held or answered returns no row, and ladle_key_taken (migration 070) raises below:
        // the whole statement is undone.
        sql`, k AS (${claimAnswered(answer, claim)})`
      : sql`, k AS (
        UPDATE idempotency_keys SET status = ${answer.status}, response_headers = ${JSON.stringify(answer.headers)},
          response_body = ${answer.body}, completed_at = now()
        WHERE caller_id = ${answer.callerId} AND key = ${answer.key}
      )`;
  const compiled = sql<TaskRow & { ev_id: string; ev_type: string; ev_data: unknown; ev_at: Date }>`
    WITH t AS (
      INSERT INTO tasks (id, thread_id, agent_type, status, current_phase, progress, payload, metadata,
                         requested_by, created_at, last_updated, version)
      VALUES (${t.id}, ${t.threadId}, ${t.agentType}, ${t.status}, NULL, 0, ${JSON.stringify(t.payload)},
              ${JSON.stringify(t.metadata)}, ${t.requestedBy}, ${now}, ${now}, 1)
      RETURNING *
    ), e AS (
      INSERT INTO task_events (task_id, type, data, created_at)
      VALUES (${t.id}, ${event.type}, ${JSON.stringify(event.data)}, ${event.at})
      RETURNING id, type, data, created_at
    )${touch}${n}${k}${sql.raw(JOB_MARK)}
    SELECT t.*, e.id AS ev_id, e.type AS ev_type, e.data AS ev_data, e.created_at AS ev_at
           ${claim ? sql`, ladle_key_taken((SELECT count(*) FROM k)) AS claimed` : sql``}
    FROM t, e${notify ? sql`, n` : sql``}`.compile(db);
  let text = compiled.sql;
  const values = [...compiled.parameters];
  if (job) {
    const offset = values.length;
    const renumbered = job.text.replace(/\$(\d+)/g, (_, i: string) => `$${Number(i) + offset}`);
    text = text.replace(JOB_MARK, () => `, j AS (${renumbered})`);
    values.push(...job.values);
  } else text = text.replace(JOB_MARK, "");
  const r = await db
    .executeQuery<
      TaskRow & { ev_id: string; ev_type: string; ev_data: unknown; ev_at: Date; claimed?: number }
    >(CompiledQuery.raw(text, values))
    .catch((err: unknown) => {
      // LK409 (ladle_key_taken): the key's claim returned no row.
      if (claim && (err as { code?: string }).code === "LK409") throw new IdempotencyKeyTaken(err);
      throw err;
    });
  const { ev_id, ev_type, ev_data, ev_at, claimed: _claimed, ...row } = r.rows[0]!;
  return {
    row: row as TaskRow,
    event: { id: ev_id, task_id: t.id, type: ev_type, data: ev_data, created_at: ev_at } as TaskEventRow,
  };
}
