import { z } from "zod";
import type { StoredRecipe } from "../../domain/recipe.ts";
import { zNormalizePayload } from "../../domain/task.ts";
import { zApplyRequest } from "../../services/tasks/applyNormalization.ts";
import { zRecipeEditRequest } from "../../services/recipes/recipeEdit.ts";
import { defineOp, failed, ok } from "../operation.ts";
import { waitForTask } from "../waitFor.ts";
import { taskView, visibleTask, zWaitSeconds } from "./taskTools.ts";

const zRecipeId = z
  .string()
  .min(1)
  .describe("The recipe's id (from recipe_list, recipe_search or a commit).");
const zPage = z.number().int().min(1).default(1).describe("Page number, from 1.");
const zPageSize = z.number().int().min(1).max(100).default(20).describe("Recipes per page (at most 100).");

/** One line per recipe in lists: enough to pick one, not the whole document. */
export function recipeSummary(r: StoredRecipe) {
  return {
    id: r.id,
    name: r.name,
    cuisine: r.cuisine,
    totalTimeMinutes: r.totalTimeMinutes,
    servings: r.servings,
    ingredients: r.ingredients.length,
    sourceUrl: r.source?.url ?? null,
    version: r.version ?? 1,
    updatedAt: r.updatedAt,
    deletedAt: r.deletedAt ?? null,
  };
}

