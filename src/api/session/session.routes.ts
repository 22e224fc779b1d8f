import { Hono, type Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { z } from "zod";
import type { Config } from "../../config.ts";
import type { Users } from "../../services/users/index.ts";
import { clientAddress, requestProtocol } from "../clientAddress.ts";
import { IMAGE_COOKIE, SESSION_COOKIE, type AuthEnv } from "../auth.ts";
import { sendError, sendFailure } from "../respond.ts";
import { sameOriginWrite } from "../originPolicy.ts";
import { defineRoute, refuseWith } from "../defineRoute.ts";
import { zPersonSettings, zPersonSettingsUpdate, zUser } from "../../domain/user.ts";
import { err, json } from "../openapiParts.ts";

export const zSignInRequest = z
  .object({ name: z.string().min(1).max(64), password: z.string().min(1).max(1024) })
  .meta({ id: "SignInRequest" });
export const zChangePasswordRequest = z
  .object({ current: z.string().max(1024).optional(), password: z.string().max(1024) })
  .meta({ id: "ChangePasswordRequest" });

/** Who is signed in, how, and whether they have a password to change (else to set). */
export const zSession = z
  .object({
    user: zUser.pick({ id: true, name: true, role: true }),
    via: z.enum(["session", "token"]),
    hasPassword: z.boolean(),
    /** The person's language and units, so the web app draws its first screen in them. */
    settings: zPersonSettings,
  })
  .meta({ id: "Session" });

/** Cookie attributes of a session: HttpOnly, SameSite=Lax, Secure when the request came over https (directly or through a trusted proxy). */
export function cookieOptions(c: Context, trustedProxies: readonly string[], expires?: Date) {
  return {
    path: "/",
    httpOnly: true,
    sameSite: "Lax" as const,
    secure: requestProtocol(c, trustedProxies) === "https",
    ...(expires ? { expires } : {}),
  };
}

/**
 * `POST /api/session`: a name and password open a session (an HttpOnly cookie). Mounted before
 * the API's auth (nobody is signed in yet) behind the body limit.
 */
export function signInRoutes(
  { signIn, household }: Pick<Users, "signIn" | "household">,
  config: Config,
): Hono<AuthEnv> {
  const r = new Hono<AuthEnv>();
  defineRoute(
    r,
    {
      method: "post",
      path: "/",
      operationId: "signIn",
      summary: "Sign in with a name and password: sets the HttpOnly session cookie (no token needed)",
      security: [],
      requestBody: { content: { "application/json": { schema: zSignInRequest } } },
      responses: {
        "200": json(
          z.object({ user: zUser.pick({ id: true, name: true, role: true }), expiresAt: z.string() }),
          "Signed in",
        ),
        "401": err("INVALID_CREDENTIALS"),
        "403": err("CROSS_SITE_REQUEST, ACCOUNT_DISABLED or PASSWORD_SIGNIN_OFF"),
        "429": err("RATE_LIMITED"),
      },
      invalid: refuseWith("INVALID_REQUEST", 'Send {"name": "<your name>", "password": "…"}.'),
    },
    // Login CSRF: another site's page must not sign this browser in as someone else (a form can
    // post a JSON-looking text/plain body), so a sign-in too comes from Ladle's own pages; both
    // refusals come before the body is read.
    async (c, next) => {
      if (!sameOriginWrite(c, config.Server)) return sendError(c, "CROSS_SITE_REQUEST");
      if (!(await household.passwordSignInOpen())) return sendError(c, "PASSWORD_SIGNIN_OFF");
      return next();
    },
    async (c) => {
      const req = c.req.valid("json");
      const res = await signIn.signIn(
        req.name,
        req.password,
        clientAddress(c, config.Server.TrustedProxies),
        c.req.header("user-agent") ?? null,
      );
      if (!res.ok) {
        const wait = res.details?.retryAfterSeconds;
        if (typeof wait === "number") c.header("Retry-After", String(wait));
        return sendFailure(c, res);
      }
      setCookie(
        c,
        SESSION_COOKIE,
        res.value.token,
        cookieOptions(c, config.Server.TrustedProxies, res.value.expiresAt),
      );
      return c.json({ user: res.value.caller, expiresAt: res.value.expiresAt.toISOString() }, 200);
    },
  );
  return r;
}

/** `GET/DELETE /api/session` and `PUT /api/session/password`: who is signed in, sign out, own password. */
export function sessionRoutes(
  { signIn, personSettings }: Pick<Users, "signIn" | "personSettings">,
  config: Config,
): Hono<AuthEnv> {
  const r = new Hono<AuthEnv>();
  defineRoute(
    r,
    {
      method: "get",
      path: "/",
      operationId: "getSession",
      summary: "Who is signed in (by session cookie or token), and whether they have a password",
      responses: { "200": json(zSession, "The caller"), "401": err("UNAUTHORIZED") },
    },
    async (c) => {
      const caller = c.get("caller");
      return c.json({
        user: caller,
        via: getCookie(c, SESSION_COOKIE) && !c.req.header("authorization") ? "session" : "token",
        hasPassword: await signIn.hasPassword(caller.id),
        settings: await personSettings.get(caller),
      });
    },
  );
  defineRoute(
    r,
    {
      method: "put",
      path: "/image-cookie",
      operationId: "setImageCookie",
      summary:
        "Token sign-in: lets <img> load proxied pictures by setting the sent bearer token as an HttpOnly cookie scoped to /api/images/",
      responses: { "204": { description: "Set" }, "401": err("UNAUTHORIZED") },
    },
    (c) => {
      const token = /^Bearer\s+(.+)$/i.exec(c.req.header("authorization") ?? "")?.[1]?.trim();
      if (!token) return sendError(c, "UNAUTHORIZED", "Send the API token as Authorization: Bearer ….");
      // HttpOnly: no script on the page can read it back; Strict: no other site's page sends it.
      setCookie(c, IMAGE_COOKIE, token, {
        path: "/api/images/",
        httpOnly: true,
        sameSite: "Strict",
        secure: requestProtocol(c, config.Server.TrustedProxies) === "https",
      });
      return c.body(null, 204);
    },
  );
  defineRoute(
    r,
    {
      method: "delete",
      path: "/",
      operationId: "signOut",
      summary: "Sign out: ends the session and clears its cookie",
      responses: { "204": { description: "Signed out" } },
    },
    async (c) => {
      const token = getCookie(c, SESSION_COOKIE);
      if (token) await signIn.signOut(token);
      deleteCookie(c, SESSION_COOKIE, cookieOptions(c, config.Server.TrustedProxies));
      deleteCookie(c, IMAGE_COOKIE, { path: "/api/images/" });
      return c.body(null, 204);
    },
  );
  defineRoute(
    r,
    {
      method: "get",
      path: "/settings",
      operationId: "getPersonSettings",
      summary: "One's own language and units for the web app (null: follow the browser)",
      responses: { "200": json(zPersonSettings, "The caller's settings"), "401": err("UNAUTHORIZED") },
    },
    async (c) => c.json(await personSettings.get(c.get("caller")), 200),
  );
  defineRoute(
    r,
    {
      method: "patch",
      path: "/settings",
      operationId: "updatePersonSettings",
      summary: "Set one's own language and/or units (null clears one); answers the settings as they are now",
      requestBody: { content: { "application/json": { schema: zPersonSettingsUpdate } } },
      responses: {
        "200": json(zPersonSettings, "The caller's settings"),
        "400": err("INVALID_REQUEST"),
        "401": err("UNAUTHORIZED"),
      },
      invalid: refuseWith(
        "INVALID_REQUEST",
        'Send {"language": "en" | "de" | "fr" | "es" | "it" | "nl" | "pt" | "sv" | null, "units": "metric" | "us" | null}.',
      ),
    },
    async (c) => c.json(await personSettings.update(c.get("caller"), c.req.valid("json")), 200),
  );
  defineRoute(
    r,
    {
      method: "put",
      path: "/password",
      operationId: "changePassword",
      summary: "Change one's own password (the current one is asked for when there is one)",
      requestBody: { content: { "application/json": { schema: zChangePasswordRequest } } },
      responses: {
        "204": { description: "Changed; other sessions ended" },
        "400": err("WEAK_PASSWORD"),
        "401": err("INVALID_CREDENTIALS"),
        "429": err("RATE_LIMITED"),
      },
      invalid: refuseWith("INVALID_REQUEST", 'Send {"current": "…", "password": "…"}.'),
    },
    async (c) => {
      const req = c.req.valid("json");
      const res = await signIn.changeOwnPassword(c.get("caller"), req, getCookie(c, SESSION_COOKIE));
      if (res.ok) return c.body(null, 204);
      const wait = res.details?.retryAfterSeconds;
      if (typeof wait === "number") c.header("Retry-After", String(wait));
      return sendFailure(c, res);
    },
  );
  return r;
}
