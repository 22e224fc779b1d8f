import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { errorBody, fail, statusOf, type ErrorCode, type Failure } from "../errors.ts";

/** Sends a Failure as the §8.2 error body with the catalogue's status. */
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

/** Reads a JSON body; a Failure with `code` when it is missing or malformed. */
export async function readJson(c: Context, code: ErrorCode): Promise<{ ok: true; value: unknown } | Failure> {
  const text = await c.req.text();
  if (!text.trim()) return fail(code, "Request body must be a JSON object.");
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (err) {
    return fail(code, `Request body is not valid JSON: ${(err as Error).message}`);
  }
}
