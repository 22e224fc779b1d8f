import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import type { Caller } from "../../domain/user.ts";
import { type Gate, SESSION_COOKIE, type AuthEnv } from "../auth.ts";

// Apart from the routes: the app checks who shares before the family's routes load.
/** Where the web app opens a share, or says what went wrong with one (words for the person sharing). */
export const shareLanding = (id: string) => `/#/share/${id}`;
export const shareProblem = (message: string) => `/#/share/problem?${new URLSearchParams({ message })}`;

export const bearerOf = (c: Context) =>
  /^Bearer\s+(.+)$/i.exec(c.req.header("authorization") ?? "")?.[1]?.trim();

/** Who sent a share: a token, or the session cookie; else null. */
async function signedIn(c: Context, users: Gate["users"]): Promise<Caller | null> {
  const token = bearerOf(c) ?? getCookie(c, SESSION_COOKIE);
  return token ? users.authenticate(token) : null;
}

/**
 * `POST /share` is the API's like any other: who sends it first, then the body limit, then the
 * body. Signed out, nothing is read or kept here: the web app's service worker keeps the share in
 * the browser and sends it again once the person has signed in; without it, the person is asked to
 * sign in and share again.
 */
export function shareSignIn({ users }: Pick<Gate, "users">): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    if (c.req.method !== "POST") return next();
    const caller = await signedIn(c, users);
    if (!caller) return c.redirect(shareProblem("Sign in to Ladle, then share it again."), 303);
    c.set("caller", caller);
    return next();
  };
}
