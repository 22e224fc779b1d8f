import type { ZodOpenApiPathsObject } from "zod-openapi";
import { zIngredient, zStoredRecipe } from "../../domain/recipe.ts";
import {
  zCommitRequest,
  zCommitResponse,
  zDropResponse,
  zReviewCheckRequest,
} from "../../services/commitRequest.ts";
import { zParseIngredientRequest, zRecipeListQuery } from "./recipes.routes.ts";
import { z } from "zod";
import { err, idParam, json, zRecipeLibraries } from "../openapiParts.ts";

/** The contract of committed recipes and review, beside the routes that serve it; src/api/openapi.ts composes the document. */
export const recipesPaths: ZodOpenApiPathsObject = {
  // Sharing (issue 22) and routes that answered without being documented.
  "/api/recipes/{id}/libraries": {
    get: {
      operationId: "listRecipeLibraries",
      summary: "The libraries a recipe is shared into (as the caller may know them)",
      requestParams: { path: idParam },
      responses: { "200": json(zRecipeLibraries, "Libraries"), "404": err("RECIPE_NOT_FOUND") },
    },
  },
  "/api/recipes/{id}/libraries/{libraryId}": {
    put: {
      operationId: "shareRecipeIntoLibrary",
      summary: "Share the caller's recipe into a library they edit: members read it, editors change it",
      requestParams: { path: z.object({ id: z.string(), libraryId: z.string() }) },
      responses: {
        "200": json(zRecipeLibraries, "Shared"),
        "403": err("FORBIDDEN (a member who may only read the library)"),
        "404": err("RECIPE_NOT_FOUND or LIBRARY_NOT_FOUND"),
      },
    },
    delete: {
      operationId: "unshareRecipeFromLibrary",
      summary: "Take a recipe out of a library (its owner, or the library's admins)",
      requestParams: { path: z.object({ id: z.string(), libraryId: z.string() }) },
      responses: { "200": json(zRecipeLibraries, "Unshared"), "404": err("RECIPE_NOT_FOUND") },
    },
  },
  "/api/recipes/{id}/versions/{n}": {
    get: {
      operationId: "getRecipeVersion",
      summary: "One version's document",
      requestParams: { path: z.object({ id: z.string(), n: z.string() }) },
      responses: { "200": json(zStoredRecipe, "Version"), "404": err("RECIPE_NOT_FOUND") },
    },
  },
  "/api/recipes/import": {
    post: {
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
      },
    },
  },
  "/api/recipes": {
    get: {
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
      },
    },
  },
  "/api/recipes/{id}": {
    get: {
      operationId: "getRecipe",
      summary: "One recipe",
      requestParams: { path: idParam },
      responses: { "200": json(zStoredRecipe, "Recipe"), "404": err("RECIPE_NOT_FOUND") },
    },
    // review experience
    delete: {
      operationId: "deleteRecipe",
      summary: "Delete a recipe (restorable for Ingest:RecipeRestoreDays)",
      requestParams: { path: idParam },
      responses: {
        "200": json(z.object({ id: z.string(), deletedAt: z.string(), restoreUntil: z.string() }), "Deleted"),
        "403": err("FORBIDDEN"),
        "404": err("RECIPE_NOT_FOUND"),
      },
    },
  },
  "/api/recipes/{id}/restore": {
    post: {
      operationId: "restoreRecipe",
      summary: "Restore a deleted recipe within the grace period",
      requestParams: { path: idParam },
      responses: {
        "200": json(zStoredRecipe, "Restored"),
        "404": err("RECIPE_NOT_FOUND"),
        "410": err("RECIPE_GONE"),
      },
    },
  },
  "/api/recipes/{id}/versions": {
    get: {
      operationId: "listRecipeVersions",
      summary: "Version history, newest first",
      requestParams: { path: idParam },
      responses: { "200": { description: "Versions" }, "404": err("RECIPE_NOT_FOUND") },
    },
  },
  "/api/recipes/check": {
    post: {
      operationId: "checkCommit",
      summary:
        "What committing this (edited) draft would meet: field errors, warnings, guardrail findings, duplicate",
      requestBody: { content: { "application/json": { schema: zReviewCheckRequest } } },
      responses: {
        "200": { description: "The check" },
        "400": err("INVALID_RECIPE"),
        "409": err("TASK_NOT_REVIEWABLE"),
      },
    },
  },
  "/api/recipes/paraphrase": {
    post: {
      operationId: "paraphraseDraft",
      summary: "The flagged description and steps rewritten by the configured LLM (nothing stored)",
      requestBody: { content: { "application/json": { schema: zReviewCheckRequest } } },
      responses: {
        "200": { description: "The rewritten recipe, checked" },
        "422": err("LLM_NOT_CONFIGURED"),
      },
    },
  },
  "/api/recipes/parse-ingredient": {
    post: {
      operationId: "parseIngredient",
      summary: "One ingredient line parsed as extraction parses it",
      requestBody: { content: { "application/json": { schema: zParseIngredientRequest } } },
      responses: { "200": json(zIngredient, "Ingredient"), "400": err("INVALID_PAYLOAD") },
    },
  },
};
