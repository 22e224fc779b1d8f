import { Hono, type Context, type MiddlewareHandler } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { z } from "zod";
import { zUser, zUserRole } from "../../domain/user.ts";
import { type From, type Users, type SignedIn } from "../../services/users/index.ts";
import { requestLanguage } from "../requestLanguage.ts";
import type { Config } from "../../config.ts";
import { SESSION_COOKIE, type AuthEnv } from "../auth.ts";
import { sameOriginWrite } from "../originPolicy.ts";
import { clientAddress, fromThisMachine } from "../clientAddress.ts";
import { defineRoute, refuseWith } from "../defineRoute.ts";
import { err, json } from "../openapiParts.ts";
import { sendError, sendFailure } from "../respond.ts";
import { cookieOptions } from "../session/session.routes.ts";
import { oidcRoutes } from "./oidc.routes.ts";

export const zWelcome = z
  .object({
    firstRun: z.boolean().meta({ description: "No owner yet: the first visit makes its visitor the owner" }),
    singlePerson: z.boolean().meta({ description: "Nobody signs in: every request acts as the one person" }),
    thisMachine: z.boolean().meta({ description: "The request came from the server's own machine" }),
    passwordSignIn: z.boolean().meta({ description: "Whether signing in with a password is open" }),
    provider: z
      .object({ label: z.string() })
      .nullable()
      .meta({ description: "The household's OpenID provider: what its sign-in button says" }),
  })
  .meta({ id: "Welcome" });
export const zFirstRunRequest = z
  .object({
    name: z.string().max(64),
    password: z.string().max(1024),
    code: z.string().max(64).optional().meta({ description: "The setup code (needed from another machine)" }),
  })
  .meta({ id: "FirstRunRequest" });
export const zJoinRequest = z
  .object({ name: z.string().max(64), password: z.string().max(1024) })
  .meta({ id: "JoinRequest" });
export const zNewPasswordRequest = z
  .object({ password: z.string().max(1024) })
  .meta({ id: "NewPasswordRequest" });
const zSignedIn = z
  .object({ user: zUser.pick({ id: true, name: true, role: true }), expiresAt: z.string() })
  .meta({ id: "SignedIn" });
export const zOneTimeLink = z
  .object({
    code: z.string(),
    path: z
      .string()
      .meta({ description: "Where the link opens in the web app (append to the server's address)" }),
    expiresAt: z.string(),
  })
  .meta({ id: "OneTimeLink" });
export const zInvitationRequest = z
  .object({ role: zUserRole.default("user") })
  .meta({ id: "InvitationRequest" });
export const zSessionInfo = z
  .object({
    id: z.string(),
    device: z.string().nullable(),
    address: z.string().nullable(),
    createdAt: z.string(),
    lastSeenAt: z.string(),
    current: z.boolean(),
  })
  .meta({ id: "SessionInfo" });

const codeParam = z.object({ code: z.string() });

function from(c: Context, trusted: readonly string[]): From {
  return {
    address: clientAddress(c, trusted),
    device: c.req.header("user-agent") ?? null,
    thisMachine: fromThisMachine(c, trusted),
    language: requestLanguage(c),
  };
}

/** Hands a new sign-in to the browser as its HttpOnly cookie. */
function signedIn(c: Context, s: SignedIn, status: 200 | 201, trusted: readonly string[]) {
  setCookie(c, SESSION_COOKIE, s.token, cookieOptions(c, trusted, s.expiresAt));
  return c.json({ user: s.caller, expiresAt: s.expiresAt.toISOString() }, status);
}

/**
 * `/api/welcome`: the ways in for someone not signed in yet: the first run, an invitation, a
 * password reset link. Mounted before the API's auth, behind the body limit; every write comes from
 * Ladle's own pages (another site must not sign this browser in as someone).
 */
