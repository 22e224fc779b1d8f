import { z } from "zod";
import { zTaskStatus, type TaskState } from "../../domain/task.ts";
import { zCommitRequest } from "../../services/recipes/commitRequest.ts";
import { defineOp, failed, ok, type OpContext, type OpFailure } from "../operation.ts";
import { waitForTask } from "../waitFor.ts";

/**
 * How long a tool waits for its work by default (under the 60 s request timeout MCP clients
 * commonly use), and at most. A client that follows progress (resetTimeoutOnProgress) may ask more.
 */
export const zWaitSeconds = z
  .number()
  .int()
  .min(0)
  .max(600)
  .default(45)
  .describe(
    "How long to wait for the work to finish, in seconds (0: return at once). Default 45; progress notifications come meanwhile.",
  );

/** The task when the caller may see it (the ownership rule, in SQL); otherwise TASK_NOT_FOUND. */
export async function visibleTask(
  ctx: OpContext,
  taskId: string,
): Promise<{ ok: true; value: TaskState } | OpFailure> {
  const res = await ctx.ladle.tasks.get(taskId, ctx.caller);
  if (!res.ok) return failed(res);
  return { ok: true, value: res.value };
}

/** A task as a model needs it: status, progress, error, and the draft when there is one. */
export function taskView(t: TaskState) {
  const result = (t.result ?? null) as {
    draft?: { recipe?: unknown; validation?: unknown; similarity?: unknown };
    patch?: unknown;
  } | null;
  return {
    taskId: t.taskId,
    threadId: t.threadId,
    status: t.status,
    phase: t.currentPhase,
    progress: t.progress,
    error: t.error,
    recipeId: t.recipeId ?? null,
    expiresAt: t.expiresAt ?? null,
    ...(result?.draft
      ? {
          draft: {
            recipe: result.draft.recipe,
            validation: result.draft.validation,
            similarity: result.draft.similarity ?? null,
          },
        }
      : {}),
    ...(result?.patch ? { proposal: result } : {}),
    next: nextStep(t),
  };
}

/** What to do next, in words a model can act on. */
function nextStep(t: TaskState): string {
  switch (t.status) {
    case "Pending":
    case "Running":
      return `Still working; call task_status with taskId "${t.taskId}" and wait to follow it.`;
    case "ReviewReady":
      return (t.result as { patch?: unknown } | null)?.patch
        ? `Review the proposal; apply it with normalize_apply, or reject it with task_reject.`
        : `Review the draft; save it with task_commit (optionally with your edits in "recipe"), or discard it with task_reject.`;
    case "Committed":
      return t.recipeId ? `Saved as recipe ${t.recipeId}; read it with recipe_get.` : "Done.";
    case "Failed":
      return "The import failed; see error.message for what to do.";
    default:
      return `The task is ${t.status}; nothing more to do with it.`;
  }
}

