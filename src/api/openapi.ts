import { z } from "zod";
import { zRecipeDraft } from "../domain/draft.ts";
import { zIngredient, zStoredRecipe } from "../domain/recipe.ts";
import {
  zParseRecipeHit,
  zParseRequestAccepted,
  zParseRequestError,
  zParseRequestState,
  zParseRequestSubmit,
} from "../domain/parseRequest.ts";
import { zCreateTaskRequest, zCreateTaskResponse, zIngestPayload, zTaskState } from "../domain/task.ts";
import { zFragment, zMedia, zSubmitArticleRequest } from "../domain/article.ts";
import { zCreatePromptRequest, zPromptTemplate } from "../domain/prompt.ts";
import {
  zAddMealRequest,
  zAddPantryRequest,
  zCheckItemRequest,
  zCreateShareRequest,
  zCreateShoppingListRequest,
  zUpdateMealRequest,
} from "../domain/kitchen.ts";
import { zAddMemberRequest, zCreateLibraryRequest, zLibrary, zUser } from "../domain/user.ts";
import { zCommitRequest, zCommitResponse, zReviewCheckRequest } from "../services/review.service.ts";
import { zParseIngredientRequest, zRecipeListQuery } from "./recipes/recipes.routes.ts";
import { zTaskListQuery } from "./tasks/tasks.routes.ts";
import { zCreateItemRequest, zItem, zItemList, zItemListQuery, zUpdateItemRequest } from "../domain/item.ts";
import { zRestartRequest, zSearchRequest } from "./discovery/discovery.routes.ts";
import { zRankedCandidate } from "../domain/discovery.ts";
import { zNormalizeRequest } from "./normalize/normalize.routes.ts";
import { zNormalizeResult } from "../normalize/proposeNormalization.ts";
import { zApplyRequest } from "../services/normalize.service.ts";
import {
  zImportError,
  zImportJob,
  zImportProgressEvent,
  zStartImportRequest,
  zStartImportResponse,
  zUploadResponse,
} from "../domain/importJob.ts";

const zErrorBody = z
  .object({ code: z.string(), message: z.string(), details: z.record(z.string(), z.unknown()).optional() })
  .meta({ id: "Error" });

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});
const err = (description: string) => json(zErrorBody, description);
const idParam = z.object({ id: z.string() });
const zRecipeLibraries = z.object({
  recipeId: z.string(),
  libraries: z.array(z.object({ id: z.string(), name: z.string() })),
});
const zArticleError = z
  .object({ error: z.object({ code: z.string(), message: z.string() }) })
  .meta({ id: "ArticleError" });
const artErr = (description: string) => json(zArticleError, description);

let cached: object | null = null;

/**
 * The OpenAPI 3.1 document, generated from the zod schemas the routes validate with (zod-openapi
 * is loaded on the first request for it, not by every process at start).
 */
