import type { Kysely } from "kysely";
import { z } from "zod";
import { zRecipe } from "../../domain/recipe.ts";
import type { Caller } from "../../domain/user.ts";
import { fail, type Result } from "../../errors.ts";
import { validateRecipe } from "../../pipeline/validateRecipe.ts";
import type { RecipeRow, Schema, TaskRow } from "../../storage/schema.ts";
import type { TaskRepos } from "./taskRepos.ts";
import { applyRefresh, mergeRefresh, zRefreshChange, type RefreshChange } from "./refreshMerge.ts";
import type { TaskService } from "./tasks.service.ts";

class DecidedTwice extends Error {}

type Doc = Record<string, unknown>;

/** `POST /api/recipes/{id}/refresh/{refreshId}/apply`: the changes to take (conflicts: the source's side). */
export const zRefreshApplyRequest = z
  .object({
    /** Ids of the changes and conflicts to take from the source; "all": every change, no conflict. */
    accept: z.union([z.literal("all"), z.array(z.number().int().min(0)).max(1000)]),
    /** The recipe version the proposal was read against; a recipe changed since is a conflict. */
    baseVersion: z.number().int().min(1).optional(),
  })
  .meta({ id: "RefreshApplyRequest" });
export type RefreshApplyRequest = z.infer<typeof zRefreshApplyRequest>;

/** What a refresh is: reading the page again, a proposal to review, or decided. */
export const zRefreshState = z
  .object({
    refreshId: z.string(),
    recipeId: z.string(),
    sourceUrl: z.string(),
    /** running: the page is being read; ready: changes to review (or up to date); decided; failed. */
    status: z.enum(["running", "ready", "decided", "failed"]),
    progress: z.number(),
    /** The recipe version the changes are computed against. */
    baseVersion: z.number().int(),
    upToDate: z.boolean(),
    changes: z.array(zRefreshChange),
    error: z.object({ code: z.string(), message: z.string() }).nullable(),
    /** Once decided: the version written (null: the user's version was kept as it was). */
    appliedVersion: z.number().int().nullable(),
  })
  .meta({ id: "RefreshState" });
export type RefreshState = z.infer<typeof zRefreshState>;

export interface RefreshDeps {
  db: Kysely<Schema>;
  repos: TaskRepos;
  tasks: TaskService;
  now: () => Date;
}

/**
 * Refresh from source: re-imports a recipe's page through the normal import (an
 * Ingest Url task, marked `refreshOf` so it is not a draft of its own) and shows what changed at
 * the source as a reviewable patch against the user's version (refreshMerge.ts). Nothing is
 * written until the user applies their pick, which is a new version; an edit is never overwritten
 * unless the user picks the source's side of that conflict.
 */
export class RefreshRecipeService {
  private readonly d: RefreshDeps;

  constructor(deps: RefreshDeps) {
    this.d = deps;
  }

  private recipe(id: string, caller: Caller) {
    return this.d.repos.recipes.get(id, caller, "edit");
  }

  /** Starts reading the recipe's page again; the refresh id is the import task's. */
  async start(recipeId: string, caller: Caller): Promise<Result<{ refreshId: string; recipeId: string }>> {
    const row = await this.recipe(recipeId, caller);
    if (!row) return fail("RECIPE_NOT_FOUND", `Recipe ${recipeId} does not exist.`, { recipeId });
    const url = sourceUrl(row);
    if (!url) return fail("REFRESH_NO_SOURCE");
    const res = await this.d.tasks.create({
      agentType: "Ingest",
      requestedBy: caller.id,
      requester: caller,
      payload: { mode: "Url", url },
      metadata: { refreshOf: recipeId },
    });
    if (!res.ok) return res;
    return { ok: true, value: { refreshId: res.value.taskId, recipeId } };
  }

  /** The refresh's task, when it is a refresh of this recipe that the caller may see. */
  private async task(recipeId: string, refreshId: string, caller: Caller) {
    const row = await this.recipe(recipeId, caller);
    if (!row) return fail("RECIPE_NOT_FOUND", `Recipe ${recipeId} does not exist.`, { recipeId });
    const task = await this.d.repos.tasks.get(refreshId, caller);
    if (!task || (task.metadata as { refreshOf?: string } | null)?.refreshOf !== recipeId)
      return fail("REFRESH_NOT_FOUND", undefined, { recipeId, refreshId });
    return { ok: true as const, row, task };
  }

  /** The source as it was: the last reviewed refresh, else the import's own draft, else version 1. */
  private async sourceThen(row: RecipeRow): Promise<Doc> {
    const repo = this.d.repos.refresh;
    const doc =
      (await repo.lastReviewedDraft(row.id)) ??
      (row.task_id ? await repo.importedDraft(row.task_id) : null) ??
      (await repo.firstVersion(row.id)) ??
      row.document;
    return doc as Doc;
  }

