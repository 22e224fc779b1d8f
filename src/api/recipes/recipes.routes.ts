import { Hono } from "hono";
import { z } from "zod";
import {
  zCommitRequest,
  zReviewCheckRequest,
  zCommitResponse,
  zDropResponse,
  zRecipeEditRequest,
  zRecipeIssue,
  type Recipes,
} from "../../services/recipes/index.ts";
import { kitchenView } from "../../services/kitchen/index.ts";
import type { Tasks } from "../../services/tasks/index.ts";
import type { AuthEnv } from "../auth.ts";
import { sendError, sendFailure } from "../respond.ts";
import { defineRoute, refuseWith, firstIssue } from "../defineRoute.ts";
import { zIngredient, zInstruction, zRecipe, zStoredRecipe } from "../../domain/recipe.ts";
import { zSimilarityReport } from "../../domain/draft.ts";
import { zDuplicateMatch } from "../../domain/duplicates.ts";
import { zKitchenQuery, zUnitSystem } from "../../domain/kitchen.ts";
import { err, idParam, json, zRecipeLibraries } from "../openapiParts.ts";

export const zRecipeListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  q: z.string().trim().max(200).optional(),
  /** `true` lists deleted recipes that can still be restored. */
  deleted: z.enum(["true", "false"]).optional(),
  /** Only the recipes shared into this library. */
  libraryId: z.uuid().optional(),
});

/**
 * `GET /api/recipes/{id}`: the stored recipe, or with a kitchen query (kitchenView) the same recipe
 * scaled and converted, whose lines, steps and `scaling` then carry what cook mode reads.
 */
const zRecipeAnswer = zStoredRecipe
  .extend({
    ingredients: z.array(
      zIngredient.extend({
        display: z.string().optional(),
        status: z.enum(["scaled", "asWritten", "noAmount", "unparsed"]).optional(),
        hint: z.string().nullable().optional(),
      }),
    ),
    instructions: z.array(
      zInstruction.extend({
        timers: z
          .array(z.object({ label: z.string(), seconds: z.number(), maxSeconds: z.number().nullable() }))
          .optional(),
        /** Indexes into the recipe's ingredients that the step names. */
        ingredients: z.array(z.number().int()).optional(),
      }),
    ),
    scaling: z
      .object({
        factor: z.number(),
        servings: z.number(),
        originalServings: z.number(),
        units: zUnitSystem,
        basis: z.enum(["servings", "factor", "ingredient", "none"]),
        unparsed: z.number(),
      })
      .optional(),
  })
  .meta({ id: "RecipeAnswer" });

/** One entry of a recipe's version history (recipes.service's RecipeVersionInfo). */
const zRecipeVersionInfo = z
  .object({
    version: z.number().int(),
    kind: z.string(),
    name: z.string(),
    createdBy: z.string().nullable(),
    createdAt: z.string(),
    note: z.string().nullable(),
  })
  .meta({ id: "RecipeVersionInfo" });

/** What committing a draft would meet (commitRequest.ts's ReviewCheck): the check and the paraphrase answer. */
const zReviewCheck = z
  .object({
    recipe: zRecipe,
    errors: z.array(zRecipeIssue),
    warnings: z.array(zRecipeIssue),
    guardrail: z.object({
      policy: z.enum(["block", "acknowledge", "warn"]),
      violatesPolicy: z.boolean(),
      findings: z.array(
        z.object({
          field: z.enum(["description", "instructions"]),
          steps: z.array(z.number().int()),
          level: z.enum(["error", "warning"]),
          message: z.string(),
          /** The finding as a stable code with its figures, for a screen in the reader's language. */
          code: z.string().optional(),
          params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
        }),
      ),
      similarity: zSimilarityReport.nullable(),
      paraphraseAvailable: z.boolean(),
    }),
    duplicate: z.object({ id: z.string(), name: z.string(), createdAt: z.string() }).nullable(),
    duplicates: z.array(zDuplicateMatch),
  })
  .meta({ id: "ReviewCheck" });

/** `POST /api/recipes/parse-ingredient`: one line, parsed as extraction parses it. */
export const zParseIngredientRequest = z.object({
  text: z.string().trim().min(1, "text is required").max(500),
  section: z.string().max(200).nullish(),
});

