import { sql, type Kysely } from "kysely";
import type { Schema } from "./schema.ts";

/** URL registry: one row per normalized URL, keyed by its SHA-256 hex. */
export class UrlRegistryRepo {
  private readonly db: Kysely<Schema>;

  constructor(db: Kysely<Schema>) {
    this.db = db;
  }

  /** The same repository over `db` (a transaction the caller holds). */
  withDb(db: Kysely<Schema>): UrlRegistryRepo {
    return new UrlRegistryRepo(db);
  }

  /** Records that `taskId` asked for this URL (insert or touch). */
  async touch(e: { urlKey: string; normalizedUrl: string; urlHash: string; taskId: string }): Promise<void> {
    await this.db
      .insertInto("url_registry")
      .values({
        url_key: e.urlKey,
        normalized_url: e.normalizedUrl,
        url_hash: e.urlHash,
        first_seen_at: new Date(),
        last_seen_at: new Date(),
        last_task_id: e.taskId,
        recipe_id: null,
      })
      .onConflict((oc) =>
        oc.column("url_key").doUpdateSet({ last_seen_at: sql`now()`, last_task_id: e.taskId }),
      )
      .execute();
  }

  async setRecipe(urlKey: string, recipeId: string): Promise<void> {
    await this.db
      .updateTable("url_registry")
      .set({ recipe_id: recipeId })
      .where("url_key", "=", urlKey)
      .execute();
  }

  async get(urlKey: string) {
    return this.db.selectFrom("url_registry").selectAll().where("url_key", "=", urlKey).executeTakeFirst();
  }
}
