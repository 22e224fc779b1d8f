import { zRecipeDraft } from "../domain/draft.ts";
import { zIngestPayload } from "../domain/task.ts";
import { zNormalizeResult } from "../normalize/proposeNormalization.ts";
import { definedOperations, type RoutingTable } from "./defineRoute.ts";
import { loadAllRoutes } from "./lazyRoutes.ts";

const cached = new WeakMap<object, object>();

/**
 * The OpenAPI 3.1 document of `app`, generated from the definitions its routes were registered
 * with (defineRoute.ts); zod-openapi is loaded on the first request for it, not by every process
 * at start, and so are the families' routes not yet used (lazyRoutes.ts).
 */
export async function apiDocument(app: RoutingTable): Promise<object> {
  const hit = cached.get(app);
  if (hit) return hit;
  const [{ createDocument }] = await Promise.all([import("zod-openapi"), loadAllRoutes(app)]);
  const doc = createDocument({
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
    paths: definedOperations(app),
  });
  cached.set(app, doc);
  return doc;
}
