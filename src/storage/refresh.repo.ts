import { sql, type Kysely } from "kysely";
import type { Schema } from "./schema.ts";

/**
 * What "refresh from source" reads besides recipes and tasks: the source's side of a recipe as it
 * was last seen. Callers have already checked that the viewer may edit the recipe; these reads
 * are keyed by that recipe.
 */
export class RefreshRepo {
  private readonly db: Kysely<Schema>;

  constructor(db: Kysely<Schema>) {
    this.db = db;
  }

  /** The draft of the latest refresh of `recipeId` that was reviewed (applied or up to date), if any. */
  async lastReviewedDraft(recipeId: string): Promise<unknown> {
    const row = await this.db
      .selectFrom("tasks")
      .select("result")
      .where("recipe_id", "=", recipeId)
      .where("status", "=", "Committed")
      .where(sql<boolean>`metadata->>'refreshOf' = ${recipeId}`)
      .orderBy("last_updated", "desc")
      .limit(1)
      .executeTakeFirst();
    return (row?.result as { draft?: { recipe?: unknown } } | null)?.draft?.recipe ?? null;
  }

  /**
   * The recipe as its import task extracted it, before the reviewer's edits: the draft's first
   * version when it was tidied before commit, else the draft the task still holds.
   */
  async importedDraft(taskId: string): Promise<unknown> {
    const first = await this.db
      .selectFrom("draft_versions")
      .select("document")
      .where("task_id", "=", taskId)
      .where("version", "=", 1)
      .executeTakeFirst();
    if (first) return first.document;
    const task = await this.db
      .selectFrom("tasks")
      .select("result")
      .where("id", "=", taskId)
      .executeTakeFirst();
    return (task?.result as { draft?: { recipe?: unknown } } | null)?.draft?.recipe ?? null;
  }

  /** Version 1 of a recipe: what was committed, when nothing older is kept. */
  async firstVersion(recipeId: string): Promise<unknown> {
    const row = await this.db
      .selectFrom("recipe_versions")
      .select("document")
      .where("recipe_id", "=", recipeId)
      .where("version", "=", 1)
      .executeTakeFirst();
    return row?.document ?? null;
  }
}
