import type { Kysely } from "kysely";
import { z } from "zod";
import type { RecipeDraft } from "../../domain/draft.ts";
import { zRecipe } from "../../domain/recipe.ts";
import { zIngestPayload } from "../../domain/task.ts";
import { type Actor } from "../../domain/user.ts";
import { fail, type Failure } from "../../errors.ts";
import {
  applicationOrder,
  tryApply,
  zNormalizeResult,
  type PatchOp,
} from "../../normalize/proposeNormalization.ts";
import { validateRecipe } from "../../pipeline/validateRecipe.ts";
import type { Schema } from "../../storage/schema.ts";
import type { TaskRepos } from "./taskRepos.ts";
import type { TaskService } from "./tasks.service.ts";

/** `POST /api/tasks/{id}/apply` body: every operation, the Low ones, or the ones picked by id. */
export const zApplyRequest = z
  .object({
    accept: z.union([z.enum(["all", "low"]), z.array(z.number().int().min(0)).max(500)]),
  })
  .meta({ id: "ApplyNormalizeRequest" });
export type ApplyRequest = z.infer<typeof zApplyRequest>;

/** What an apply or restore wrote. */
export interface ApplyOutcome {
  kind: "recipe" | "draft";
  recipeId: string | null;
  taskId: string | null;
  version: number;
  applied: number[];
  notApplied: number[];
  recipe: Record<string, unknown>;
}

/** What applying needs of the normalize service (NormalizeService), handed in so neither file imports the other. */
export interface ApplyDeps {
  readonly db: Kysely<Schema>;
  readonly repos: TaskRepos;
  readonly now: () => Date;
  readonly tasks: TaskService;
  draftVersion(taskId: string): Promise<number>;
}

/** Thrown inside a transaction to roll it back on a lost version race. */
export class Conflict extends Error {}

/**
 * Applies the picked operations of a ReviewReady normalization: their `test` operations first (a
 * recipe changed since the proposal answers NORMALIZE_CONFLICT), then the changes, written as a
 * new version with the applied operations recorded. The task is Committed afterwards, unless
 * `keepOpen` (auto-applied Low operations leave the High ones waiting).
 */
