import type { Kysely } from "kysely";
import type { ArtifactRow, Schema } from "./schema.ts";

export type ArtifactMeta = Omit<ArtifactRow, "data">;

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
    return this.db
      .selectFrom("artifacts")
      .select([
        "task_id",
        "name",
        "type",
        "content_type",
        "encoding",
        "size",
        "original_size",
        "truncated",
        "created_at",
      ])
      .where("task_id", "=", taskId)
      .orderBy("created_at")
      .orderBy("name")
      .execute();
  }

  async get(taskId: string, name: string): Promise<ArtifactRow | undefined> {
    return this.db
      .selectFrom("artifacts")
      .selectAll()
      .where("task_id", "=", taskId)
      .where("name", "=", name)
      .executeTakeFirst();
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
