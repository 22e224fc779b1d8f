import type { ZodOpenApiPathsObject } from "zod-openapi";
import { zTaskDuplicates } from "../../domain/duplicates.ts";
import { err, idParam, json } from "../openapiParts.ts";

/** The contract of duplicate detection (issue 30), beside its routes. */
export const duplicatesPaths: ZodOpenApiPathsObject = {
  "/api/tasks/{id}/duplicates": {
    get: {
      operationId: "getTaskDuplicates",
      summary:
        "The recipes the caller may see that a waiting draft duplicates: the same address (AMP, print, mobile and tracking variants folded in) or the same recipe (near-same title and ingredients)",
      requestParams: { path: idParam },
      responses: {
        "200": json(zTaskDuplicates, "Matches, best first (empty when none)"),
        "404": err("TASK_NOT_FOUND"),
        "409": err("TASK_NOT_REVIEWABLE"),
      },
    },
  },
};