export const recipeTools = [
  defineOp({
    name: "recipe_list",
    title: "List my recipes",
    description:
      "List the user's saved recipes, newest first (with deleted: true, the deleted ones that can still be restored). Returns {items:[{id,name,cuisine,totalTimeMinutes,servings,sourceUrl,version}], total, page, pageSize}; read one with recipe_get.",
    readOnly: true,
    input: {
      page: zPage,
      pageSize: zPageSize,
      deleted: z
        .boolean()
        .default(false)
        .describe("List deleted recipes that can still be restored instead."),
    },
    async run(ctx, { page, pageSize, deleted }) {
      const list = await ctx.ladle.recipes.list(ctx.caller, { page, pageSize, deleted });
      return ok({ ...list, items: list.items.map(recipeSummary) });
    },
  }),

  defineOp({
    name: "recipe_search",
    title: "Search my recipes",
    description:
      'Find saved recipes by words in their name (e.g. "pancakes"). Use it before importing, to see whether the user already has the recipe. Returns the same shape as recipe_list.',
    readOnly: true,
    input: {
      query: z.string().trim().min(1).max(200).describe("Words to look for."),
      page: zPage,
      pageSize: zPageSize,
    },
    async run(ctx, { query, page, pageSize }) {
      // Full search is another issue; for now the list's name filter, over what the caller may read.
      const list = await ctx.ladle.recipes.list(ctx.caller, { page, pageSize, q: query });
      return ok({ ...list, items: list.items.map(recipeSummary) });
    },
  }),

  defineOp({
    name: "recipe_get",
    title: "Read a recipe",
    description:
      "Read one saved recipe in full: name, description, ingredients (quantity, unit, name, original line), steps, times, servings, tags, source and provenance. With version, that earlier version. The same document is the resource ladle://recipes/{id}.",
    readOnly: true,
    input: {
      recipeId: zRecipeId,
      version: z
        .number()
        .int()
        .min(1)
        .optional()
        .describe("An earlier version's number (see recipe_versions)."),
    },
    async run(ctx, { recipeId, version }) {
      const res = version
        ? await ctx.ladle.recipes.version(recipeId, version, ctx.caller)
        : await ctx.ladle.recipes.get(recipeId, ctx.caller);
      return res.ok ? ok(res.value) : failed(res);
    },
  }),

  defineOp({
    name: "recipe_versions",
    title: "A recipe's history",
    description:
      "List a recipe's versions, newest first: each commit, edit, replace, normalization and restore, who made it and when. Read one with recipe_get and version.",
    readOnly: true,
    input: { recipeId: zRecipeId },
    async run(ctx, { recipeId }) {
      const res = await ctx.ladle.recipes.versions(recipeId, ctx.caller);
      return res.ok ? ok({ recipeId, versions: res.value }) : failed(res);
    },
  }),

  defineOp({
    name: "recipe_update",
    title: "Edit a recipe",
    description:
      'Change a saved recipe: give only the fields to change in "changes" (e.g. {"servings": 4} or {"ingredients": ["2 eggs", "200 g flour"]}; ingredient lines are parsed, steps may be plain strings). Written as a new version; the old one stays in the history. Returns {recipe, warnings}. Pass expectedVersion (from recipe_get) to refuse the edit if someone changed the recipe meanwhile.',
    input: {
      recipeId: zRecipeId,
      changes: zRecipeEditRequest.shape.changes.describe(
        "The recipe fields to change, with their new values.",
      ),
      expectedVersion: zRecipeEditRequest.shape.expectedVersion.describe(
        "The version you read; the edit is refused if the recipe changed since.",
      ),
      note: zRecipeEditRequest.shape.note.describe("A short note kept with the new version."),
    },
    async run(ctx, { recipeId, changes, expectedVersion, note }) {
      const res = await ctx.ladle.editRecipe(ctx.caller, recipeId, {
        changes,
        ...(expectedVersion !== undefined ? { expectedVersion } : {}),
        ...(note !== undefined ? { note } : {}),
      });
      return res.ok ? ok(res.value) : failed(res);
    },
  }),

  defineOp({
    name: "recipe_delete",
    title: "Delete a recipe",
    description:
      "Delete a saved recipe. It can be restored with recipe_restore until restoreUntil (Ingest:RecipeRestoreDays, 30 days by default). Returns {id, deletedAt, restoreUntil}.",
    destructive: true,
    input: { recipeId: zRecipeId },
    async run(ctx, { recipeId }) {
      const res = await ctx.ladle.recipes.delete(recipeId, ctx.caller);
      return res.ok ? ok(res.value) : failed(res);
    },
  }),

  defineOp({
    name: "recipe_restore",
    title: "Restore a deleted recipe",
    description:
      "Bring back a deleted recipe within its restore window (see recipe_list with deleted: true). Returns the recipe; RECIPE_GONE once the window has passed.",
    input: { recipeId: zRecipeId },
    async run(ctx, { recipeId }) {
      const res = await ctx.ladle.recipes.restore(recipeId, ctx.caller);
      return res.ok ? ok(res.value) : failed(res);
    },
  }),

  defineOp({
    name: "normalize_start",
    title: "Propose a tidy-up",
    description:
      "Ask Ladle to tidy a saved recipe (recipeId) or a ReviewReady draft (taskId): consistent units, names and capitalisation, optionally unit conversion. Creates a normalization task whose proposal is a list of operations, each Low or High risk; nothing changes until normalize_apply. Waits up to 45 s by default and returns the task with its proposal.",
    input: {
      recipeId: zNormalizePayload.shape.recipeId.describe("A saved recipe to tidy."),
      taskId: zNormalizePayload.shape.taskId.describe("Or: a ReviewReady import task whose draft to tidy."),
      convertUnits: zNormalizePayload.shape.convertUnits.describe(
        "Unit conversion to offer: auto, metric, us or none (default from configuration).",
      ),
      wait: zWaitSeconds,
    },
    async run(ctx, { recipeId, taskId, convertUnits, wait }) {
      if (!recipeId === !taskId)
        return failed({ code: "INVALID_PAYLOAD", message: "Give either recipeId or taskId, not both." });
      let threadId: string | null = null;
      if (taskId) {
        const seen = await visibleTask(ctx, taskId);
        if (!seen.ok) return seen;
        threadId = seen.value.threadId;
      }
      const created = await ctx.ladle.tasks.create({
        agentType: "Ingest",
        threadId,
        requestedBy: ctx.caller.id,
        payload: {
          mode: "Normalize",
          ...(recipeId ? { recipeId } : { taskId }),
          convertUnits: convertUnits ?? null,
        },
      });
      if (!created.ok) return failed(created);
      const state = wait > 0 ? await waitForTask(ctx, created.value.taskId, wait) : null;
      return ok(state ? taskView(state) : created.value);
    },
  }),

  defineOp({
    name: "normalize_apply",
    title: "Apply a tidy-up",
    description:
      'Apply a ReviewReady normalization proposal (from normalize_start): accept "all" operations, only the "low"-risk ones, or a list of operation ids. Writes a new version of the recipe (or of the draft). Returns {kind, recipeId, taskId, version, applied, notApplied, recipe}.',
    input: {
      taskId: z.string().min(1).describe("The normalization task."),
      accept: zApplyRequest.shape.accept.describe('"all", "low", or the ids of the operations to apply.'),
    },
    async run(ctx, { taskId, accept }) {
      const seen = await visibleTask(ctx, taskId);
      if (!seen.ok) return seen;
      const res = await ctx.ladle.normalize.apply(taskId, { accept }, ctx.caller);
      return res.ok ? ok(res.value) : failed(res);
    },
  }),
];
