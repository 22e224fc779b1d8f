import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ERRORS } from "../../errors.ts";

// Apart from the routes: the app's auth and limits answer in this shape before the routes load.
export type ImportCode =
  | "invalid_request"
  | "not_found"
  | "upload_not_found"
  | "unsupported_format"
  | "payload_too_large"
  | "storage_full"
  | "rate_limited"
  | "unauthorized";

/** The /v1 error body: `{ error_code, error_msg }` with the catalogue's status. */
export function importError(c: Context, code: ImportCode, message?: string): Response {
  const e = ERRORS[code];
  return c.json({ error_code: code, error_msg: message ?? e.message }, e.status as ContentfulStatusCode);
}