export async function applyNormalization(
  svc: ApplyDeps,
  taskId: string,
  req: ApplyRequest,
  actor: Actor,
  opts: { keepOpen?: boolean } = {},
): Promise<{ ok: true; value: ApplyOutcome } | Failure> {
  const repo = svc.repos.tasks;
  const task = await repo.get(taskId, actor);
  if (!task) return fail("TASK_NOT_FOUND", `Task ${taskId} does not exist.`, { taskId });
  const payload = zIngestPayload.safeParse(task.payload);
  if (!payload.success || payload.data.mode !== "Normalize")
    return fail("TASK_NOT_REVIEWABLE", `Task ${taskId} is not a normalization; there is nothing to apply.`, {
      taskId,
    });
  if (task.status === "Expired")
    return fail("DRAFT_EXPIRED", "The normalization proposal expired; normalize again.");
  if (task.status !== "ReviewReady")
    return fail(
      "TASK_NOT_REVIEWABLE",
      `Task ${taskId} is ${task.status}; only a proposal waiting for review can be applied.`,
      {
        taskId,
        status: task.status,
      },
    );
  const result = zNormalizeResult.parse(task.result);
  const changes = result.patch.filter((o) => o.op !== "test");
  const applied = new Set(result.autoApplied?.ids ?? []);
  const open = changes.filter((o) => !applied.has(o.id!));
  let ids: number[];
  if (req.accept === "all") ids = open.map((o) => o.id!);
  else if (req.accept === "low") ids = open.filter((o) => o.riskCategory === "Low").map((o) => o.id!);
  else {
    const unknown = req.accept.filter((i) => !open.some((o) => o.id === i));
    if (unknown.length)
      return fail(
        "INVALID_PAYLOAD",
        `Operations ${unknown.join(", ")} are not open operations of this proposal.`,
        {
          open: open.map((o) => o.id),
        },
      );
    ids = [...new Set(req.accept)];
  }
  if (!ids.length)
    return fail(
      "NOTHING_TO_APPLY",
      req.accept === "low" ? "The proposal has no open Low-risk operation." : undefined,
    );
  const picked = new Set(ids);
  const ops = applicationOrder(result.patch, picked);
  const appliedOps: PatchOp[] = changes.filter((o) => picked.has(o.id!));
  const at = svc.now();

  const conflict = (errors: (string | null)[], list: typeof ops) => {
    const i = errors.findIndex(Boolean);
    return fail("NORMALIZE_CONFLICT", undefined, {
      path: list[i]?.path,
      reason: errors[i],
    });
  };

  if (result.target.kind === "recipe") {
    const recipes = svc.repos.recipes;
    const row = await recipes.get(result.target.recipeId!, actor, "edit");
    if (!row || row.deleted_at)
      return fail("RECIPE_NOT_FOUND", `Recipe ${result.target.recipeId} does not exist.`);
    const out = tryApply(row.document as Record<string, unknown>, ops);
    if (out.errors.some(Boolean)) return conflict(out.errors, ops);
    const check = zRecipe.safeParse(out.doc);
    if (!check.success)
      return fail("INVALID_RECIPE", "The operations picked together do not give a valid recipe.");
    const validation = validateRecipe(check.data);
    const doc = { ...out.doc, updatedAt: at.toISOString() } as unknown as { name: string } & Record<
      string,
      unknown
    >;
    const written = await svc.db
      .transaction()
      .execute(async (trx) => {
        const r = await svc.repos.recipes.withDb(trx).updateWithVersion(
          row.id,
          row.version,
          doc,
          {
            kind: "normalize",
            createdBy: actor.name,
            appliedOps,
            validation,
            note: `normalization task ${taskId}: ${ids.length} of ${changes.length} operations`,
          },
          at,
        );
        if (!r) return null;
        const t = await svc.repos.tasks.withDb(trx).updateIfVersion(task.id, task.version, {
          ...(opts.keepOpen ? {} : { status: "Committed" }),
          recipe_id: row.id,
          metadata: { ...(task.metadata as object), applied: [...applied, ...ids] },
        });
        if (!t) throw new Conflict();
        return { recipe: r, task: t };
      })
      .catch((e: unknown) => (e instanceof Conflict ? null : Promise.reject(e)));
    if (!written)
      return fail(
        "NORMALIZE_CONFLICT",
        "The recipe or the proposal changed at the same time; reload and try again.",
      );
    await svc.tasks.publish(written.task, "ingest.progress", { recipeId: row.id, applied: ids });
    return {
      ok: true,
      value: {
        kind: "recipe",
        recipeId: row.id,
        taskId: null,
        version: written.recipe.version,
        applied: ids,
        notApplied: open.filter((o) => !picked.has(o.id!)).map((o) => o.id!),
        recipe: doc,
      },
    };
  }

  // A draft: the import task's result changes, its versions kept in draft_versions.
  const ingest = await repo.get(result.target.taskId!, actor);
  const draft = (ingest?.result as { draft?: RecipeDraft } | null)?.draft;
  if (!ingest || ingest.status !== "ReviewReady" || !draft)
    return fail(
      "TASK_NOT_REVIEWABLE",
      `Task ${result.target.taskId} no longer has a draft waiting for review.`,
    );
  const out = tryApply(draft.recipe as unknown as Record<string, unknown>, ops);
  if (out.errors.some(Boolean)) return conflict(out.errors, ops);
  const check = zRecipe.safeParse(out.doc);
  if (!check.success)
    return fail("INVALID_RECIPE", "The operations picked together do not give a valid recipe.");
  const base = validateRecipe(check.data);
  const similarityErrors = draft.validation.errors.filter(
    (e) => !validateRecipe(draft.recipe).errors.includes(e),
  );
  const similarityWarnings = draft.validation.warnings.filter(
    (w) => !validateRecipe(draft.recipe).warnings.includes(w),
  );
  const validation = {
    errors: [...base.errors, ...similarityErrors],
    warnings: [...base.warnings, ...similarityWarnings],
    isValid: base.errors.length + similarityErrors.length === 0,
  };
  const version = await svc.draftVersion(ingest.id);
  const written = await svc.db
    .transaction()
    .execute(async (trx) => {
      const tasks = svc.repos.tasks.withDb(trx);
      const i = await tasks.updateIfVersion(ingest.id, ingest.version, {
        result: { ...(ingest.result as object), draft: { ...draft, recipe: check.data, validation } },
      });
      if (!i) return null;
      const rows = [];
      if (
        version === 1 &&
        !(await trx
          .selectFrom("draft_versions")
          .select("version")
          .where("task_id", "=", ingest.id)
          .executeTakeFirst())
      )
        rows.push({
          task_id: ingest.id,
          version: 1,
          document: JSON.stringify(draft.recipe),
          kind: "import",
          applied_ops: null,
          created_by: null,
          created_at: at,
        });
      rows.push({
        task_id: ingest.id,
        version: version + 1,
        document: JSON.stringify(check.data),
        kind: "normalize",
        applied_ops: JSON.stringify(appliedOps),
        created_by: actor.name,
        created_at: at,
      });
      await trx.insertInto("draft_versions").values(rows).execute();
      const t = await tasks.updateIfVersion(task.id, task.version, {
        ...(opts.keepOpen ? {} : { status: "Committed" }),
        metadata: { ...(task.metadata as object), applied: [...applied, ...ids] },
      });
      if (!t) throw new Conflict();
      return { ingest: i, task: t };
    })
    .catch((e: unknown) => (e instanceof Conflict ? null : Promise.reject(e)));
  if (!written)
    return fail(
      "NORMALIZE_CONFLICT",
      "The draft or the proposal changed at the same time; reload and try again.",
    );
  await svc.tasks.publish(written.task, "ingest.progress", { applied: ids });
  await svc.tasks.publish(written.ingest, "ingest.progress", { normalized: true });
  return {
    ok: true,
    value: {
      kind: "draft",
      recipeId: null,
      taskId: ingest.id,
      version: version + 1,
      applied: ids,
      notApplied: open.filter((o) => !picked.has(o.id!)).map((o) => o.id!),
      recipe: check.data as unknown as Record<string, unknown>,
    },
  };
}