export const taskTools = [
  defineOp({
    name: "task_status",
    title: "Task status and draft",
    description:
      "Read an import or normalization task: its status (Pending, Running, ReviewReady, Committed, Rejected, Expired, Failed), phase, progress, error, and once ReviewReady the draft recipe with its validation report (or the normalization proposal). With wait > 0 it waits, reporting progress, until the task is no longer Pending or Running. Use it after import_url or import_query returned before the draft was ready.",
    readOnly: true,
    input: {
      taskId: z.string().min(1).describe("The task id an import or normalize tool returned."),
      wait: zWaitSeconds.default(0),
    },
    async run(ctx, { taskId, wait }) {
      const seen = await visibleTask(ctx, taskId);
      if (!seen.ok) return seen;
      const state = wait > 0 ? ((await waitForTask(ctx, taskId, wait)) ?? seen.value) : seen.value;
      return ok(taskView(state));
    },
  }),

  defineOp({
    name: "task_list",
    title: "List my tasks",
    description:
      "List the user's import and normalization tasks, newest first; status=ReviewReady gives the drafts waiting for review. Returns {tasks:[{taskId,status,summary:{url,recipeName},expiresAt,error}], total, page, pageSize}.",
    readOnly: true,
    input: {
      status: z
        .array(zTaskStatus)
        .optional()
        .describe('Only tasks in these statuses, e.g. ["ReviewReady"] for drafts waiting for review.'),
      page: z.number().int().min(1).default(1).describe("Page number, from 1."),
      pageSize: z.number().int().min(1).max(100).default(20).describe("Tasks per page (at most 100)."),
    },
    async run(ctx, { status, page, pageSize }) {
      const list = await ctx.ladle.review.listTasks({
        viewer: ctx.caller,
        ...(status?.length ? { statuses: status } : {}),
        page,
        pageSize,
      });
      return ok({
        ...list,
        tasks: list.tasks.map((t) => ({
          taskId: t.taskId,
          threadId: t.threadId,
          status: t.status,
          phase: t.currentPhase,
          summary: t.summary,
          error: t.error,
          recipeId: t.recipeId ?? null,
          expiresAt: t.expiresAt ?? null,
          lastUpdated: t.lastUpdated,
        })),
      });
    },
  }),

  defineOp({
    name: "task_commit",
    title: "Save a draft as a recipe",
    description:
      'Commit a ReviewReady draft to the user\'s recipes, optionally with edits: pass the whole edited recipe in "recipe" (ingredients may be plain lines like "2 eggs", steps plain strings). Fails with GUARDRAIL_VIOLATION when steps or description are the site\'s own words: rewrite them in "recipe", or set acknowledgeGuardrail to keep them for personal use. Returns {recipe, warnings, replaced, alreadyCommitted}.',
    input: {
      taskId: zCommitRequest.shape.taskId.describe("The ReviewReady task whose draft to save."),
      recipe: z
        .record(z.string(), z.unknown())
        .optional()
        .describe(
          "The edited recipe (the draft's recipe object with your changes); omit to save the draft as is.",
        ),
      acknowledgeGuardrail: zCommitRequest.shape.acknowledgeGuardrail.describe(
        "Keep text flagged as the site's own words, for personal use; recorded with the recipe.",
      ),
      duplicateAction: zCommitRequest.shape.duplicateAction.describe(
        "When the draft duplicates a recipe the user has (same page, or same recipe elsewhere): replace (a new version of it), keepBoth, or drop (discard the draft). A DUPLICATE_RECIPE failure lists the matches.",
      ),
      duplicateOf: zCommitRequest.shape.duplicateOf.describe(
        "With replace: the recipeId of the match to update (default: the best match).",
      ),
    },
    async run(ctx, { taskId, recipe, acknowledgeGuardrail, duplicateAction, duplicateOf }) {
      const seen = await visibleTask(ctx, taskId);
      if (!seen.ok) return seen;
      if (duplicateAction === "drop") {
        const dropped = await ctx.ladle.review.reject(taskId, "dropped: already in the recipes", ctx.caller);
        return dropped.ok ? ok({ ...dropped.value, dropped: true }) : failed(dropped);
      }
      const res = await ctx.ladle.review.commit(
        {
          taskId,
          ...(recipe ? { draftRecipe: recipe } : {}),
          ...(acknowledgeGuardrail !== undefined ? { acknowledgeGuardrail } : {}),
          ...(duplicateAction ? { duplicateAction } : {}),
          ...(duplicateOf ? { duplicateOf } : {}),
        },
        { caller: ctx.caller },
      );
      if (!res.ok) {
        if (res.code === "GUARDRAIL_VIOLATION" && res.details?.policy !== "block")
          return failed({
            ...res,
            message: `${res.message} Rewrite the flagged text in "recipe", or call again with acknowledgeGuardrail: true to keep it for personal use.`,
          });
        return failed(res);
      }
      return ok(res.value);
    },
  }),

  defineOp({
    name: "task_reject",
    title: "Discard a draft",
    description:
      'Reject a ReviewReady draft (or normalization proposal): nothing is saved. Returns {taskId, status: "Rejected"}.',
    destructive: true,
    input: {
      taskId: z.string().min(1).describe("The ReviewReady task to discard."),
      reason: z.string().max(1000).optional().describe("Why, in a few words (kept with the task)."),
    },
    async run(ctx, { taskId, reason }) {
      const seen = await visibleTask(ctx, taskId);
      if (!seen.ok) return seen;
      const res = await ctx.ladle.review.reject(taskId, reason ?? null, ctx.caller);
      return res.ok ? ok(res.value) : failed(res);
    },
  }),

  defineOp({
    name: "task_cancel",
    title: "Stop an import",
    description:
      "Cancel an import that is still Pending or Running. Returns the task, now Failed with TASK_CANCELLED.",
    destructive: true,
    input: { taskId: z.string().min(1).describe("The Pending or Running task to stop.") },
    async run(ctx, { taskId }) {
      const seen = await visibleTask(ctx, taskId);
      if (!seen.ok) return seen;
      const res = await ctx.ladle.review.cancel(taskId, ctx.caller);
      return res.ok ? ok(taskView(res.value)) : failed(res);
    },
  }),
];
