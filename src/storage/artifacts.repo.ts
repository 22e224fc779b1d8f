import { sql, type Kysely } from "kysely";
import type { ArtifactRow, Schema } from "./schema.ts";

export type ArtifactMeta = Omit<ArtifactRow, "data">;

/**
 * An artifact row's encoding when it holds no bytes of its own: its content is the task's
 * `result.draft` (draft.recipe.json, stored once; migration 068 copies it out before the result is
 * rewritten). Reads below give such a row as an ordinary one, its bytes the draft pretty-printed.
 */
export const IN_TASK_RESULT = "task-draft";

/** The columns of an artifact row as read, a `task-draft` row's taken from its task's result. */
const READ_COLUMNS = sql`a.task_id, a.name, a.type, a.content_type,
  CASE WHEN a.encoding = ${IN_TASK_RESULT} THEN 'identity' ELSE a.encoding END AS encoding,
  coalesce(octet_length(d.body), a.size) AS size, coalesce(octet_length(d.body), a.original_size) AS original_size,
  a.truncated, a.created_at`;
const FROM_ARTIFACTS = sql`FROM artifacts a LEFT JOIN LATERAL (
    SELECT convert_to(jsonb_pretty((t.result -> 'draft') - 'artifacts'), 'UTF8') AS body
    FROM tasks t WHERE a.encoding = ${IN_TASK_RESULT} AND t.id = a.task_id) d ON true`;

/** Artifact store in Postgres, keyed by (task id, file name). */
export class ArtifactsRepo {
  private readonly db: Kysely<Schema>;

  constructor(db: Kysely<Schema>) {
    this.db = db;
  }

  /** Several artifacts in one statement (insert or replace). */
  async putMany(list: Omit<ArtifactRow, "created_at">[]): Promise<void> {
    if (!list.length) return;
    const at = new Date();
    await this.db
      .insertInto("artifacts")
      .values(list.map((a) => ({ ...a, created_at: at })))
      .onConflict((oc) =>
        oc.columns(["task_id", "name"]).doUpdateSet((eb) => ({
          type: eb.ref("excluded.type"),
          content_type: eb.ref("excluded.content_type"),
          encoding: eb.ref("excluded.encoding"),
          size: eb.ref("excluded.size"),
          original_size: eb.ref("excluded.original_size"),
          truncated: eb.ref("excluded.truncated"),
          data: eb.ref("excluded.data"),
          created_at: eb.ref("excluded.created_at"),
        })),
      )
      .execute();
  }

  async list(taskId: string): Promise<ArtifactMeta[]> {
    const r = await sql<ArtifactMeta>`SELECT ${READ_COLUMNS} ${FROM_ARTIFACTS}
      WHERE a.task_id = ${taskId} ORDER BY a.created_at, a.name`.execute(this.db);
    return r.rows;
  }

  async get(taskId: string, name: string): Promise<ArtifactRow | undefined> {
    const r =
      await sql<ArtifactRow>`SELECT ${READ_COLUMNS}, coalesce(d.body, a.data) AS data ${FROM_ARTIFACTS}
      WHERE a.task_id = ${taskId} AND a.name = ${name}`.execute(this.db);
    return r.rows[0];
  }

  /**
   * Deletes artifacts past retention: `committedBefore` for tasks in Committed,
   * `otherBefore` for every other terminal task. Returns the number deleted.
   */
  async deleteExpired(committedBefore: Date, otherBefore: Date): Promise<number> {
    const res = await this.db
      .deleteFrom("artifacts")
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom("tasks")
            .select("tasks.id")
            .whereRef("tasks.id", "=", "artifacts.task_id")
            .where((w) =>
              w.or([
                w.and([w("tasks.status", "=", "Committed"), w("tasks.last_updated", "<", committedBefore)]),
                w.and([
                  w("tasks.status", "in", ["Rejected", "Expired", "Failed"]),
                  w("tasks.last_updated", "<", otherBefore),
                ]),
              ]),
            ),
        ),
      )
      .executeTakeFirst();
    return Number(res.numDeletedRows);
  }
}