/** `/api/recipes`: committed recipes and the commit endpoint. */
export function recipesRoutes(
  { recipes, editRecipe }: Pick<Recipes, "recipes" | "editRecipe">,
  { review }: Pick<Tasks, "review">,
): Hono<AuthEnv> {
  const r = new Hono<AuthEnv>();

  defineRoute(
    r,
    {
      method: "post",
      path: "/import",
      operationId: "commitRecipe",
      summary: "Commit a ReviewReady draft, optionally edited (idempotent)",
      requestBody: { content: { "application/json": { schema: zCommitRequest } } },
      responses: {
        "200": json(
          z.union([zCommitResponse, zDropResponse]),
          'Committed (alreadyCommitted on a repeat); with duplicateAction "drop", the draft discarded',
        ),
        "400": err("INVALID_PAYLOAD or INVALID_RECIPE"),
        "404": err("TASK_NOT_FOUND, or RECIPE_NOT_FOUND for a duplicateOf the caller may not change"),
        "409": err(
          "COMMIT_CONFLICT, TASK_NOT_REVIEWABLE, or DUPLICATE_RECIPE (with details.duplicates) when the server asks (Duplicates:AskOnCommit) and no duplicateAction was given",
        ),
        "410": err("DRAFT_EXPIRED"),
        "422": err(
          "GUARDRAIL_VIOLATION (details.similarity): steps are the site's own words; acknowledgeGuardrail commits them unless Ingest:CommitPolicy is block",
        ),
      },
      invalid: "INVALID_PAYLOAD",
    },
    async (c) => {
      const req = c.req.valid("json");
      const ifMatch = c.req.header("if-match");
      const version = ifMatch ? Number(/^(?:W\/)?"?(\d+)"?$/.exec(ifMatch.trim())?.[1] ?? NaN) : null;
      if (ifMatch && !Number.isInteger(version)) {
        return sendError(
          c,
          "INVALID_PAYLOAD",
          `If-Match must be the task's ETag (its version), got ${ifMatch}.`,
        );
      }
      const caller = c.get("caller");
      // "drop": the draft duplicates a recipe the caller has and is discarded.
      if (req.duplicateAction === "drop") {
        const dropped = await review.reject(req.taskId, "dropped: you already have this recipe", caller);
        return dropped.ok ? c.json({ ...dropped.value, dropped: true }) : sendFailure(c, dropped);
      }
      const res = await review.commit(req, { ifMatch: version, caller });
      if (!res.ok) return sendFailure(c, res);
      c.header("Location", `/api/recipes/${res.value.recipe.id}`);
      return c.json(res.value, 200);
    },
  );

  // What a commit would meet, without committing (the review editor calls it as the reviewer edits).
  defineRoute(
    r,
    {
      method: "post",
      path: "/check",
      operationId: "checkCommit",
      summary:
        "What committing this (edited) draft would meet: field errors, warnings, guardrail findings, duplicate",
      requestBody: { content: { "application/json": { schema: zReviewCheckRequest } } },
      responses: {
        "200": json(zReviewCheck, "The check"),
        "400": err("INVALID_RECIPE"),
        "404": err("TASK_NOT_FOUND"),
        "409": err("TASK_NOT_REVIEWABLE"),
      },
      invalid: refuseWith("INVALID_PAYLOAD", "taskId is required."),
    },
    async (c) => {
      const req = c.req.valid("json");
      const res = await review.check(req, c.get("caller"));
      return res.ok ? c.json(res.value) : sendFailure(c, res);
    },
  );

  // The flagged description and steps rewritten by the configured LLM; nothing is stored.
  defineRoute(
    r,
    {
      method: "post",
      path: "/paraphrase",
      operationId: "paraphraseDraft",
      summary: "The flagged description and steps rewritten by the configured LLM (nothing stored)",
      requestBody: { content: { "application/json": { schema: zReviewCheckRequest } } },
      responses: {
        "200": json(zReviewCheck, "The rewritten recipe, checked"),
        "422": err("LLM_NOT_CONFIGURED"),
      },
      invalid: refuseWith("INVALID_PAYLOAD", "taskId is required."),
    },
    async (c) => {
      const req = c.req.valid("json");
      const res = await review.paraphrase(req, c.get("caller"));
      return res.ok ? c.json(res.value) : sendFailure(c, res);
    },
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/parse-ingredient",
      operationId: "parseIngredient",
      summary: "One ingredient line parsed as extraction parses it",
      requestBody: { content: { "application/json": { schema: zParseIngredientRequest } } },
      responses: { "200": json(zIngredient, "Ingredient"), "400": err("INVALID_PAYLOAD") },
      invalid: refuseWith("INVALID_PAYLOAD", firstIssue),
    },
    async (c) => {
      const req = c.req.valid("json");
      // The ingredient parser loads with the first line asked for, not with the API.
      const { parseIngredientLine } = await import("../../extract/ingredients.ts");
      return c.json(parseIngredientLine(req.text, req.section ?? null));
    },
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/",
      operationId: "listRecipes",
      summary: "Committed recipes, newest first",
      requestParams: { query: zRecipeListQuery },
      responses: {
        "200": json(
          z.object({
            items: z.array(zStoredRecipe),
            total: z.number(),
            page: z.number(),
            pageSize: z.number(),
          }),
          "A page of recipes",
        ),
        "400": err("INVALID_REQUEST"),
      },
    },
    async (c) => {
      const q = c.req.valid("query");
      return c.json(
        await recipes.list(c.get("caller"), {
          page: q.page,
          pageSize: q.pageSize,
          ...(q.q ? { q: q.q } : {}),
          ...(q.libraryId ? { libraryId: q.libraryId } : {}),
          deleted: q.deleted === "true",
        }),
      );
    },
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/:id",
      operationId: "getRecipe",
      summary: "One recipe",
      requestParams: { path: idParam, query: zKitchenQuery },
      responses: {
        "200": json(
          zRecipeAnswer,
          "Recipe (with ?servings=, factor=, units=, ingredient=&have=: scaled and converted, with `scaling`)",
        ),
        "400": err("SCALE_INVALID"),
        "404": err("RECIPE_NOT_FOUND"),
      },
      invalid: refuseWith(
        "SCALE_INVALID",
        (p) =>
          `${p.message}. Use servings=4, factor=2, units=metric|us|original, or ingredient=0&have=300 g.`,
      ),
    },
    async (c) => {
      const res = await recipes.get(c.req.param("id"), c.get("caller"));
      if (!res.ok) return sendFailure(c, res);
      // ?servings=&factor=&units=&ingredient=&have=: scaled and converted by the kitchen engine.
      const kitchen = kitchenView(res.value, c.req.query());
      if (kitchen) return kitchen.ok ? c.json(kitchen.value) : sendFailure(c, kitchen);
      return c.json(res.value);
    },
  );

  defineRoute(
    r,
    {
      method: "delete",
      path: "/:id",
      operationId: "deleteRecipe",
      summary: "Delete a recipe (restorable for Ingest:RecipeRestoreDays)",
      requestParams: { path: idParam },
      responses: {
        "200": json(z.object({ id: z.string(), deletedAt: z.string(), restoreUntil: z.string() }), "Deleted"),
        "403": err("FORBIDDEN"),
        "404": err("RECIPE_NOT_FOUND"),
      },
    },
    async (c) => {
      const res = await recipes.delete(c.req.param("id"), c.get("caller"));
      return res.ok ? c.json(res.value) : sendFailure(c, res);
    },
  );

  defineRoute(
    r,
    {
      method: "patch",
      path: "/:id",
      operationId: "editRecipe",
      summary:
        "Edit a saved recipe: the fields to change, kept as a new version (the old one stays in its history)",
      requestParams: { path: idParam },
      requestBody: { content: { "application/json": { schema: zRecipeEditRequest } } },
      responses: {
        "200": json(
          z.object({
            recipe: zStoredRecipe,
            warnings: z.array(zRecipeIssue),
          }),
          "Edited",
        ),
        "400": err("INVALID_PAYLOAD or INVALID_RECIPE"),
        "404": err("RECIPE_NOT_FOUND"),
        "409": err("RECIPE_VERSION_CONFLICT"),
      },
      invalid: "INVALID_PAYLOAD",
    },
    async (c) => {
      const req = c.req.valid("json");
      const res = await editRecipe(c.get("caller"), c.req.param("id"), req);
      return res.ok ? c.json(res.value) : sendFailure(c, res);
    },
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/:id/restore",
      operationId: "restoreRecipe",
      summary: "Restore a deleted recipe within the grace period",
      requestParams: { path: idParam },
      responses: {
        "200": json(zStoredRecipe, "Restored"),
        "404": err("RECIPE_NOT_FOUND"),
        "410": err("RECIPE_GONE"),
      },
    },
    async (c) => {
      const res = await recipes.restore(c.req.param("id"), c.get("caller"));
      return res.ok ? c.json(res.value) : sendFailure(c, res);
    },
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/:id/versions",
      operationId: "listRecipeVersions",
      summary: "Version history, newest first",
      requestParams: { path: idParam },
      responses: {
        "200": json(z.object({ recipeId: z.string(), versions: z.array(zRecipeVersionInfo) }), "Versions"),
        "404": err("RECIPE_NOT_FOUND"),
      },
    },
    async (c) => {
      const res = await recipes.versions(c.req.param("id"), c.get("caller"));
      return res.ok ? c.json({ recipeId: c.req.param("id"), versions: res.value }) : sendFailure(c, res);
    },
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/:id/versions/:n",
      operationId: "getRecipeVersion",
      summary: "One version's document",
      requestParams: { path: z.object({ id: z.string(), n: z.string() }) },
      responses: { "200": json(zStoredRecipe, "Version"), "404": err("RECIPE_NOT_FOUND") },
    },
    async (c) => {
      const n = Number(c.req.param("n"));
      if (!Number.isInteger(n) || n < 1)
        return sendError(c, "INVALID_REQUEST", "The version must be a whole number from 1.");
      const res = await recipes.version(c.req.param("id"), n, c.get("caller"));
      return res.ok ? c.json(res.value) : sendFailure(c, res);
    },
  );

  // Sharing: the libraries a recipe is in; its owner adds and removes them.
  defineRoute(
    r,
    {
      method: "get",
      path: "/:id/libraries",
      operationId: "listRecipeLibraries",
      summary: "The libraries a recipe is shared into (as the caller may know them)",
      requestParams: { path: idParam },
      responses: { "200": json(zRecipeLibraries, "Libraries"), "404": err("RECIPE_NOT_FOUND") },
    },
    async (c) => {
      const res = await recipes.libraries(c.req.param("id"), c.get("caller"));
      return res.ok ? c.json({ recipeId: c.req.param("id"), libraries: res.value }) : sendFailure(c, res);
    },
  );

  defineRoute(
    r,
    {
      method: "put",
      path: "/:id/libraries/:libraryId",
      operationId: "shareRecipeIntoLibrary",
      summary: "Share the caller's recipe into a library they edit: members read it, editors change it",
      requestParams: { path: z.object({ id: z.string(), libraryId: z.string() }) },
      responses: {
        "200": json(zRecipeLibraries, "Shared"),
        "403": err("FORBIDDEN (a member who may only read the library)"),
        "404": err("RECIPE_NOT_FOUND or LIBRARY_NOT_FOUND"),
      },
    },
    async (c) => {
      const res = await recipes.share(c.req.param("id"), c.req.param("libraryId"), c.get("caller"));
      return res.ok ? c.json({ recipeId: c.req.param("id"), libraries: res.value }) : sendFailure(c, res);
    },
  );

  defineRoute(
    r,
    {
      method: "delete",
      path: "/:id/libraries/:libraryId",
      operationId: "unshareRecipeFromLibrary",
      summary: "Take a recipe out of a library (its owner, or the library's admins)",
      requestParams: { path: z.object({ id: z.string(), libraryId: z.string() }) },
      responses: { "200": json(zRecipeLibraries, "Unshared"), "404": err("RECIPE_NOT_FOUND") },
    },
    async (c) => {
      const res = await recipes.unshare(c.req.param("id"), c.req.param("libraryId"), c.get("caller"));
      return res.ok ? c.json({ recipeId: c.req.param("id"), libraries: res.value }) : sendFailure(c, res);
    },
  );

  return r;
}
