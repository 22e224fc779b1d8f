import type { ZodOpenApiPathsObject } from "zod-openapi";
import { zCreateTaskResponse } from "../../domain/task.ts";
import { zApplyRequest } from "../../services/applyNormalization.ts";
import { zNormalizeRequest } from "./normalize.routes.ts";
import { z } from "zod";
import { err, idParam, json } from "../openapiParts.ts";

/** The contract of normalization proposals and draft versions, beside the routes that serve it; src/api/openapi.ts composes the document. */
export const normalizePaths: ZodOpenApiPathsObject = {
  "/api/tasks/{id}/draft-versions": {
    get: {
      operationId: "listDraftVersions",
      summary: "A draft's versions (normalized before commit), newest first",
      requestParams: { path: idParam },
      responses: { "200": { description: "Versions" }, "404": err("TASK_NOT_FOUND") },
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
};
