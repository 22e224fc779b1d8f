import type { Config } from "../config.ts";
import type { StoredRecipe } from "../domain/recipe.ts";
import { fail, type Failure } from "../errors.ts";
import type { RecipesRepo } from "../storage/recipes.repo.ts";
import type { RecipeRow } from "../storage/schema.ts";
import { toStoredRecipe } from "./review.service.ts";

export interface RecipePage {
  items: StoredRecipe[];
  total: number;
  page: number;
  pageSize: number;
}

/** Who acts on a recipe: owners and admins may delete and restore. */
export interface RecipeActor {
  id: string;
  role: "admin" | "user";
}

/** One entry of a recipe's version history. */
export interface RecipeVersionInfo {
  version: number;
  kind: string;
  name: string;
  createdBy: string | null;
  createdAt: string;
  note: string | null;
}

const DAY = 86_400_000;

/** Reading committed recipes, deleting and restoring them, their version history. */
export class RecipeService {
  private readonly recipes: RecipesRepo;
  private readonly config: Config | null;
  private readonly now: () => Date;

  constructor(recipes: RecipesRepo, config: Config | null = null, now: () => Date = () => new Date()) {
    this.recipes = recipes;
    this.config = config;
    this.now = now;
  }

  private get graceDays(): number {
    return this.config?.Ingest.RecipeRestoreDays ?? 30;
  }

  /**
   * Live recipes newest first, or with `deleted` the ones that can still be restored (the
   * caller's own, all of them for an admin).
   */
  async list(opts: {
    page: number;
    pageSize: number;
    q?: string;
    deleted?: boolean;
    actor?: RecipeActor;
  }): Promise<RecipePage> {
    const ownerId = opts.deleted && opts.actor && opts.actor.role !== "admin" ? opts.actor.id : undefined;
    const { rows, total } = await this.recipes.list({
      limit: opts.pageSize,
      offset: (opts.page - 1) * opts.pageSize,
      ...(opts.q ? { q: opts.q } : {}),
      ...(opts.deleted ? { deleted: true } : {}),
      ...(ownerId !== undefined ? { ownerId } : {}),
    });
    return { items: rows.map(toStoredRecipe), total, page: opts.page, pageSize: opts.pageSize };
  }

  async get(id: string): Promise<{ ok: true; value: StoredRecipe } | Failure> {
    const row = await this.recipes.get(id);
    if (!row) return fail("RECIPE_NOT_FOUND", `Recipe ${id} does not exist.`, { recipeId: id });
    return { ok: true, value: toStoredRecipe(row) };
  }

  private allowed(row: RecipeRow, actor: RecipeActor | undefined): boolean {
    return !actor || actor.role === "admin" || row.owner_id === null || row.owner_id === actor.id;
  }

  /** When a deleted recipe stops being restorable. */
  restoreUntil(deletedAt: Date): Date {
    return new Date(deletedAt.getTime() + this.graceDays * DAY);
  }

  /** Soft-deletes a recipe; it can be restored for `Ingest:RecipeRestoreDays`. Deleting twice is a no-op. */
  async delete(
    id: string,
    actor?: RecipeActor,
  ): Promise<{ ok: true; value: { id: string; deletedAt: string; restoreUntil: string } } | Failure> {
    const row = await this.recipes.get(id);
    if (!row) return fail("RECIPE_NOT_FOUND", `Recipe ${id} does not exist.`, { recipeId: id });
    if (!this.allowed(row, actor))
      return fail("FORBIDDEN", "Only the person who saved this recipe, or an admin, can delete it.");
    const done = row.deleted_at ? row : ((await this.recipes.softDelete(id, this.now())) ?? row);
    const at = new Date(done.deleted_at ?? this.now());
    return {
      ok: true,
      value: { id, deletedAt: at.toISOString(), restoreUntil: this.restoreUntil(at).toISOString() },
    };
  }

  /** Restores a deleted recipe within the grace period; restoring a live recipe is a no-op. */
  async restore(id: string, actor?: RecipeActor): Promise<{ ok: true; value: StoredRecipe } | Failure> {
    const row = await this.recipes.get(id);
    if (!row) return fail("RECIPE_NOT_FOUND", `Recipe ${id} does not exist.`, { recipeId: id });
    if (!this.allowed(row, actor))
      return fail("FORBIDDEN", "Only the person who saved this recipe, or an admin, can restore it.");
    if (!row.deleted_at) return { ok: true, value: toStoredRecipe(row) };
    const notBefore = new Date(this.now().getTime() - this.graceDays * DAY);
    const restored = await this.recipes.restore(id, notBefore);
    if (!restored) {
      return fail(
        "RECIPE_GONE",
        `This recipe was deleted more than ${this.graceDays} days ago and can no longer be restored; import the page again.`,
        { recipeId: id, deletedAt: new Date(row.deleted_at).toISOString() },
      );
    }
    return { ok: true, value: toStoredRecipe(restored) };
  }

  /** Drops recipes whose restore window has passed (maintenance). */
  async purgeDeleted(): Promise<number> {
    return this.recipes.purgeDeleted(new Date(this.now().getTime() - this.graceDays * DAY));
  }

  /** The version history, newest first. */
  async versions(id: string): Promise<{ ok: true; value: RecipeVersionInfo[] } | Failure> {
    const row = await this.recipes.get(id);
    if (!row) return fail("RECIPE_NOT_FOUND", `Recipe ${id} does not exist.`, { recipeId: id });
    const list = await this.recipes.listVersions(id);
    return {
      ok: true,
      value: list.map((v) => ({
        version: v.version,
        kind: v.kind,
        name: (v.document as { name?: string }).name ?? row.name,
        createdBy: v.created_by,
        createdAt: new Date(v.created_at).toISOString(),
        note: v.note,
      })),
    };
  }

  /** One version's document. */
  async version(id: string, n: number): Promise<{ ok: true; value: StoredRecipe } | Failure> {
    const v = await this.recipes.getVersion(id, n);
    if (!v)
      return fail("RECIPE_NOT_FOUND", `Recipe ${id} has no version ${n}.`, { recipeId: id, version: n });
    return { ok: true, value: { ...(v.document as StoredRecipe), version: v.version } };
  }
}
