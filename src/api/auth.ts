import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { isLoopbackBind, type Config } from "../config.ts";
import type { Caller } from "../domain/user.ts";
import type { UsersService } from "../services/users/index.ts";
import { sendError } from "./respond.ts";
import type { Logger } from "pino";
import { proxySignIn } from "./proxySignIn.ts";
import { sameOriginWrite } from "./originPolicy.ts";

export type { Caller } from "../domain/user.ts";

/** The cookie (Path=/api/images/) the web UI sets so that proxied images load in `<img>`. */
export const IMAGE_COOKIE = "ladle_image_token";
const IMAGE_PATH = "/api/images/";

/** The HttpOnly cookie a password sign-in sets (the web app's session). */
export const SESSION_COOKIE = "ladle_session";

export type AuthEnv = { Variables: { caller: Caller } };

/** What a route factory that checks its callers itself is handed besides its family. */
export interface Gate {
  readonly config: Config;
  readonly users: UsersService;
  readonly log?: Logger;
}

/**
 * Bearer-token auth against the database's hashed tokens. With no users at all and a loopback
 * bind, every caller is the one local admin, a real `local` user row (spec README, "Who may do
 * what"); otherwise a valid token is required. `unauthorized` presents the 401 in the family's shape.
 */
export function auth(
  config: Config,
  users: UsersService,
  unauthorized: (c: Context) => Response = (c) => sendError(c, "UNAUTHORIZED"),
  log?: Logger,
): MiddlewareHandler<AuthEnv> {
  const loopback = isLoopbackBind(config.Server.Host);
  const byProxy = proxySignIn(config, users, log);
  return async (c, next) => {
    const header = c.req.header("authorization") ?? "";
    const token =
      /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim() ??
      // <img> cannot send a header: the web UI keeps the token in a cookie scoped to the image proxy.
      (c.req.method === "GET" && c.req.path.startsWith(IMAGE_PATH) ? getCookie(c, IMAGE_COOKIE) : undefined);
    if (token) {
      const caller = await users.authenticate(token);
      if (!caller) return unauthorized(c);
      c.set("caller", caller);
      return next();
    }
    const session = getCookie(c, SESSION_COOKIE);
    if (session) {
      const caller = await users.authenticate(session);
      if (caller) {
        if (!sameOriginWrite(c, config.Server)) return sendError(c, "CROSS_SITE_REQUEST");
        c.set("caller", caller);
        return next();
      }
      // An expired or signed-out cookie: as if none was sent (the loopback admin, or a 401).
    }
    const named = await byProxy(c);
    if (named) {
      // The browser sends what the proxy adds to every request, like a cookie: same-site writes only.
      if (!sameOriginWrite(c, config.Server)) return sendError(c, "CROSS_SITE_REQUEST");
      c.set("caller", named);
      return next();
    }
    // Before the first run names an owner: the one person of a loopback (or single-person) install.
    if ((loopback || config.Auth.SinglePerson) && (await users.noUsers())) {
      c.set("caller", await users.localAdmin());
      return next();
    }
    return unauthorized(c);
  };
}
