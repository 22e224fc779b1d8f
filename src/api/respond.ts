import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ERRORS, errorBody, fail, statusOf, type ErrorCode, type Failure } from "../errors.ts";

/** Sends a Failure as the error body with the catalogue's status. */
export function sendFailure(c: Context, f: Failure): Response {
  return c.json(errorBody(f), statusOf(f.code) as ContentfulStatusCode);
}

/** Sends a catalogue error. */
export function sendError(
  c: Context,
  code: ErrorCode,
  message?: string,
  details?: Record<string, unknown>,
): Response {
  return sendFailure(c, fail(code, message, details));
}

/** The text of responses made by `sendJson`, so that who needs it (the idempotency record) reads no clone. */
const jsonTexts = new WeakMap<Response, string>();

/** `c.json(value, status)`, keeping the body's text at hand (`sentText`). */
export function sendJson(c: Context, value: unknown, status: ContentfulStatusCode = 200): Response {
  const text = JSON.stringify(value);
  const res = c.body(text, status, { "content-type": "application/json" });
  jsonTexts.set(res, text);
  return res;
}

/**
 * The body text of a response made by `sendJson`; else undefined (read a clone of it instead: a
 * response body can be read once, and on the Node server reading it builds a fetch Response).
 */
export function sentText(res: Response): string | undefined {
  return jsonTexts.get(res);
}

/**
 * 503 DATABASE_UNAVAILABLE with `Retry-After`, in the error shape of the family the path belongs
 * to: a client retries later instead of treating the request as failed for good.
 */
export function sendUnavailable(c: Context, retryAfterSeconds: number): Response {
  c.header("Retry-After", String(retryAfterSeconds));
  const path = c.req.path;
  const { message } = ERRORS.DATABASE_UNAVAILABLE;
  // import-pipeline-io.md's /v1 family: { error_code, error_msg }.
  if (path.startsWith("/v1/")) return c.json({ error_code: "database_unavailable", error_msg: message }, 503);
  // The articles' envelope (/media): { error: { code, message } }.
  if (path.startsWith("/media/")) return c.json({ error: { code: "DATABASE_UNAVAILABLE", message } }, 503);
  // parse-request-flow.md: { error, code }.
  if (path.startsWith("/api/parse-requests"))
    return c.json({ error: message, code: "DATABASE_UNAVAILABLE" }, 503);
  return sendError(c, "DATABASE_UNAVAILABLE");
}
