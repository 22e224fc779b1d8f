import type { ZodOpenApiPathsObject } from "zod-openapi";
import { zRankedCandidate } from "../../domain/discovery.ts";
import { zCreateTaskResponse } from "../../domain/task.ts";
import { zRestartRequest, zSearchRequest } from "./discovery.routes.ts";
import { z } from "zod";
import { err, idParam, json } from "../openapiParts.ts";

/** The contract of recipe search and discovery, beside the routes that serve it; src/api/openapi.ts composes the document. */
export const discoveryPaths: ZodOpenApiPathsObject = {
  "/api/discovery/curated/refresh": {
    post: {
      operationId: "refreshCuratedSources",
      summary: "Refresh the curated index (admins)",
      responses: { "200": { description: "Refreshed" } },
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
};