  /** The refresh as it stands; once the page is read, the changes to review. */
  async read(recipeId: string, refreshId: string, caller: Caller): Promise<Result<RefreshState>> {
    const found = await this.task(recipeId, refreshId, caller);
    if (!found.ok) return found;
    const { row, task } = found;
    const meta = (task.metadata ?? {}) as { appliedVersion?: number | null };
    const state: RefreshState = {
      refreshId,
      recipeId,
      sourceUrl: sourceUrl(row) ?? "",
      status: "running",
      progress: task.progress,
      baseVersion: row.version,
      upToDate: false,
      changes: [],
      error: null,
      appliedVersion: null,
    };
    if (task.status === "Pending" || task.status === "Running") return { ok: true, value: state };
    if (task.status === "ReviewReady") {
      const changes = await this.changes(row, task);
      if (changes.length) return { ok: true, value: { ...state, status: "ready", changes } };
      // Nothing to review: this reading of the page becomes the source's side for the next refresh.
      await this.d.repos.tasks.updateIfVersion(task.id, task.version, {
        status: "Committed",
        recipe_id: row.id,
        metadata: { ...(task.metadata as object), upToDate: true, appliedVersion: null },
      });
      return { ok: true, value: { ...state, status: "ready", upToDate: true, progress: 100 } };
    }
    if (task.status === "Committed")
      return {
        ok: true,
        value: {
          ...state,
          status: "decided",
          upToDate: (task.metadata as { upToDate?: boolean }).upToDate === true,
          appliedVersion: meta.appliedVersion ?? null,
        },
      };
    const error = (task.error as { code?: string; message?: string } | null) ?? null;
    return {
      ok: true,
      value: {
        ...state,
        status: "failed",
        error: {
          code: error?.code ?? task.status.toUpperCase(),
          message: error?.message ?? `Reading the page again ended ${task.status.toLowerCase()}.`,
        },
      },
    };
  }

  private async changes(row: RecipeRow, task: TaskRow): Promise<RefreshChange[]> {
    const now = (task.result as { draft?: { recipe?: Doc } } | null)?.draft?.recipe ?? {};
    return mergeRefresh(await this.sourceThen(row), now, row.document as Doc);
  }

  /**
   * Applies the picked changes as a new version (kind "refresh"); picking none keeps the user's
   * version as it is and records that decision (the next refresh starts from this reading).
   */
  async apply(
    recipeId: string,
    refreshId: string,
    req: RefreshApplyRequest,
    caller: Caller,
  ): Promise<Result<{ recipeId: string; version: number | null; applied: number[]; recipe: Doc }>> {
    const found = await this.task(recipeId, refreshId, caller);
    if (!found.ok) return found;
    const { row, task } = found;
    if (task.status !== "ReviewReady") return fail("REFRESH_NOT_READY", undefined, { status: task.status });
    if (req.baseVersion !== undefined && req.baseVersion !== row.version)
      return fail(
        "RECIPE_VERSION_CONFLICT",
        `The recipe is at version ${row.version} now, not ${req.baseVersion}; look at the changes again.`,
        { current: row.version },
      );
    const changes = await this.changes(row, task);
    const ids =
      req.accept === "all"
        ? changes.filter((c) => c.kind === "change").map((c) => c.id)
        : [...new Set(req.accept)];
    const unknown = ids.filter((i) => !changes.some((c) => c.id === i));
    if (unknown.length)
      return fail("INVALID_PAYLOAD", `Changes ${unknown.join(", ")} are not part of this refresh.`, {
        changes: changes.map((c) => c.id),
      });
    const at = this.d.now();
    const out = applyRefresh(row.document as Doc, changes, new Set(ids));
    if (out.errors.length)
      return fail("RECIPE_VERSION_CONFLICT", "The recipe changed while applying; look at the changes again.");
    const check = zRecipe.safeParse(out.doc);
    if (!check.success)
      return fail("INVALID_RECIPE", "The changes picked together do not give a valid recipe.");
    const doc = { ...out.doc, updatedAt: at.toISOString() } as unknown as { name: string } & Doc;
    const picked = changes.filter((c) => ids.includes(c.id));
    const written = await this.d.db
      .transaction()
      .execute(async (trx) => {
        const version = ids.length
          ? await this.d.repos.recipes.withDb(trx).updateWithVersion(
              row.id,
              row.version,
              doc,
              {
                kind: "refresh",
                createdBy: caller.name,
                appliedOps: picked.flatMap((c) => c.ops),
                validation: validateRecipe(check.data),
                note: `refreshed from source: ${ids.length} of ${changes.length} change(s) taken`,
              },
              at,
            )
          : row;
        if (!version) return null;
        const t = await this.d.repos.tasks.withDb(trx).updateIfVersion(task.id, task.version, {
          status: "Committed",
          recipe_id: row.id,
          metadata: {
            ...(task.metadata as object),
            applied: ids,
            appliedVersion: ids.length ? version.version : null,
          },
        });
        // Decided twice at once: the other decision stands, this one rolls back.
        if (!t) throw new DecidedTwice();
        return { version: ids.length ? version.version : null, task: t };
      })
      .catch((e: unknown) => (e instanceof DecidedTwice ? null : Promise.reject(e)));
    if (!written) return fail("RECIPE_VERSION_CONFLICT");
    await this.d.tasks.publish(written.task, "ingest.progress", { recipeId: row.id, refreshed: true });
    return {
      ok: true,
      value: {
        recipeId,
        version: written.version,
        applied: ids,
        recipe: ids.length ? doc : (row.document as Doc),
      },
    };
  }
}

function sourceUrl(row: RecipeRow): string | null {
  const url = row.source_url ?? (row.document as { source?: { url?: string } | null }).source?.url ?? null;
  return url && /^https?:\/\//i.test(url) ? url : null;
}
