import type { Kysely } from "kysely";
import type { RecipeRow, Schema } from "./schema.ts";

/** Committed recipes. */
export class RecipesRepo {
  private readonly db: Kysely<Schema>;

  constructor(db: Kysely<Schema>) {
    this.db = db;
  }

  async insert(r: {
    id: string;
    name: string;
    document: unknown;
    sourceUrl: string | null;
    sourceUrlKey: string | null;
    taskId: string | null;
    at: Date;
  }): Promise<RecipeRow> {
    return this.db
      .insertInto("recipes")
      .values({
        id: r.id,
        name: r.name,
        document: JSON.stringify(r.document),
        source_url: r.sourceUrl,
        source_url_key: r.sourceUrlKey,
        task_id: r.taskId,
        created_at: r.at,
        updated_at: r.at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async get(id: string): Promise<RecipeRow | undefined> {
    return this.db.selectFrom("recipes").selectAll().where("id", "=", id).executeTakeFirst();
  }

  async getByTask(taskId: string): Promise<RecipeRow | undefined> {
    return this.db.selectFrom("recipes").selectAll().where("task_id", "=", taskId).executeTakeFirst();
  }

  async existsWithSourceKey(key: string): Promise<boolean> {
    const row = await this.db
      .selectFrom("recipes")
      .select("id")
      .where("source_url_key", "=", key)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Newest first; keyset paging on (created_at, id). */
  async list(opts: {
    limit: number;
    offset: number;
    q?: string;
  }): Promise<{ rows: RecipeRow[]; total: number }> {
    let query = this.db.selectFrom("recipes");
    if (opts.q) query = query.where("name", "ilike", `%${opts.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const [rows, count] = await Promise.all([
      query
        .selectAll()
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(opts.limit)
        .offset(opts.offset)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }
}
