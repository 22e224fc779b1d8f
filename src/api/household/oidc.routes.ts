import type { Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { z } from "zod";
import type { Config } from "../../config.ts";
import type { Users } from "../../services/users/index.ts";
import { SESSION_COOKIE, type AuthEnv } from "../auth.ts";
import { clientAddress } from "../clientAddress.ts";
import { defineRoute } from "../defineRoute.ts";
import { cookieOptions } from "../session/session.routes.ts";
import { languageOfTag } from "../../domain/recipeLanguage.ts";
import { requestLanguage } from "../requestLanguage.ts";
import { readFlow } from "./oidcFlow.ts";

/** The HttpOnly cookie that carries one sign-in's state, nonce and PKCE verifier to the callback. */
const FLOW_COOKIE = "ladle_oidc";
const FLOW_PATH = "/api/welcome/oidc";

/** Where the web app says what went wrong (words, never a code). */
const failed = (message: string) => `/#/signin-failed/${encodeURIComponent(message)}`;

/**
 * `/api/welcome/oidc/start` and `/callback`: the redirect dance with the household's OpenID
 * provider. Both are top-level navigations (no JSON), before the API's auth.
 */
export function oidcRoutes(
  r: Hono<AuthEnv>,
  { oidc: provider, users }: Pick<Users, "oidc" | "users">,
  config: Config,
): void {
  defineRoute(
    r,
    {
      method: "get",
      path: "/oidc/start",
      operationId: "startProviderSignIn",
      summary: "Go to the household's OpenID provider to sign in (or, with `link=1`, to link it to you)",
      security: [],
      requestParams: {
        query: z.object({
          link: z.string().optional(),
          lang: z
            .string()
            .optional()
            .meta({ description: "The web app's language, for a new person's library" }),
        }),
      },
      responses: { "302": { description: "To the provider, or back to the web app saying why not" } },
    },
    async (c) => {
      const oidc = provider;
      if (!oidc) return c.redirect(failed("This Ladle has no household sign-in service."), 302);
      let linkTo: string | undefined;
      if (c.req.query("link")) {
        const session = getCookie(c, SESSION_COOKIE);
        const caller = session ? await users.authenticate(session) : null;
        if (!caller) return c.redirect(failed("Sign in first, then link your household account."), 302);
        linkTo = caller.id;
      }
      const callback = new URL(`${FLOW_PATH}/callback`, c.req.url).href;
      // A navigation carries the browser's languages, not the one chosen in the web app: it says its own.
      const res = await oidc.start(
        callback,
        linkTo,
        languageOfTag(c.req.query("lang")) ?? requestLanguage(c),
      );
      if (!res.ok) return c.redirect(failed(res.message), 302);
      setCookie(c, FLOW_COOKIE, Buffer.from(JSON.stringify(res.value.flow)).toString("base64url"), {
        ...cookieOptions(c, config.Server.TrustedProxies),
        path: FLOW_PATH,
        maxAge: 600,
      });
      return c.redirect(res.value.url, 302);
    },
  );
  defineRoute(
    r,
    {
      method: "get",
      path: "/oidc/callback",
      operationId: "finishProviderSignIn",
      summary: "Back from the OpenID provider: state, nonce and PKCE checked, then signed in",
      security: [],
      requestParams: {
        query: z.object({
          code: z.string().optional(),
          state: z.string().optional(),
          error: z.string().optional(),
        }),
      },
      responses: { "302": { description: "Into the web app, signed in, or saying why not" } },
    },
    async (c) => {
      const oidc = provider;
      if (!oidc) return c.redirect(failed("This Ladle has no household sign-in service."), 302);
      const flow = readFlow(c, FLOW_COOKIE);
      deleteCookie(c, FLOW_COOKIE, {
        ...cookieOptions(c, config.Server.TrustedProxies),
        path: FLOW_PATH,
      });
      const res = await oidc.finish(new URL(c.req.url), flow, {
        address: clientAddress(c, config.Server.TrustedProxies),
        device: c.req.header("user-agent") ?? null,
        language: requestLanguage(c),
      });
      if (!res.ok) return c.redirect(failed(res.message), 302);
      if (!res.value.signedIn) return c.redirect("/#/account/linked", 302);
      const s = res.value.signedIn;
      setCookie(c, SESSION_COOKIE, s.token, cookieOptions(c, config.Server.TrustedProxies, s.expiresAt));
      return c.redirect(res.value.note === "no-groups" ? "/#/account/no-groups" : "/#/", 302);
    },
  );
}