export async function openApiDocument(): Promise<object> {
  if (cached) return cached;
  const { createDocument } = await import("zod-openapi");
  cached = createDocument({
    openapi: "3.1.0",
    info: {
      title: "Ladle API",
      version: "0.1.0",
      description: "Recipe import tasks, review (commit / reject) and committed recipes.",
    },
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
      schemas: {
        IngestPayload: zIngestPayload,
        RecipeDraft: zRecipeDraft,
        NormalizeResult: zNormalizeResult,
      },
    },
    // Paths are relative to wherever Ladle is served.
    servers: [{ url: "/" }],
    security: [{ bearer: [] }],
    paths: {
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
      "/api/tasks/{id}/draft-versions": {
        get: {
          operationId: "listDraftVersions",
          summary: "A draft's versions (normalized before commit), newest first",
          requestParams: { path: idParam },
          responses: { "200": { description: "Versions" }, "404": err("TASK_NOT_FOUND") },
        },
      },
      "/v1/import/{id}/result": {
        get: {
          operationId: "getImportResult",
          summary: "An import job's stored text beside its recipe",
          requestParams: { path: idParam },
          responses: { "200": { description: "Result" }, "404": json(zImportError, "not_found") },
        },
      },
      "/api/libraries/{id}/members/{userId}": {
        delete: {
          operationId: "removeLibraryMember",
          summary: "Remove a member (library admins; anyone may leave); the owner stays",
          requestParams: { path: z.object({ id: z.string(), userId: z.string() }) },
          responses: {
            "200": { description: "Removed" },
            "403": err("FORBIDDEN"),
            "404": err("LIBRARY_NOT_FOUND"),
          },
        },
      },
      // In the kitchen (issue 31): the caller's own, or their library's.
      "/api/plans": {
        get: {
          operationId: "listPlannedMeals",
          summary: "Meals planned between two days",
          responses: { "200": { description: "Meals" } },
        },
        post: {
          operationId: "addPlannedMeal",
          summary: "Put a recipe on a day",
          requestBody: { content: { "application/json": { schema: zAddMealRequest } } },
          responses: { "201": { description: "Planned" }, "404": err("RECIPE_NOT_FOUND") },
        },
      },
      "/api/plans/{id}": {
        patch: {
          operationId: "updatePlannedMeal",
          summary: "Move or change a planned meal",
          requestParams: { path: idParam },
          requestBody: { content: { "application/json": { schema: zUpdateMealRequest } } },
          responses: { "200": { description: "Changed" }, "404": err("PLAN_ENTRY_NOT_FOUND") },
        },
        delete: {
          operationId: "deletePlannedMeal",
          summary: "Take a meal off the plan",
          requestParams: { path: idParam },
          responses: { "200": { description: "Removed" }, "404": err("PLAN_ENTRY_NOT_FOUND") },
        },
      },
      "/api/shopping-lists": {
        get: {
          operationId: "listShoppingLists",
          summary: "Shopping lists",
          responses: { "200": { description: "Lists" } },
        },
        post: {
          operationId: "createShoppingList",
          summary: "A shopping list from the plan or chosen recipes, merged and grouped by aisle",
          requestBody: { content: { "application/json": { schema: zCreateShoppingListRequest } } },
          responses: { "201": { description: "List" } },
        },
      },
      "/api/shopping-lists/{id}": {
        get: {
          operationId: "getShoppingList",
          summary: "One shopping list",
          requestParams: { path: idParam },
          responses: { "200": { description: "List" }, "404": err("SHOPPING_LIST_NOT_FOUND") },
        },
        delete: {
          operationId: "deleteShoppingList",
          summary: "Delete a shopping list",
          requestParams: { path: idParam },
          responses: { "200": { description: "Deleted" }, "404": err("SHOPPING_LIST_NOT_FOUND") },
        },
      },
      "/api/shopping-lists/{id}/text": {
        get: {
          operationId: "getShoppingListText",
          summary: "A shopping list as plain text",
          requestParams: { path: idParam },
          responses: { "200": { description: "text/plain" }, "404": err("SHOPPING_LIST_NOT_FOUND") },
        },
      },
      "/api/shopping-lists/{id}/items/{itemId}": {
        patch: {
          operationId: "checkShoppingListItem",
          summary: "Tick or untick a line",
          requestParams: { path: z.object({ id: z.string(), itemId: z.string() }) },
          requestBody: { content: { "application/json": { schema: zCheckItemRequest } } },
          responses: { "200": { description: "Line" }, "404": err("SHOPPING_LIST_NOT_FOUND") },
        },
      },
      "/api/pantry": {
        get: {
          operationId: "listPantry",
          summary: "Pantry items left off shopping lists",
          responses: { "200": { description: "Items" } },
        },
        post: {
          operationId: "addPantryItem",
          summary: "Add a pantry item",
          requestBody: { content: { "application/json": { schema: zAddPantryRequest } } },
          responses: { "201": { description: "Added" } },
        },
      },
      "/api/pantry/{id}": {
        delete: {
          operationId: "deletePantryItem",
          summary: "Remove a pantry item",
          requestParams: { path: idParam },
          responses: { "200": { description: "Removed" }, "404": err("NOT_FOUND") },
        },
      },
      "/api/recipe-shares": {
        get: {
          operationId: "listRecipeShares",
          summary: "The caller's public links of a recipe",
          responses: { "200": { description: "Links" } },
        },
        post: {
          operationId: "createRecipeShare",
          summary: "A public read-only link to one of the caller's recipes",
          requestBody: { content: { "application/json": { schema: zCreateShareRequest } } },
          responses: { "201": { description: "Link (shown once)" }, "404": err("RECIPE_NOT_FOUND") },
        },
      },
      "/api/recipe-shares/{id}": {
        delete: {
          operationId: "deleteRecipeShare",
          summary: "Turn a public link off",
          requestParams: { path: idParam },
          responses: { "200": { description: "Revoked" }, "404": err("SHARE_NOT_FOUND") },
        },
      },
      "/shared/{token}": {
        get: {
          operationId: "getSharedRecipePage",
          summary: "A recipe's public read-only page, while its link is on",
          security: [],
          requestParams: { path: z.object({ token: z.string() }) },
          responses: { "200": { description: "text/html" }, "404": { description: "Link off or unknown" } },
        },
      },
      "/api/prompts": {
        get: {
          operationId: "listPrompts",
          summary: "Prompt templates (admins)",
          responses: { "200": { description: "Prompts" } },
        },
        post: {
          operationId: "createPrompt",
          summary: "Create a prompt version (admins)",
          requestBody: { content: { "application/json": { schema: zCreatePromptRequest } } },
          responses: { "201": json(zPromptTemplate, "Created"), "403": err("FORBIDDEN") },
        },
      },
      "/api/prompts/{id}": {
        get: {
          operationId: "getPrompt",
          summary: "One prompt template (admins)",
          requestParams: { path: idParam },
          responses: { "200": json(zPromptTemplate, "Prompt"), "404": err("PROMPT_NOT_FOUND") },
        },
      },
      "/api/prompts/{id}/activate": {
        post: {
          operationId: "activatePrompt",
          summary: "Make a prompt version the active one of its phase (admins)",
          requestParams: { path: idParam },
          responses: { "200": json(zPromptTemplate, "Active"), "404": err("PROMPT_NOT_FOUND") },
        },
      },
      "/api/prompts/{id}/deactivate": {
        post: {
          operationId: "deactivatePrompt",
          summary: "Deactivate a prompt version (admins)",
          requestParams: { path: idParam },
          responses: { "200": json(zPromptTemplate, "Inactive"), "404": err("PROMPT_NOT_FOUND") },
        },
      },
      "/api/fetcher/domains": {
        get: {
          operationId: "listFetcherDomains",
          summary: "Per-domain circuit state (admins)",
          responses: { "200": { description: "Domains" } },
        },
      },
      "/api/ops/status": {
        get: {
          operationId: "getOpsStatus",
          summary: "Readiness, queues, paused sites (admins)",
          responses: { "200": { description: "Status" } },
        },
      },
      "/api/ops/reconcile": {
        post: {
          operationId: "reconcileQueues",
          summary: "Run the reconciler now (admins)",
          responses: { "200": { description: "Requeued" } },
        },
      },
      "/api/discovery/curated/refresh": {
        post: {
          operationId: "refreshCuratedSources",
          summary: "Refresh the curated index (admins)",
          responses: { "200": { description: "Refreshed" } },
        },
      },
      "/healthz": {
        get: {
          operationId: "getLiveness",
          summary: "Liveness",
          security: [],
          responses: { "200": { description: "ok" } },
        },
      },
      "/readyz": {
        get: {
          operationId: "getReadiness",
          summary: "Readiness: database, queue, migrations",
          security: [],
          responses: { "200": { description: "ready" }, "503": { description: "not ready, and why" } },
        },
      },
      "/metrics": {
        get: {
          operationId: "getMetrics",
          summary: "Prometheus metrics (admins, or Server:MetricsToken)",
          responses: { "200": { description: "text/plain exposition" } },
        },
      },
      "/media/web-articles": {
        post: {
          operationId: "submitWebArticle",
          summary: "Save a web article (create, or attach the known one) to a library",
          requestBody: { content: { "application/json": { schema: zSubmitArticleRequest } } },
          responses: {
            "200": json(z.object({ data: zMedia }), "Existing media attached (ready, pending or failed)"),
            "202": json(z.object({ data: zMedia }), "New ingestion started"),
            "400": artErr("E_URL_INVALID"),
            "401": artErr("E_UNAUTHORIZED"),
            "403": artErr("E_FORBIDDEN"),
          },
        },
      },
      "/media": {
        get: {
          operationId: "listMedia",
          summary: "Articles of a library the caller belongs to",
          requestParams: { query: z.object({ library_id: z.string().optional() }) },
          responses: {
            "200": json(z.object({ data: z.object({ media: z.array(zMedia) }) }), "Media"),
            "404": artErr("E_NOT_FOUND"),
          },
        },
      },
      "/media/{id}": {
        get: {
          operationId: "getMedia",
          summary: "Media metadata",
          requestParams: { path: idParam },
          responses: { "200": json(z.object({ data: zMedia }), "Media"), "404": artErr("E_NOT_FOUND") },
        },
      },
      "/media/{id}/fragments": {
        get: {
          operationId: "listMediaFragments",
          summary: "Sanitized HTML of a ready article",
          requestParams: { path: idParam },
          responses: {
            "200": json(z.object({ data: z.object({ fragments: z.array(zFragment) }) }), "Fragments"),
            "404": artErr("E_NOT_FOUND"),
            "409": artErr("E_NOT_READY"),
          },
        },
      },
      "/media/{id}/retry": {
        post: {
          operationId: "retryMedia",
          summary: "Retry a failed article on the same media row",
          requestParams: { path: idParam },
          responses: {
            "202": json(z.object({ data: zMedia }), "Extracting again"),
            "404": artErr("E_NOT_FOUND"),
            "409": artErr("E_NOT_RETRYABLE"),
          },
        },
      },
      "/api/images/{id}": {
        get: {
          operationId: "getImage",
          summary: "A proxied article image (raster only, stored after the first fetch)",
          requestParams: { path: idParam },
          responses: {
            "200": { description: "The image bytes" },
            "403": artErr("E_IMAGE_FORBIDDEN"),
            "404": artErr("E_NOT_FOUND"),
            "413": artErr("E_IMAGE_TOO_LARGE"),
            "415": artErr("E_IMAGE_UNSUPPORTED"),
            "502": artErr("E_IMAGE_FETCH_FAILED"),
          },
        },
      },
      "/api/libraries": {
        get: {
          operationId: "listLibraries",
          summary: "The caller and the libraries they belong to (default personal library first)",
          responses: {
            "200": json(
              z.object({
                user: zUser.pick({ id: true, name: true, role: true }),
                libraries: z.array(zLibrary),
              }),
              "Libraries",
            ),
          },
        },
        post: {
          operationId: "createLibrary",
          summary: "Create a shared library administered by the caller",
          requestBody: { content: { "application/json": { schema: zCreateLibraryRequest } } },
          responses: { "201": json(zLibrary, "Created"), "400": err("INVALID_REQUEST") },
        },
      },
      "/api/libraries/{id}/members": {
        get: {
          operationId: "listLibraryMembers",
          summary: "A library's members (its members only)",
          requestParams: { path: idParam },
          responses: { "200": { description: "Members" }, "404": err("LIBRARY_NOT_FOUND") },
        },
        post: {
          operationId: "addLibraryMember",
          summary: "Add a member (or change their role); library admins only",
          requestParams: { path: idParam },
          requestBody: { content: { "application/json": { schema: zAddMemberRequest } } },
          responses: {
            "200": { description: "Member added" },
            "403": err("FORBIDDEN"),
            "404": err("LIBRARY_NOT_FOUND or USER_NOT_FOUND"),
          },
        },
      },
      "/api/tasks": {
        post: {
          operationId: "createTask",
          summary: "Create a task (AgentType Ingest, payload mode Url)",
          requestBody: { content: { "application/json": { schema: zCreateTaskRequest } } },
          responses: {
            "202": json(zCreateTaskResponse, "Task accepted; threadId generated when missing"),
            "400": err("INVALID_AGENT_TYPE or INVALID_PAYLOAD"),
          },
        },
        get: {
          operationId: "listTasks",
          summary: "The caller's tasks, newest first (status filter, paging; threadId optional)",
          requestParams: { query: zTaskListQuery },
          responses: {
            "200": json(
              z.object({
                threadId: z.string().optional(),
                tasks: z.array(zTaskState),
                total: z.number(),
                page: z.number(),
                pageSize: z.number(),
              }),
              "The caller's tasks, newest first",
            ),
            "400": err("INVALID_REQUEST"),
          },
        },
      },
      "/api/tasks/{id}": {
        get: {
          operationId: "getTask",
          summary: "Task state",
          requestParams: { path: idParam },
          responses: { "200": json(zTaskState, "Task state"), "404": err("TASK_NOT_FOUND") },
        },
      },
      "/api/tasks/{id}/events": {
        get: {
          operationId: "streamTaskEvents",
          summary: "Server-sent events: ingest.progress, ingest.<phase>.progress, ingest.review_ready",
          description: "A new subscriber first receives the current state. Supports Last-Event-ID.",
          requestParams: { path: idParam },
          responses: {
            "200": {
              description: "text/event-stream",
              content: { "text/event-stream": { schema: z.string() } },
            },
            "404": err("TASK_NOT_FOUND"),
          },
        },
      },
      "/api/tasks/{id}/reject": {
        post: {
          operationId: "rejectTask",
          summary: "Reject a ReviewReady draft",
          requestParams: { path: idParam },
          requestBody: {
            content: { "application/json": { schema: z.object({ reason: z.string().optional() }) } },
          },
          responses: {
            "200": json(z.object({ taskId: z.string(), status: z.literal("Rejected") }), "Rejected"),
            "404": err("TASK_NOT_FOUND"),
            "409": err("TASK_NOT_REVIEWABLE"),
            "410": err("DRAFT_EXPIRED"),
          },
        },
      },
      "/api/tasks/{id}/artifacts": {
        get: {
          operationId: "listTaskArtifacts",
          summary: "Artifact metadata",
          requestParams: { path: idParam },
          responses: { "200": { description: "Artifacts" }, "404": err("TASK_NOT_FOUND") },
        },
      },
      "/api/tasks/{id}/artifacts/{name}": {
        get: {
          operationId: "getTaskArtifact",
          summary: "Artifact content",
          requestParams: { path: z.object({ id: z.string(), name: z.string() }) },
          responses: { "200": { description: "Content" }, "404": err("ARTIFACT_NOT_FOUND") },
        },
      },
      // discovery (import by query)
      "/api/discovery/search": {
        post: {
          operationId: "searchRecipes",
          summary: "Search the configured providers for recipe pages and rank them (imports nothing)",
          requestBody: { content: { "application/json": { schema: zSearchRequest } } },
          responses: {
            "200": json(
              z.object({ provider: z.string(), candidates: z.array(zRankedCandidate) }),
              "Ranked candidates",
            ),
            "400": err("INVALID_REQUEST"),
            "422": err("DISCOVERY_NOT_CONFIGURED or NO_CANDIDATES"),
            "429": err("DISCOVERY_QUOTA_EXCEEDED"),
            "502": err("DISCOVERY_FAILED"),
          },
        },
      },
      "/api/tasks/{id}/restart": {
        post: {
          operationId: "restartTask",
          summary: "Restart an import by query with a chosen candidate: a new task in the same thread",
          requestParams: { path: idParam },
          requestBody: { content: { "application/json": { schema: zRestartRequest } } },
          responses: {
            "202": json(zCreateTaskResponse, "The new task"),
            "400": err("INVALID_PAYLOAD (not a query import, or no candidateIndex)"),
            "404": err("TASK_NOT_FOUND or CANDIDATE_NOT_FOUND"),
          },
        },
      },
      // normalize
      "/api/recipes/{id}/normalize": {
        post: {
          operationId: "proposeRecipeNormalization",
          summary: "Start a normalization of a stored recipe (a Normalize task)",
          requestParams: { path: idParam },
          requestBody: { content: { "application/json": { schema: zNormalizeRequest } } },
          responses: {
            "202": json(zCreateTaskResponse, "The normalization task"),
            "404": err("RECIPE_NOT_FOUND"),
          },
        },
      },
      "/api/tasks/{id}/normalize": {
        post: {
          operationId: "proposeDraftNormalization",
          summary: "Start a normalization of a ReviewReady draft, in the same thread",
          requestParams: { path: idParam },
          requestBody: { content: { "application/json": { schema: zNormalizeRequest } } },
          responses: {
            "202": json(zCreateTaskResponse, "The normalization task"),
            "404": err("TASK_NOT_FOUND"),
            "409": err("TASK_NOT_REVIEWABLE"),
          },
        },
      },
      "/api/tasks/{id}/apply": {
        post: {
          operationId: "applyDraftNormalization",
          summary: "Apply all, the Low, or picked operations of a normalization proposal as a new version",
          requestParams: { path: idParam },
          requestBody: { content: { "application/json": { schema: zApplyRequest } } },
          responses: {
            "200": { description: "Applied: kind, recipeId or taskId, version, applied and notApplied ids" },
            "400": err("INVALID_PAYLOAD or NOTHING_TO_APPLY"),
            "409": err("NORMALIZE_CONFLICT or TASK_NOT_REVIEWABLE"),
          },
        },
      },
      "/api/recipes/{id}/versions/{n}/restore": {
        post: {
          operationId: "restoreRecipeVersion",
          summary: "Restore version n as a new version",
          requestParams: { path: z.object({ id: z.string(), n: z.string() }) },
          responses: {
            "200": { description: "The new version" },
            "404": err("RECIPE_NOT_FOUND or VERSION_NOT_FOUND"),
            "409": err("RECIPE_VERSION_CONFLICT"),
          },
        },
      },
      "/api/recipes/import": {
        post: {
          operationId: "commitRecipe",
          summary: "Commit a ReviewReady draft, optionally edited (idempotent)",
          requestBody: { content: { "application/json": { schema: zCommitRequest } } },
          responses: {
            "200": json(zCommitResponse, "Committed (alreadyCommitted on a repeat)"),
            "400": err("INVALID_PAYLOAD or INVALID_RECIPE"),
            "404": err("TASK_NOT_FOUND"),
            "409": err("COMMIT_CONFLICT or TASK_NOT_REVIEWABLE"),
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
            "200": json(
              z.object({ id: z.string(), deletedAt: z.string(), restoreUntil: z.string() }),
              "Deleted",
            ),
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
      "/api/tasks/{id}/cancel": {
        post: {
          operationId: "cancelTask",
          summary: "Cancel a waiting or running import (it ends Failed with TASK_CANCELLED)",
          requestParams: { path: idParam },
          responses: {
            "200": json(zTaskState, "Cancelled"),
            "404": err("TASK_NOT_FOUND"),
            "409": err("TASK_NOT_CANCELLABLE"),
          },
        },
      },
      "/api/tasks/options": {
        get: {
          operationId: "getTaskOptions",
          summary: "The prompt selector's choices per configured LLM phase",
          responses: { "200": { description: "Import options" } },
        },
      },
      // Import jobs (import-pipeline-io.md)
      "/v1/uploads": {
        post: {
          operationId: "createUpload",
          summary: "Upload a PDF, photo, text or captions file (raw body or multipart field `file`)",
          requestBody: {
            content: {
              "application/octet-stream": { schema: z.string().meta({ format: "binary" }) },
              "multipart/form-data": { schema: z.object({ file: z.string().meta({ format: "binary" }) }) },
            },
          },
          responses: {
            "201": json(zUploadResponse, "Stored; use the token as source_ref"),
            "413": json(zImportError, "payload_too_large"),
            "415": json(zImportError, "unsupported_format"),
          },
        },
      },
      "/v1/import": {
        get: {
          operationId: "listImports",
          summary: "The caller's latest import jobs (at most 50, newest first)",
          responses: {
            "200": json(
              z.object({
                jobs: z.array(
                  zImportJob.extend({
                    source_type: z.string(),
                    source_ref: z.string(),
                    created_at: z.string(),
                  }),
                ),
              }),
              "Jobs",
            ),
          },
        },
        post: {
          operationId: "startImport",
          summary: "Start an import job (§2.1); the same source again answers 200 with the live job (§7)",
          requestBody: { content: { "application/json": { schema: zStartImportRequest } } },
          responses: {
            "202": json(zStartImportResponse, "Queued"),
            "200": json(zStartImportResponse, "The caller's live job for the same source"),
            "400": json(zImportError, "invalid_request"),
            "404": json(zImportError, "upload_not_found"),
          },
        },
      },
      "/v1/import/{id}": {
        get: {
          operationId: "getImport",
          summary: "Poll an import job (§2.2)",
          requestParams: { path: idParam },
          responses: { "200": json(zImportJob, "Job"), "404": json(zImportError, "not_found") },
        },
      },
      "/v1/import/{id}/events": {
        get: {
          operationId: "streamImportEvents",
          summary: "Progress as SSE `import_progress` events (§6) until the job ends",
          requestParams: { path: idParam },
          responses: {
            "200": {
              description: "text/event-stream",
              content: { "text/event-stream": { schema: zImportProgressEvent } },
            },
          },
        },
      },
      "/api/parse-requests": {
        post: {
          operationId: "submitParseRequest",
          summary: "Submit a recipe URL (guests allowed): the fresh cached recipe, or a request to poll",
          security: [{}, { bearer: [] }],
          requestBody: { content: { "application/json": { schema: zParseRequestSubmit } } },
          responses: {
            "200": json(zParseRecipeHit, "A recipe parsed within Recipe:Ttl:Days; no request created"),
            "202": json(zParseRequestAccepted, "The request in flight for this URL, or a new PENDING one"),
            "400": json(zParseRequestError, "PARSE_URL_INVALID"),
          },
        },
      },
      "/api/parse-requests/{id}": {
        get: {
          operationId: "getParseRequest",
          summary: "Poll a parse request (recipe when COMPLETED, error when FAILED)",
          security: [{}, { bearer: [] }],
          requestParams: { path: idParam },
          responses: {
            "200": json(zParseRequestState, "The request"),
            "404": json(zParseRequestError, '{"error": "Request not found"}'),
          },
        },
      },
      // Bookmarks (sync-enrichment.md)
      "/api/v1/items": {
        post: {
          operationId: "createItem",
          summary: "Save a bookmark, enriched within the sync budget (4 s)",
          description:
            "User-given title and excerpt win and are locked. Status follows the §6 table: a preview image makes it succeeded; otherwise pending and the async fallback (page again and/or screenshot) is queued.",
          requestBody: { content: { "application/json": { schema: zCreateItemRequest } } },
          responses: {
            "201": json(zItem, "Created"),
            "200": json(zItem, "The user already had a bookmark of this URL; returned unchanged"),
            "400": err("INVALID_ITEM"),
            "404": err("LIBRARY_NOT_FOUND"),
          },
        },
        get: {
          operationId: "listItems",
          summary: "The caller's bookmarks, newest first",
          requestParams: { query: zItemListQuery },
          responses: { "200": json(zItemList, "A page of bookmarks"), "400": err("INVALID_REQUEST") },
        },
      },
      "/api/v1/items/{id}": {
        get: {
          operationId: "getItem",
          summary: "One bookmark",
          requestParams: { path: idParam },
          responses: { "200": json(zItem, "Bookmark"), "404": err("ITEM_NOT_FOUND") },
        },
        patch: {
          operationId: "updateItem",
          summary: "Edit title, excerpt (a value locks it, null unlocks it) or library",
          requestParams: { path: idParam },
          requestBody: { content: { "application/json": { schema: zUpdateItemRequest } } },
          responses: {
            "200": json(zItem, "Bookmark"),
            "400": err("INVALID_ITEM"),
            "404": err("ITEM_NOT_FOUND or LIBRARY_NOT_FOUND"),
          },
        },
        delete: {
          operationId: "deleteItem",
          summary: "Delete a bookmark and its thumbnail",
          requestParams: { path: idParam },
          responses: { "204": { description: "Deleted" }, "404": err("ITEM_NOT_FOUND") },
        },
      },
      "/api/v1/items/{id}/enrich": {
        post: {
          operationId: "enrichItem",
          summary: "Re-enrich: sync first, the async fallback only if still no preview image",
          requestParams: { path: idParam },
          responses: {
            "200": json(zItem, "Completed synchronously (succeeded)"),
            "202": json(zItem, "Pending: the async fallback is queued"),
            "404": err("ITEM_NOT_FOUND"),
          },
        },
      },
      "/api/v1/items/{id}/preview": {
        get: {
          operationId: "getItemPreview",
          summary: "The page's preview image through Ladle's image proxy (what the web UI shows)",
          requestParams: { path: idParam },
          responses: {
            "200": {
              description: "Image bytes (raster only)",
              content: { "image/*": { schema: z.string() } },
            },
            "304": { description: "Not modified (If-None-Match)" },
            "404": err("ITEM_NOT_FOUND or PREVIEW_NOT_AVAILABLE"),
          },
        },
      },
      "/api/v1/items/{id}/thumbnail": {
        get: {
          operationId: "getItemThumbnail",
          summary: "The screenshot card thumbnail (WebP or JPEG), cacheable per user",
          requestParams: { path: idParam },
          responses: {
            "200": {
              description: "Image bytes",
              content: { "image/webp": { schema: z.string() }, "image/jpeg": { schema: z.string() } },
            },
            "304": { description: "Not modified (If-None-Match)" },
            "404": err("ITEM_NOT_FOUND or THUMBNAIL_NOT_FOUND"),
          },
        },
      },
    },
  });
  return cached;
}
