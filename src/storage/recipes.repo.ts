import type { Kysely } from "kysely";
import type { RecipeRow, RecipeVersionRow, Schema } from "./schema.ts";

/** What is kept with a version besides the document. */
export interface VersionMeta {
  /** commit | import | edit | replace | normalize | restore */
  kind: string;
  createdBy?: string | null;
  provenance?: unknown;
  validation?: unknown;
  guardrail?: unknown;
  appliedOps?: unknown;
  note?: string | null;
}

const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));

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
    ownerId?: string | null;
    /** Kept with version 1; default kind "commit". */
    version?: VersionMeta;
  }): Promise<RecipeRow> {
    const row = await this.db
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
        owner_id: r.ownerId ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await this.insertVersion(r.id, 1, r.document, r.version ?? { kind: "commit" }, r.at);
    return row;
  }

  /**
   * Writes a new version of a recipe when it is still at `expectedVersion` (row version compare):
   * the document is replaced, `version` bumped and the version row appended. Null when another
   * writer changed the recipe first. Run inside a transaction with the caller's other writes.
   */
  async updateWithVersion(
    id: string,
    expectedVersion: number,
    document: { name: string } & Record<string, unknown>,
    meta: VersionMeta,
    at: Date,
  ): Promise<RecipeRow | null> {
    const row = await this.db
      .updateTable("recipes")
      .set({
        name: document.name,
        document: JSON.stringify(document),
        version: expectedVersion + 1,
        updated_at: at,
      })
      .where("id", "=", id)
      .where("version", "=", expectedVersion)
      .returningAll()
      .executeTakeFirst();
    if (!row) return null;
    await this.insertVersion(id, expectedVersion + 1, document, meta, at);
    return row;
  }

  private async insertVersion(id: string, version: number, document: unknown, m: VersionMeta, at: Date) {
    await this.db
      .insertInto("recipe_versions")
      .values({
        recipe_id: id,
        version,
        document: JSON.stringify(document),
        kind: m.kind,
        created_by: m.createdBy ?? null,
        provenance: json(m.provenance),
        validation: json(m.validation),
        guardrail: json(m.guardrail),
        applied_ops: json(m.appliedOps),
        note: m.note ?? null,
        created_at: at,
      })
      .execute();
  }

  /** Every version of a recipe, newest first. */
  async listVersions(id: string): Promise<RecipeVersionRow[]> {
    return this.db
      .selectFrom("recipe_versions")
      .selectAll()
      .where("recipe_id", "=", id)
      .orderBy("version", "desc")
      .execute();
  }

  async getVersion(id: string, version: number): Promise<RecipeVersionRow | undefined> {
    return this.db
      .selectFrom("recipe_versions")
      .selectAll()
      .where("recipe_id", "=", id)
      .where("version", "=", version)
      .executeTakeFirst();
  }

  async get(id: string): Promise<RecipeRow | undefined> {
    return this.db.selectFrom("recipes").selectAll().where("id", "=", id).executeTakeFirst();
  }

  async getByTask(taskId: string): Promise<RecipeRow | undefined> {
    return this.db.selectFrom("recipes").selectAll().where("task_id", "=", taskId).executeTakeFirst();
  }

  /** The newest live (not deleted) recipe from a source URL key, preferring `ownerId`'s own. */
  async findLiveBySourceKey(key: string, ownerId: string | null): Promise<RecipeRow | undefined> {
    const rows = await this.db
      .selectFrom("recipes")
      .selectAll()
      .where("source_url_key", "=", key)
      .where("deleted_at", "is", null)
      .orderBy("created_at", "desc")
      .limit(20)
      .execute();
    return rows.find((r) => r.owner_id === ownerId) ?? rows[0];
  }

  /** Soft delete (review experience): the row stays, hidden from lists, until restored or purged. */
  async softDelete(id: string, at: Date): Promise<RecipeRow | undefined> {
    return this.db
      .updateTable("recipes")
      .set({ deleted_at: at })
      .where("id", "=", id)
      .where("deleted_at", "is", null)
      .returningAll()
      .executeTakeFirst();
  }

  /** Clears the delete mark when it was set after `notBefore`. */
  async restore(id: string, notBefore: Date): Promise<RecipeRow | undefined> {
    return this.db
      .updateTable("recipes")
      .set({ deleted_at: null })
      .where("id", "=", id)
      .where("deleted_at", ">=", notBefore)
      .returningAll()
      .executeTakeFirst();
  }

  /** Drops recipes deleted before `before` (their versions go with them); returns how many. */
  async purgeDeleted(before: Date): Promise<number> {
    const rows = await this.db
      .deleteFrom("recipes")
      .where("deleted_at", "<", before)
      .returning(["id"])
      .execute();
    return rows.length;
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
    /** Only deleted recipes (the restorable ones), optionally only `ownerId`'s; default: live ones. */
    deleted?: boolean;
    ownerId?: string;
  }): Promise<{ rows: RecipeRow[]; total: number }> {
    let query = this.db.selectFrom("recipes").where("deleted_at", opts.deleted ? "is not" : "is", null);
    if (opts.ownerId !== undefined) query = query.where("owner_id", "=", opts.ownerId);
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
