import type { Context, MiddlewareHandler } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { isLoopbackBind } from "../../config.ts";
import { ERRORS, type ErrorCode } from "../../errors.ts";
import { auth, type AuthEnv, type Gate } from "../auth.ts";

// Apart from the routes: the app checks the token and limits before the family's routes load.
/** This family's error body: `{ error }` as the document writes it, with `code` on bad input. */
export function sendParseError(c: Context, code: ErrorCode, message?: string): Response {
  const body =
    code === "PARSE_REQUEST_NOT_FOUND"
      ? { error: ERRORS[code].message }
      : { error: message ?? ERRORS[code].message, code };
  return c.json(body, ERRORS[code].status as ContentfulStatusCode);
}

/**
 * Guests allowed (the document's PoC phase, spec README "Who may do what"): a request without a
 * token goes on without a caller, except on an open server (loopback, no users) where every caller
 * is the local admin. A token, when sent, is checked as everywhere else, so a user's id is recorded
 * and a wrong token is refused rather than silently ignored.
 */
export function guestOrAuth({ config, users }: Gate): MiddlewareHandler<AuthEnv> {
  const checked = auth(config, users, (c) =>
    sendParseError(
      c,
      "UNAUTHORIZED",
      "The bearer token is not valid; send a valid token, or none to ask as a guest.",
    ),
  );
  const loopback = isLoopbackBind(config.Server.Host) || config.Auth.SinglePerson;
  return async (c, next) => {
    if (c.req.header("authorization")) return checked(c, next);
    if (loopback && (await users.noUsers())) return checked(c, next);
    return next();
  };
}
