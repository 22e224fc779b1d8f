import { z } from "zod";
import type { ErrorCode } from "../errors.ts";

/** The kinds of source an import job reads. */
export const zImportSourceType = z.enum(["url", "pdf", "image", "video", "text"]);
export type ImportSourceType = z.infer<typeof zImportSourceType>;

/** Job states. */
export const zImportStatus = z.enum(["queued", "running", "failed", "completed"]);
export type ImportStatus = z.infer<typeof zImportStatus>;

/** Failure codes. */
export const IMPORT_ERROR_CODES = [
  "download_error",
  "unsupported_format",
  "extraction_failed",
  "timeout",
  "oom",
] as const;
export const zImportErrorCode = z.enum(IMPORT_ERROR_CODES);
export type ImportErrorCode = z.infer<typeof zImportErrorCode>;

/** The code for a failure of the shared extraction core or gateway. */
export function importCodeOf(code: ErrorCode | string): ImportErrorCode {
  switch (code) {
    case "URL_NOT_ALLOWED":
    case "FETCH_FAILED":
    case "FETCH_TIMEOUT":
    case "FETCH_HTTP_ERROR":
    case "TOO_MANY_REDIRECTS":
    case "FETCH_BLOCKED":
    case "ROBOTS_DISALLOWED":
    case "DOMAIN_CIRCUIT_OPEN":
    case "DOMAIN_DENIED":
    case "RENDER_FAILED":
      return "download_error";
    case "FETCH_TOO_LARGE":
      return "oom";
    case "UNSUPPORTED_CONTENT_TYPE":
      return "unsupported_format";
    default:
      return "extraction_failed";
  }
}

/** Whose words an import holds: the copy check runs on someone else's, never on the cook's own. */
export const zWordsFrom = z.enum(["mine", "someone_else"]);
export type WordsFrom = z.infer<typeof zWordsFrom>;

/** Whose words a source holds when the request does not say: web pages and videos are someone else's. */
export function wordsFromFor(sourceType: string, said: WordsFrom | undefined): WordsFrom {
  if (sourceType === "url" || sourceType === "video") return "someone_else";
  return said ?? "mine";
}

/**
 * `POST /v1/import`. `source_ref` is a URL or an upload token (`POST /v1/uploads`); for
 * `text` it may also be the pasted text itself.
 */
export const zStartImportRequest = z
  .object({
    source_type: zImportSourceType,
    source_ref: z
      .string()
      .min(1)
      .max(4 * 1024 * 1024),
    /**
     * Whose words a text or file holds. `mine` (the default for text, pdf and image): the copy check
     * is not run on a cook's own words. `someone_else` (a book, a magazine, a site): it is. Web pages
     * and videos are always someone else's.
     */
    words: zWordsFrom.optional(),
  })
  .meta({ id: "StartImportRequest" });
export type StartImportRequest = z.infer<typeof zStartImportRequest>;

/** `202` (new job) or `200` (the existing live job for the same source). */
export const zStartImportResponse = z
  .object({ id: z.uuid(), status: zImportStatus })
  .meta({ id: "StartImportResponse" });

/** `GET /v1/import/{id}`. */
export const zImportJob = z
  .object({
    id: z.uuid(),
    status: zImportStatus,
    progress: z.number().int().min(0).max(100),
    recipe_id: z.string().nullable(),
    error_code: zImportErrorCode.nullable(),
    error_msg: z.string().max(256).nullable(),
    updated_at: z.iso.datetime({ offset: true }),
  })
  .meta({ id: "ImportJob" });
export type ImportJob = z.infer<typeof zImportJob>;

/** One SSE `import_progress` event. */
export const zImportProgressEvent = z
  .object({
    type: z.literal("import_progress"),
    job_id: z.uuid(),
    progress: z.number().int().min(0).max(100),
    status: zImportStatus,
  })
  .meta({ id: "ImportProgressEvent" });
export type ImportProgressEvent = z.infer<typeof zImportProgressEvent>;

/** What an upload's bytes are, decided from the bytes alone. */
export const zUploadKind = z.enum(["pdf", "image", "text", "captions"]);
export type UploadKind = z.infer<typeof zUploadKind>;

/** `POST /v1/uploads` → the token to use as `source_ref`. */
export const zUploadResponse = z
  .object({
    token: z.string(),
    kind: zUploadKind,
    content_type: z.string(),
    size: z.number().int(),
    sha256: z.string().length(64),
  })
  .meta({ id: "UploadResponse" });
export type UploadResponse = z.infer<typeof zUploadResponse>;

/** The /v1 error body: a-style code and a message for people. */
export const zImportError = z
  .object({ error_code: z.string(), error_msg: z.string() })
  .meta({ id: "ImportError" });
