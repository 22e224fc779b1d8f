import type { Config } from "../../config.ts";
import type { LibraryRole, Viewer } from "../../domain/user.ts";
import type { StoredRecipe } from "../../domain/recipe.ts";
import { fail, type Failure } from "../../errors.ts";
import type { RecipesRepo } from "../../storage/recipes.repo.ts";
import { toStoredRecipe } from "./commitRequest.ts";

export interface RecipePage {
  items: StoredRecipe[];
  total: number;
  page: number;
  pageSize: number;
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

  private readonly libraryRole: (userId: string, libraryId: string) => Promise<LibraryRole | null>;

  constructor(
    recipes: RecipesRepo,
    config: Config | null = null,
    now: () => Date = () => new Date(),
    libraryRole: (userId: string, libraryId: string) => Promise<LibraryRole | null> = async () => null,
  ) {
    this.recipes = recipes;
    this.config = config;
    this.now = now;
    this.libraryRole = libraryRole;
  }

  private get graceDays(): number {
    return this.config?.Ingest.RecipeRestoreDays ?? 30;
  }

  /**
   * The recipes `viewer` may read (their own and their libraries'), newest first; with `deleted`,
   * their own that can still be restored; with `libraryId`, those shared into one library.
   */
  async list(
    viewer: Viewer,
    opts: { page: number; pageSize: number; q?: string; deleted?: boolean; libraryId?: string },
  ): Promise<RecipePage> {
    const { rows, total } = await this.recipes.list({
      viewer,
      limit: opts.pageSize,
      offset: (opts.page - 1) * opts.pageSize,
      ...(opts.q ? { q: opts.q } : {}),
      ...(opts.deleted ? { deleted: true } : {}),
      ...(opts.libraryId ? { libraryId: opts.libraryId } : {}),
    });
    return { items: rows.map(toStoredRecipe), total, page: opts.page, pageSize: opts.pageSize };
  }

  /** A live recipe the viewer may read; deleted, missing and someone else's all answer not found. */
  async get(id: string, viewer: Viewer): Promise<{ ok: true; value: StoredRecipe } | Failure> {
    const row = await this.recipes.get(id, viewer);
    if (!row) return notFound(id);
    return { ok: true, value: toStoredRecipe(row) };
  }

  /** When a deleted recipe stops being restorable. */
  restoreUntil(deletedAt: Date): Date {
    return new Date(deletedAt.getTime() + this.graceDays * DAY);
  }

  /** Soft-deletes a recipe; it can be restored for `Ingest:RecipeRestoreDays`. Deleting twice is a no-op. */
  async delete(
    id: string,
    viewer: Viewer,
  ): Promise<{ ok: true; value: { id: string; deletedAt: string; restoreUntil: string } } | Failure> {
    // Only its owner deletes a recipe; to anyone else it does not exist.
    const row = await this.recipes.getOwned(id, viewer);
    if (!row) return notFound(id);
    const done = row.deleted_at ? row : ((await this.recipes.softDelete(id, viewer, this.now())) ?? row);
    const at = new Date(done.deleted_at ?? this.now());
    return {
      ok: true,
      value: { id, deletedAt: at.toISOString(), restoreUntil: this.restoreUntil(at).toISOString() },
    };
  }

  /** Restores a deleted recipe within the grace period; restoring a live recipe is a no-op. */
  async restore(id: string, viewer: Viewer): Promise<{ ok: true; value: StoredRecipe } | Failure> {
    const row = await this.recipes.getOwned(id, viewer);
    if (!row) return notFound(id);
    if (!row.deleted_at) return { ok: true, value: toStoredRecipe(row) };
    const notBefore = new Date(this.now().getTime() - this.graceDays * DAY);
    const restored = await this.recipes.restore(id, viewer, notBefore);
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
  async versions(id: string, viewer: Viewer): Promise<{ ok: true; value: RecipeVersionInfo[] } | Failure> {
    const row = await this.recipes.get(id, viewer);
    if (!row) return notFound(id);
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
  async version(id: string, n: number, viewer: Viewer): Promise<{ ok: true; value: StoredRecipe } | Failure> {
    if (!(await this.recipes.get(id, viewer))) return notFound(id);
    const v = await this.recipes.getVersion(id, n);
    if (!v)
      return fail("RECIPE_NOT_FOUND", `Recipe ${id} has no version ${n}.`, { recipeId: id, version: n });
    return { ok: true, value: { ...(v.document as StoredRecipe), version: v.version } };
  }

  /** The libraries a recipe is in, as the viewer may know them (all of them for its owner). */
  async libraries(
    id: string,
    viewer: Viewer,
  ): Promise<{ ok: true; value: { id: string; name: string }[] } | Failure> {
    const row = await this.recipes.get(id, viewer);
    if (!row) return notFound(id);
    return { ok: true, value: await this.recipes.libraries(id, viewer, row.owner_id === viewer.id) };
  }

  /**
   * Shares the viewer's own recipe into a library where they are an admin or editor; its members
   * then read it and its editors change it. Sharing twice is a no-op.
   */
  async share(
    id: string,
    libraryId: string,
    viewer: Viewer,
  ): Promise<{ ok: true; value: { id: string; name: string }[] } | Failure> {
    const row = await this.recipes.getOwned(id, viewer);
    if (!row || row.deleted_at) return notFound(id);
    const role = await this.libraryRole(viewer.id, libraryId);
    if (!role) return fail("LIBRARY_NOT_FOUND", `Library ${libraryId} does not exist.`, { libraryId });
    if (role === "member")
      return fail(
        "FORBIDDEN",
        "You can read this library but not add to it; ask one of its admins to make you an editor.",
        { libraryId },
      );
    await this.recipes.share(id, libraryId, viewer.id, this.now());
    return this.libraries(id, viewer);
  }

  /** Takes the viewer's own recipe out of a library (a library admin may also remove it). */
  async unshare(
    id: string,
    libraryId: string,
    viewer: Viewer,
  ): Promise<{ ok: true; value: { id: string; name: string }[] } | Failure> {
    const own = await this.recipes.getOwned(id, viewer);
    const role = await this.libraryRole(viewer.id, libraryId);
    const visible = own ?? (await this.recipes.get(id, viewer));
    if (!visible) return notFound(id);
    if (!own && role !== "admin")
      return fail(
        "FORBIDDEN",
        "Only the person who shared this recipe or the library's admins can remove it.",
        {
          libraryId,
        },
      );
    await this.recipes.unshare(id, libraryId);
    return this.libraries(id, viewer);
  }
}

function notFound(id: string): Failure {
  return fail("RECIPE_NOT_FOUND", `Recipe ${id} does not exist.`, { recipeId: id });
}
