import { Hono, type Context } from "hono";
import { getCookie } from "hono/cookie";
import type { Caller } from "../../domain/user.ts";
import type { Ladle } from "../../services/ladle.ts";
import { ShareTargetService, zSharedFields, zSharedItem } from "../../services/shareTarget.service.ts";
import { SESSION_COOKIE, sameSiteRequest, type AuthEnv } from "../auth.ts";
import { sendFailure } from "../respond.ts";
import { defineRoute } from "../defineRoute.ts";
import { z } from "zod";
import { err, json } from "../openapiParts.ts";

const redirect = { description: "See Other: the web app's share screen (or its note of what went wrong)" };

/** Where the web app opens a share, or says what went wrong with one (words for the person sharing). */
export const shareLanding = (id: string) => `/#/share/${id}`;
export const shareProblem = (message: string) => `/#/share/problem?${new URLSearchParams({ message })}`;

/**
 * Whether the browser itself sent this (Sec-Fetch-Site none: the share sheet, a typed address) or
 * one of Ladle's own pages did. Fetch Metadata first: Ladle's pages send no referrer, so their own
 * form posts carry `Origin: null`, which the Origin check alone would count as foreign.
 */
function fromBrowserOrLadle(c: Context): boolean {
  const site = c.req.header("sec-fetch-site");
  if (site) return site === "none" || site === "same-origin";
  return sameSiteRequest(c);
}

/** Who sent a share, when they are signed in (a token, or the session cookie of Ladle's own pages). */
async function signedIn(c: Context, ladle: Ladle): Promise<Caller | null> {
  const bearer = /^Bearer\s+(.+)$/i.exec(c.req.header("authorization") ?? "")?.[1]?.trim();
  if (bearer) return ladle.users.authenticate(bearer);
  const session = getCookie(c, SESSION_COOKIE);
  return session && fromBrowserOrLadle(c) ? ladle.users.authenticate(session) : null;
}

/**
 * The share target (issue 30): `POST /share` is the PWA manifest's `share_target` action (the OS
 * share sheet posts title, text, url and files as multipart/form-data); `GET /share?url=&title=`
 * is the bookmarklet's. Neither starts anything itself: both lead to the web app, which opens the
 * share as the signed-in user (after signing in, when needed) and lands on the import.
 *
 * CSRF: any site can post a form here, and SameSite=Lax keeps the session cookie off a cross-site
 * POST anyway. So a share is put aside under a random one-time id and the browser is redirected
 * (303) to the app, which opens it with its own same-origin request. Only a share the browser
 * itself sent (Sec-Fetch-Site: none, as the share sheet's navigation is) or Ladle's own page sent
 * starts its import at once; one another site could have sent (the bookmarklet, any cross-site
 * form or link) shows what would be imported and waits for the user's click.
 */
export function shareTargetRoutes(ladle: Ladle): Hono {
  const r = new Hono();
  const svc = new ShareTargetService({ blobs: ladle.blobs, uploads: ladle.uploads, now: ladle.now });

  defineRoute(
    r,
    {
      method: "get",
      path: "/share",
      operationId: "shareLink",
      summary:
        "The bookmarklet's entry: redirects to the web app with the page prefilled (never started by itself)",
      requestParams: { query: zSharedFields },
      responses: { "303": redirect },
    },
    (c) => {
      const q = zSharedFields.safeParse({
        url: c.req.query("url"),
        title: c.req.query("title"),
        text: c.req.query("text"),
      });
      if (!q.success) return c.redirect(shareProblem("The shared link or text is too long to import."), 303);
      // Nothing kept on the server: the fields travel in the app's address, and it never starts
      // these by itself (any page can link here).
      const params = new URLSearchParams(
        Object.entries(q.data).filter((e): e is [string, string] => typeof e[1] === "string" && e[1] !== ""),
      );
      return c.redirect(`/#/share/link?${params}`, 303);
    },
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/share",
      operationId: "shareTarget",
      summary:
        "The PWA's Web Share Target: title, text, url and files (a photo or PDF) put aside once, then the web app opens them",
      requestBody: {
        content: {
          "multipart/form-data": {
            schema: zSharedFields.extend({
              files: z.array(z.string().meta({ format: "binary" })).optional(),
            }),
          },
        },
      },
      responses: { "303": redirect },
    },
    async (c) => {
      let form: Record<string, string | File | (string | File)[]>;
      try {
        form = await c.req.parseBody({ all: true });
      } catch {
        return c.redirect(shareProblem("What was shared could not be read; share it again."), 303);
      }
      const one = (k: string) => {
        const v = form[k];
        const first = Array.isArray(v) ? v[0] : v;
        return typeof first === "string" ? first : undefined;
      };
      const fields = zSharedFields.safeParse({ title: one("title"), text: one("text"), url: one("url") });
      if (!fields.success)
        return c.redirect(shareProblem("The shared link or text is too long to import."), 303);
      const files = ([] as (string | File)[])
        .concat(form.files ?? [])
        .filter((f): f is File => typeof f !== "string");
      // One file per share: a recipe is one photo or one PDF.
      const f = files.find((x) => x.size > 0) ?? null;
      const file = f
        ? { bytes: Buffer.from(await f.arrayBuffer()), name: f.name || "shared file", contentType: f.type }
        : null;
      const caller = await signedIn(c, ladle);
      const id = await svc.stash(fields.data, file, {
        ownerId: caller?.id ?? null,
        autoStart: fromBrowserOrLadle(c),
      });
      return c.redirect(shareLanding(id), 303);
    },
  );

  return r;
}

/** `POST /api/share/{id}`: the web app opens a share once, as the signed-in user. */
export function shareRoutes(ladle: Ladle): Hono<AuthEnv> {
  const r = new Hono<AuthEnv>();
  const svc = new ShareTargetService({ blobs: ladle.blobs, uploads: ladle.uploads, now: ladle.now });
  defineRoute(
    r,
    {
      method: "post",
      path: "/:id",
      operationId: "openSharedItem",
      summary: "Open a shared item once, as the signed-in user: what to import and whether to start at once",
      requestParams: { path: z.object({ id: z.string() }) },
      responses: {
        "200": json(zSharedItem, "What was shared (a file is now the caller's upload)"),
        "404": err("SHARED_ITEM_NOT_FOUND"),
        "422": err("SHARED_FILE_UNREADABLE"),
      },
    },
    async (c) => {
      const res = await svc.claim(c.req.param("id"), c.get("caller"));
      if (!res.ok) return sendFailure(c, res);
      return c.json(res.value);
    },
  );
  return r;
}