export function welcomeRoutes(
  family: Pick<Users, "household" | "oidc" | "users">,
  config: Config,
): Hono<AuthEnv> {
  const r = new Hono<AuthEnv>();
  const h = family.household;
  const trusted = config.Server.TrustedProxies;
  // Another site must not write here: refused before the body is read.
  const sameOrigin: MiddlewareHandler = async (c, next) =>
    sameOriginWrite(c, config.Server) ? next() : sendError(c, "CROSS_SITE_REQUEST");
  defineRoute(
    r,
    {
      method: "get",
      path: "/",
      operationId: "getWelcome",
      summary: "Whether the first run is still to come, and whether this install runs without sign-in",
      security: [],
      responses: { "200": json(zWelcome, "The install's state") },
    },
    async (c) =>
      c.json({
        ...(await h.status()),
        thisMachine: fromThisMachine(c, config.Server.TrustedProxies),
        passwordSignIn: await h.passwordSignInOpen(),
        provider: family.oidc ? { label: family.oidc.label } : null,
      }),
  );
  oidcRoutes(r, family, config);
  defineRoute(
    r,
    {
      method: "post",
      path: "/owner",
      operationId: "firstRun",
      summary: "The first run: the visitor becomes the owner (from this machine, or with the setup code)",
      security: [],
      requestBody: { content: { "application/json": { schema: zFirstRunRequest } } },
      responses: {
        "201": json(zSignedIn, "The owner, signed in"),
        "400": err("INVALID_REQUEST, INVALID_USER or WEAK_PASSWORD"),
        "403": err("CROSS_SITE_REQUEST or SETUP_CODE_REQUIRED"),
        "409": err("SETUP_DONE"),
      },
      invalid: refuseWith(
        "INVALID_REQUEST",
        'Send {"name": "…", "password": "…", "code": "<setup code, from elsewhere>"}.',
      ),
    },
    sameOrigin,
    async (c) => {
      const req = c.req.valid("json");
      const res = await h.firstRun(req, from(c, trusted));
      return res.ok ? signedIn(c, res.value, 201, trusted) : sendFailure(c, res);
    },
  );
  defineRoute(
    r,
    {
      method: "get",
      path: "/invitations/:code",
      operationId: "getInvitation",
      summary: "What an invitation offers, while it may still be used",
      security: [],
      requestParams: { path: codeParam },
      responses: {
        "200": json(z.object({ role: zUserRole, expiresAt: z.string() }), "The invitation"),
        "410": err("LINK_INVALID"),
      },
    },
    async (c) => {
      const res = await h.invitation(c.req.param("code"));
      return res.ok
        ? c.json({ role: res.value.role, expiresAt: res.value.expiresAt.toISOString() })
        : sendFailure(c, res);
    },
  );
  defineRoute(
    r,
    {
      method: "post",
      path: "/invitations/:code",
      operationId: "acceptInvitation",
      summary: "Join with an invitation: choose a name and password (the link works once)",
      security: [],
      requestParams: { path: codeParam },
      requestBody: { content: { "application/json": { schema: zJoinRequest } } },
      responses: {
        "201": json(zSignedIn, "Joined and signed in"),
        "400": err("INVALID_REQUEST, INVALID_USER or WEAK_PASSWORD"),
        "403": err("CROSS_SITE_REQUEST"),
        "409": err("USER_EXISTS"),
        "410": err("LINK_INVALID"),
      },
      invalid: refuseWith("INVALID_REQUEST", 'Send {"name": "…", "password": "…"}.'),
    },
    sameOrigin,
    async (c) => {
      const req = c.req.valid("json");
      const res = await h.acceptInvitation({ code: c.req.param("code"), ...req }, from(c, trusted));
      return res.ok ? signedIn(c, res.value, 201, trusted) : sendFailure(c, res);
    },
  );
  defineRoute(
    r,
    {
      method: "get",
      path: "/resets/:code",
      operationId: "getPasswordReset",
      summary: "Whose password a reset link sets, while it may still be used",
      security: [],
      requestParams: { path: codeParam },
      responses: { "200": json(z.object({ name: z.string() }), "The person"), "410": err("LINK_INVALID") },
    },
    async (c) => {
      const res = await h.resetFor(c.req.param("code"));
      return res.ok ? c.json(res.value) : sendFailure(c, res);
    },
  );
  defineRoute(
    r,
    {
      method: "post",
      path: "/resets/:code",
      operationId: "resetPassword",
      summary: "Set a new password with a reset link: every other sign-in of that person ends",
      security: [],
      requestParams: { path: codeParam },
      requestBody: { content: { "application/json": { schema: zNewPasswordRequest } } },
      responses: {
        "200": json(zSignedIn, "Password set, signed in"),
        "400": err("INVALID_REQUEST or WEAK_PASSWORD"),
        "403": err("CROSS_SITE_REQUEST or ACCOUNT_DISABLED"),
        "410": err("LINK_INVALID"),
      },
      invalid: refuseWith("INVALID_REQUEST", 'Send {"password": "<10 characters or more>"}.'),
    },
    sameOrigin,
    async (c) => {
      const req = c.req.valid("json");
      const res = await h.resetPassword(
        { code: c.req.param("code"), password: req.password },
        from(c, trusted),
      );
      return res.ok ? signedIn(c, res.value, 200, trusted) : sendFailure(c, res);
    },
  );
  return r;
}

const userParam = z.object({ id: z.string().meta({ description: "A person's id" }) });
const linkOf = (kind: "invite" | "reset", v: { code: string; expiresAt: Date }) => ({
  code: v.code,
  path: `/#/${kind}/${v.code}`,
  expiresAt: v.expiresAt.toISOString(),
});

