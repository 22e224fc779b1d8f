import type { ZodOpenApiPathsObject } from "zod-openapi";
import {
  zImportError,
  zImportJob,
  zImportProgressEvent,
  zStartImportRequest,
  zStartImportResponse,
  zUploadResponse,
} from "../../domain/importJob.ts";
import { z } from "zod";
import { idParam, json } from "../openapiParts.ts";

/** The contract of the /v1 import family (uploads, jobs), beside the routes that serve it; src/api/openapi.ts composes the document. */
export const importsPaths: ZodOpenApiPathsObject = {
  "/v1/import/{id}/result": {
    get: {
      operationId: "getImportResult",
      summary: "An import job's stored text beside its recipe",
      requestParams: { path: idParam },
      responses: { "200": { description: "Result" }, "404": json(zImportError, "not_found") },
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
};
