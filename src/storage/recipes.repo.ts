import { sql, type Kysely } from "kysely";
import { duplicateKey } from "../domain/canonicalUrl.ts";
import { recipeLanguage } from "../domain/recipeLanguage.ts";
import type { Viewer } from "../domain/user.ts";
import { recipeEditable, recipeOwned, recipeReadable } from "./access.ts";
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

  /** The same repository over `db` (a transaction the caller holds). */
  withDb(db: Kysely<Schema>): RecipesRepo {
    return new RecipesRepo(db);
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
    /** The language the page said it is in (`<html lang>`, og:locale); else the words decide. */
    pageLang?: string | null;
  }): Promise<RecipeRow> {
    const row = await this.db
      .insertInto("recipes")
      .values({
        id: r.id,
        name: r.name,
        document: JSON.stringify(r.document),
        source_url: r.sourceUrl,
        source_url_key: r.sourceUrlKey,
        dup_key: duplicateKey(r.sourceUrl),
        task_id: r.taskId,
        created_at: r.at,
        updated_at: r.at,
        owner_id: r.ownerId ?? null,
        lang: recipeLanguage(r.document, r.pageLang),
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
        // A recipe keeps the language it came in; one that had none takes what its words say.
        lang: sql<string | null>`coalesce(lang, ${recipeLanguage(document)}::text)`,
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

  /**
   * A live recipe `viewer` may read (`edit`: may change). Deleted recipes are gone here: only
   * their owner finds them, through `getOwned` (the trash and its restore).
   */
  async get(id: string, viewer: Viewer, access: "read" | "edit" = "read"): Promise<RecipeRow | undefined> {
    return this.db
      .selectFrom("recipes")
      .selectAll()
      .where("id", "=", id)
      .where("deleted_at", "is", null)
      .where(access === "edit" ? recipeEditable(viewer) : recipeReadable(viewer))
      .executeTakeFirst();
  }

  /** A recipe, live or deleted, that `viewer` owns (delete, restore, share). */
  async getOwned(id: string, viewer: Viewer): Promise<RecipeRow | undefined> {
    return this.db
      .selectFrom("recipes")
      .selectAll()
      .where("id", "=", id)
      .where(recipeOwned(viewer))
      .executeTakeFirst();
  }

  /**
   * The newest live recipe from a source URL key that `viewer` may change (the duplicate a commit
   * meets, and may replace), preferring their own.
   */
  async findLiveBySourceKey(key: string, viewer: Viewer): Promise<RecipeRow | undefined> {
    const rows = await this.db
      .selectFrom("recipes")
      .selectAll()
      .where("source_url_key", "=", key)
      .where("deleted_at", "is", null)
      .where(recipeEditable(viewer))
      .orderBy("created_at", "desc")
      .limit(20)
      .execute();
    return rows.find((r) => r.owner_id === viewer.id) ?? rows[0];
  }

  /**
   * Soft delete (review experience): the row stays, hidden from lists, until restored or purged.
   * Its public links end with it, in the same statement: a restore from the trash is the recipe
   * back, not links its owner may have forgotten.
   */
  async softDelete(id: string, viewer: Viewer, at: Date): Promise<RecipeRow | undefined> {
    return this.db
      .with("gone", (db) =>
        db
          .updateTable("recipes")
          .set({ deleted_at: at })
          .where("id", "=", id)
          .where("deleted_at", "is", null)
          .where(recipeOwned(viewer))
          .returningAll(),
      )
      .with("links", (db) =>
        db
          .updateTable("recipe_shares")
          .set({ revoked_at: at })
          .where("recipe_id", "in", db.selectFrom("gone").select("id"))
          .where("revoked_at", "is", null)
          .returning("recipe_shares.id"),
      )
      .selectFrom("gone")
      .selectAll()
      .executeTakeFirst();
  }

  /** Clears the delete mark when it was set after `notBefore`. */
  async restore(id: string, viewer: Viewer, notBefore: Date): Promise<RecipeRow | undefined> {
    return this.db
      .updateTable("recipes")
      .set({ deleted_at: null })
      .where("id", "=", id)
      .where("deleted_at", ">=", notBefore)
      .where(recipeOwned(viewer))
      .returningAll()
      .executeTakeFirst();
  }

  /** Shares a recipe into a library (no-op when it is there). */
  async share(recipeId: string, libraryId: string, by: string, at: Date): Promise<void> {
    await this.db
      .insertInto("library_recipes")
      .values({ library_id: libraryId, recipe_id: recipeId, added_by: by, created_at: at })
      .onConflict((oc) => oc.columns(["library_id", "recipe_id"]).doNothing())
      .execute();
  }

  /** Takes a recipe out of a library; true when it was there. */
  async unshare(recipeId: string, libraryId: string): Promise<boolean> {
    const rows = await this.db
      .deleteFrom("library_recipes")
      .where("library_id", "=", libraryId)
      .where("recipe_id", "=", recipeId)
      .returning("recipe_id")
      .execute();
    return rows.length > 0;
  }

  /** The libraries a recipe is shared into that `viewer` belongs to (or all of them, for its owner). */
  async libraries(recipeId: string, viewer: Viewer, owner: boolean): Promise<{ id: string; name: string }[]> {
    let q = this.db
      .selectFrom("library_recipes")
      .innerJoin("libraries", "libraries.id", "library_recipes.library_id")
      .select(["libraries.id", "libraries.name"])
      .where("library_recipes.recipe_id", "=", recipeId);
    if (!owner)
      q = q.where(({ exists, selectFrom }) =>
        exists(
          selectFrom("library_members")
            .select("library_members.user_id")
            .whereRef("library_members.library_id", "=", "library_recipes.library_id")
            .where("library_members.user_id", "=", viewer.id),
        ),
      );
    return q.orderBy("libraries.name").execute();
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

  /**
   * The live recipes `viewer` may read, newest first (or with `deleted`, the trash: the ones they
   * own that can still be restored); `libraryId` keeps those shared into one library.
   */
  async list(opts: {
    viewer: Viewer;
    limit: number;
    offset: number;
    q?: string;
    deleted?: boolean;
    libraryId?: string;
  }): Promise<{ rows: RecipeRow[]; total: number }> {
    let query = this.db
      .selectFrom("recipes")
      .where("deleted_at", opts.deleted ? "is not" : "is", null)
      .where(opts.deleted ? recipeOwned(opts.viewer) : recipeReadable(opts.viewer));
    if (opts.libraryId !== undefined) {
      const libraryId = opts.libraryId;
      query = query.where(({ exists, selectFrom }) =>
        exists(
          selectFrom("library_recipes")
            .select("library_recipes.recipe_id")
            .whereRef("library_recipes.recipe_id", "=", "recipes.id")
            .where("library_recipes.library_id", "=", libraryId),
        ),
      );
    }
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
