import { zRecipeDraft } from "../domain/draft.ts";
import { zIngestPayload } from "../domain/task.ts";
import { zNormalizeResult } from "../normalize/proposeNormalization.ts";
import { collectionPaths } from "./collections/collections.openapi.ts";
import { discoveryPaths } from "./discovery/discovery.openapi.ts";
import { duplicatesPaths } from "./duplicates/duplicates.openapi.ts";
import { importsPaths } from "./imports/imports.openapi.ts";
import { itemsPaths } from "./items/items.openapi.ts";
import { librariesPaths } from "./libraries/libraries.openapi.ts";
import { mediaPaths } from "./media/media.openapi.ts";
import { normalizePaths } from "./normalize/normalize.openapi.ts";
import { opsPaths } from "./ops/ops.openapi.ts";
import { parseRequestsPaths } from "./parseRequests/parseRequests.openapi.ts";
import { plansPaths } from "./plans/plans.openapi.ts";
import { promptsPaths } from "./prompts/prompts.openapi.ts";
import { recipesPaths } from "./recipes/recipes.openapi.ts";
import { searchPaths } from "./search/search.openapi.ts";
import { refreshPaths } from "./refresh/refresh.openapi.ts";
import { sessionPaths } from "./session/session.openapi.ts";
import { sharePaths } from "./share/share.openapi.ts";
import { sharesPaths } from "./shares/shares.openapi.ts";
import { shoppingPaths } from "./shopping/shopping.openapi.ts";
import { tasksPaths } from "./tasks/tasks.openapi.ts";
import { usersPaths } from "./users/users.openapi.ts";
import { webhooksPaths } from "./webhooks/webhooks.openapi.ts";

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
      ...collectionPaths,
      ...discoveryPaths,
      ...duplicatesPaths,
      ...importsPaths,
      ...itemsPaths,
      ...librariesPaths,
      ...mediaPaths,
      ...normalizePaths,
      ...opsPaths,
      ...parseRequestsPaths,
      ...plansPaths,
      ...promptsPaths,
      ...recipesPaths,
      ...searchPaths,
      ...refreshPaths,
      ...sessionPaths,
      ...sharePaths,
      ...sharesPaths,
      ...shoppingPaths,
      ...tasksPaths,
      ...usersPaths,
      ...webhooksPaths,
    },
  });
  return cached;
}
