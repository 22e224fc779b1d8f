import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { fail, statusOf, type ErrorCode, type Failure } from "../../errors.ts";

// Apart from the routes: the app's limits answer in this envelope before the family's routes load.
/** The article family's error envelope: `{ error: { code, message } }`. */
export function sendArticleFailure(c: Context, f: Pick<Failure, "code" | "message">): Response {
  return c.json({ error: { code: f.code, message: f.message } }, statusOf(f.code) as ContentfulStatusCode);
}

export const articleError = (c: Context, code: ErrorCode, message?: string) =>
  sendArticleFailure(c, fail(code, message));