/** `/api/users/…` for admins: invitations, reset links, disabling and removing people. */
export function peopleAdminRoutes({ household }: Pick<Users, "household">): Hono<AuthEnv> {
  const r = new Hono<AuthEnv>();
  const h = household;
  defineRoute(
    r,
    {
      method: "post",
      path: "/invitations",
      operationId: "createInvitation",
      summary: "Invite someone (admins only): a one-time link that expires",
      requestBody: { content: { "application/json": { schema: zInvitationRequest } } },
      responses: {
        "201": json(zOneTimeLink, "The invitation link"),
        "400": err("INVALID_REQUEST"),
        "403": err("FORBIDDEN"),
        "409": err("SINGLE_PERSON_MODE or FIRST_RUN_NEEDED"),
      },
      invalid: refuseWith("INVALID_REQUEST", 'Send {"role": "user" | "admin"}.'),
    },
    async (c) => {
      const req = c.req.valid("json");
      const res = await h.invite(c.get("caller"), req.role);
      return res.ok ? c.json(linkOf("invite", res.value), 201) : sendFailure(c, res);
    },
  );
  defineRoute(
    r,
    {
      method: "post",
      path: "/:id/reset-link",
      operationId: "createResetLink",
      summary: "A one-time link that lets a person choose a new password (admins only)",
      requestParams: { path: userParam },
      responses: { "201": json(zOneTimeLink, "The reset link"), "404": err("USER_NOT_FOUND") },
    },
    async (c) => {
      const res = await h.resetLink(c.get("caller"), c.req.param("id"));
      return res.ok ? c.json(linkOf("reset", res.value), 201) : sendFailure(c, res);
    },
  );
  defineRoute(
    r,
    {
      method: "put",
      path: "/:id/disabled",
      operationId: "setPersonDisabled",
      summary: "Disable or enable a person: their sign-ins and tokens end at once, their records stay",
      requestParams: { path: userParam },
      requestBody: {
        content: {
          "application/json": { schema: z.object({ disabled: z.boolean() }).meta({ id: "DisableRequest" }) },
        },
      },
      responses: {
        "200": json(z.object({ disabled: z.boolean() }), "Done"),
        "400": err("INVALID_REQUEST"),
        "404": err("USER_NOT_FOUND"),
        "409": err("LAST_ADMIN"),
      },
      invalid: refuseWith("INVALID_REQUEST", 'Send {"disabled": true} or {"disabled": false}.'),
    },
    async (c) => {
      const req = c.req.valid("json");
      const res = await h.setDisabled(c.get("caller"), c.req.param("id"), req.disabled);
      return res.ok ? c.json(res.value) : sendFailure(c, res);
    },
  );
  defineRoute(
    r,
    {
      method: "delete",
      path: "/:id",
      operationId: "removePerson",
      summary: "Remove a person after handing their recipes, libraries and lists to another (admins only)",
      requestParams: {
        path: userParam,
        query: z.object({
          transferTo: z.string().optional().meta({ description: "Who receives their records" }),
        }),
      },
      responses: {
        "200": json(z.object({ removed: z.literal(true), transferredTo: z.string() }), "Removed"),
        "400": err("INVALID_USER"),
        "404": err("USER_NOT_FOUND"),
        "409": err("LAST_ADMIN"),
      },
    },
    async (c) => {
      const res = await h.remove(c.get("caller"), c.req.param("id"), c.req.query("transferTo") ?? "");
      return res.ok ? c.json(res.value) : sendFailure(c, res);
    },
  );
  return r;
}

/** `/api/session/sessions`: a person's own sign-ins (device, address, last seen); end any or all. */
export function sessionsRoutes({ household }: Pick<Users, "household">): Hono<AuthEnv> {
  const r = new Hono<AuthEnv>();
  const h = household;
  defineRoute(
    r,
    {
      method: "get",
      path: "/",
      operationId: "listSessions",
      summary: "Your sign-ins: device, address, last seen; `current` is this one",
      responses: { "200": json(z.object({ sessions: z.array(zSessionInfo) }), "Sign-ins") },
    },
    async (c) => c.json({ sessions: await h.sessions(c.get("caller"), getCookie(c, SESSION_COOKIE)) }),
  );
  defineRoute(
    r,
    {
      method: "delete",
      path: "/",
      operationId: "endOtherSessions",
      summary: "End every sign-in of yours but this one",
      responses: { "200": json(z.object({ ended: z.number().int() }), "Ended") },
    },
    async (c) => c.json(await h.endOtherSessions(c.get("caller"), getCookie(c, SESSION_COOKIE))),
  );
  defineRoute(
    r,
    {
      method: "delete",
      path: "/:id",
      operationId: "endSession",
      summary: "End one of your sign-ins",
      requestParams: { path: z.object({ id: z.string() }) },
      responses: {
        "200": json(z.object({ ended: z.literal(true) }), "Ended"),
        "404": err("SESSION_NOT_FOUND"),
      },
    },
    async (c) => {
      const res = await h.endSession(c.get("caller"), c.req.param("id"));
      return res.ok ? c.json(res.value) : sendFailure(c, res);
    },
  );
  return r;
}
