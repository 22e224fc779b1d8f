import type { Kysely } from "kysely";
import type { Schema, TaskEventRow } from "./schema.ts";

/** Durable task events, the source of SSE streams across processes. */
export class EventsRepo {
  private readonly db: Kysely<Schema>;

  constructor(db: Kysely<Schema>) {
    this.db = db;
  }

  /** Several events in one statement, in order. */
  async insertMany(
    events: { taskId: string; type: string; data: unknown; at: Date }[],
  ): Promise<TaskEventRow[]> {
    if (!events.length) return [];
    return this.db
      .insertInto("task_events")
      .values(
        events.map((e) => ({
          task_id: e.taskId,
          type: e.type,
          data: JSON.stringify(e.data),
          created_at: e.at,
        })),
      )
      .returningAll()
      .execute()
      .then((rows) => rows.sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1)));
  }

  /** Events of a task after the given id, oldest first. */
  async since(taskId: string, afterId: string | null): Promise<TaskEventRow[]> {
    let q = this.db.selectFrom("task_events").selectAll().where("task_id", "=", taskId);
    if (afterId) q = q.where("id", ">", afterId);
    return q.orderBy("id").limit(500).execute();
  }

  /** Every stored event of a task (type and data), oldest first: a retried run skips these. */
  async all(taskId: string): Promise<{ type: string; data: unknown }[]> {
    return this.db
      .selectFrom("task_events")
      .select(["type", "data"])
      .where("task_id", "=", taskId)
      .orderBy("id")
      .execute();
  }
}
