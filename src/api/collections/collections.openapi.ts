import { z } from "zod";
import { zCommitPolicy } from "../../services/collections.service.ts";

/** `POST /api/collections` as JSON: a list of URLs, or a live Mealie server and token. */
export const zStartCollectionJson = z.union([
  z.object({
    urls: z.array(z.string().max(4000)).min(1).max(10_000),
    policy: zCommitPolicy.default("commit_clean"),
  }),
  z.object({
    /** Every recipe of a live Mealie server, read through its API with the user's token. */
    mealie: z.object({ server: z.string().min(1).max(2000), token: z.string().min(1).max(4000) }),
    policy: zCommitPolicy.default("commit_clean"),
  }),
]);

const idParam = z.object({ id: z.string() });
const itemParam = z.object({ id: z.string(), seq: z.string() });
const errBody = z.object({ code: z.string(), message: z.string() });
const err = (d: string) => ({ description: d, content: { "application/json": { schema: errBody } } });

export const zCollectionView = z
  .object({
    id: z.string(),
    name: z.string(),
    format: z.string(),
    policy: z.enum(["commit_clean", "review_all"]),
    status: z.enum(["queued", "running", "completed", "cancelled", "failed"]),
    total: z.number().int(),
    done: z.number().int(),
    counts: z.object({
      imported: z.number().int(),
      duplicate: z.number().int(),
      needsReview: z.number().int(),
      failed: z.number().int(),
      cancelled: z.number().int(),
      pending: z.number().int(),
    }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "CollectionJob" });

export const zReportEntry = z
  .object({
    seq: z.number().int(),
    label: z.string(),
    kind: z.enum(["recipe", "url", "bookmark", "failed"]),
    status: z.enum(["pending", "imported", "duplicate", "needs_review", "failed", "cancelled"]),
    reason: z.string().nullable(),
    resultId: z.string().nullable(),
    duplicateOf: z.string().nullable(),
  })
  .meta({ id: "CollectionReportEntry" });

const json = (schema: z.ZodType, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

/** The collections family's paths (issue 29), merged into the OpenAPI document. */
export const collectionPaths = {
  "/api/collections": {
    post: {
      operationId: "startCollectionImport",
      summary:
        'Start a bulk import: a collection file (raw body or multipart "file"; Paprika, Mealie, Tandoor, Nextcloud Cookbook, Cooklang, schema.org JSON-LD, bookmark HTML, Pocket CSV, Omnivore/Karakeep JSON, saved recipe page, URL list; format told by content) with ?policy=commit_clean|review_all, or JSON {urls, policy}, or JSON {mealie: {server, token}, policy} to import every recipe of a live Mealie server through its API',
      requestBody: { content: { "application/json": { schema: zStartCollectionJson } } },
      responses: {
        "202": json(zCollectionView, "The job, queued"),
        "413": err("PAYLOAD_TOO_LARGE"),
        "422": err("COLLECTION_UNREADABLE"),
      },
    },
    get: {
      operationId: "listCollectionImports",
      summary: "The caller's bulk jobs, newest first",
      responses: { "200": { description: "Jobs" } },
    },
  },
  "/api/collections/export": {
    get: {
      operationId: "exportCollection",
      summary:
        "Export as jsonld (zip with images), paprika, cooklang (zip), html (printable cookbook), netscape or json",
      requestParams: {
        query: z.object({
          format: z.enum(["jsonld", "paprika", "cooklang", "html", "netscape", "json"]),
          type: z.enum(["recipe", "article", "bookmark"]).optional(),
          ids: z.string().optional(),
        }),
      },
      responses: { "200": { description: "The file" }, "400": err("INVALID_REQUEST") },
    },
  },
  "/api/collections/images/{id}": {
    get: {
      operationId: "getCollectionImage",
      summary: "Moved: an imported recipe's picture is at /api/images/recipes/{id} like every recipe picture",
      deprecated: true,
      requestParams: { path: idParam },
      responses: { "301": { description: "To /api/images/recipes/{id}" } },
    },
  },
  "/api/collections/{id}": {
    get: {
      operationId: "getCollectionImport",
      summary: "A bulk job with its counts",
      requestParams: { path: idParam },
      responses: { "200": json(zCollectionView, "Job"), "404": err("COLLECTION_NOT_FOUND") },
    },
  },
  "/api/collections/{id}/report": {
    get: {
      operationId: "getCollectionReport",
      summary:
        "The per-entry report: imported, duplicate (with the existing one), needs review, failed (with the reason)",
      requestParams: { path: idParam },
      responses: {
        "200": json(z.object({ job: zCollectionView, entries: z.array(zReportEntry) }), "Report"),
        "404": err("COLLECTION_NOT_FOUND"),
      },
    },
  },
  "/api/collections/{id}/events": {
    get: {
      operationId: "streamCollectionProgress",
      summary: "Live progress (SSE `collection_progress` events until the job ends)",
      requestParams: { path: idParam },
      responses: { "200": { description: "text/event-stream" }, "404": err("COLLECTION_NOT_FOUND") },
    },
  },
  "/api/collections/{id}/cancel": {
    post: {
      operationId: "cancelCollectionImport",
      summary: "Cancel a job: entries not yet done are marked cancelled, done ones stay",
      requestParams: { path: idParam },
      responses: { "200": json(zCollectionView, "Cancelled"), "404": err("COLLECTION_NOT_FOUND") },
    },
  },
  "/api/collections/{id}/commit-clean": {
    post: {
      operationId: "commitCleanCollectionDrafts",
      summary: "Commit every held draft that has no errors",
      requestParams: { path: idParam },
      responses: {
        "200": { description: "How many were committed and left" },
        "404": err("COLLECTION_NOT_FOUND"),
      },
    },
  },
  "/api/collections/{id}/items/{seq}": {
    get: {
      operationId: "getCollectionDraft",
      summary: "A draft held for review",
      requestParams: { path: itemParam },
      responses: {
        "200": { description: "The draft" },
        "404": err("COLLECTION_NOT_FOUND"),
        "409": err("COLLECTION_ITEM_NOT_REVIEWABLE"),
      },
    },
  },
  "/api/collections/{id}/items/{seq}/commit": {
    post: {
      operationId: "commitCollectionDraft",
      summary: "Commit a held draft, with the reviewer's fixed recipe in {recipe} when given",
      requestParams: { path: itemParam },
      responses: {
        "200": { description: "The committed recipe" },
        "404": err("COLLECTION_NOT_FOUND"),
        "409": err("COLLECTION_ITEM_NOT_REVIEWABLE"),
        "422": err("INVALID_RECIPE"),
      },
    },
  },
};
