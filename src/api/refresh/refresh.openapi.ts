import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { zRefreshApplyRequest, zRefreshState } from "../../services/refreshRecipe.service.ts";
import { err, json } from "../openapiParts.ts";

const zRefreshStarted = z
  .object({ refreshId: z.string(), recipeId: z.string(), status: z.literal("running") })
  .meta({ id: "RefreshStarted" });
const refreshParams = z.object({ id: z.string(), refreshId: z.string() });

/** The contract of "refresh from source", beside its routes; src/api/openapi.ts composes the document. */
export const refreshPaths: ZodOpenApiPathsObject = {
  "/api/recipes/{id}/refresh": {
    post: {
      operationId: "startRecipeRefresh",
      summary: "Read the recipe's source page again (an import task); the changes come as a patch to review",
      requestParams: { path: z.object({ id: z.string() }) },
      responses: {
        "202": json(zRefreshStarted, "Reading the page; poll the refresh for its changes"),
        "404": err("RECIPE_NOT_FOUND"),
        "422": err("REFRESH_NO_SOURCE"),
      },
    },
  },
  "/api/recipes/{id}/refresh/{refreshId}": {
    get: {
      operationId: "getRecipeRefresh",
      summary:
        "A refresh: running, or the source's changes as JSON Patch operations against your version, conflicts with both sides",
      requestParams: { path: refreshParams },
      responses: {
        "200": json(zRefreshState, "The refresh"),
        "404": err("RECIPE_NOT_FOUND or REFRESH_NOT_FOUND"),
      },
    },
  },
  "/api/recipes/{id}/refresh/{refreshId}/apply": {
    post: {
      operationId: "applyRecipeRefresh",
      summary: "Take the picked changes (and the source's side of picked conflicts) as a new version",
      requestParams: { path: refreshParams },
      requestBody: { content: { "application/json": { schema: zRefreshApplyRequest } } },
      responses: {
        "200": { description: "Applied: the new version (null when nothing was taken) and the recipe" },
        "400": err("INVALID_PAYLOAD or INVALID_RECIPE"),
        "404": err("RECIPE_NOT_FOUND or REFRESH_NOT_FOUND"),
        "409": err("REFRESH_NOT_READY or RECIPE_VERSION_CONFLICT"),
      },
    },
  },
};
