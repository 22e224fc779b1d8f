import { Hono, type Context } from "hono";
import { type Share, zSharedFields, zSharedItem } from "../../services/share/index.ts";
import type { AuthEnv } from "../auth.ts";
import { bearerOf, shareLanding, shareProblem } from "./shareSignIn.ts";
import { sendFailure } from "../respond.ts";
import { readSharedForm } from "./sharedForm.ts";
import { defineRoute } from "../defineRoute.ts";
import { z } from "zod";
import { err, json } from "../openapiParts.ts";

const redirect = { description: "See Other: the web app's share screen (or its note of what went wrong)" };

/**
 * Whether the person's own browser sent this by itself (Sec-Fetch-Site none: the share sheet, a
 * typed address) or from Ladle's own page (same-origin). Only the browser sets Fetch Metadata, so a
 * client that sends none (a script holding a token) or another site's page never qualifies.
 */
function fromOwnBrowser(c: Context): boolean {
  const site = c.req.header("sec-fetch-site");
  return site === "none" || site === "same-origin";
}

/**
 * The share target: `POST /share` is the PWA manifest's `share_target` action (the OS
 * share sheet posts title, text, url and files as multipart/form-data); `GET /share?url=&title=`
 * is the bookmarklet's. Neither starts anything itself: both lead to the web app, which opens the
 * share as the signed-in user (after signing in, when needed) and lands on the import.
 *
 * A share is taken only from someone signed in (`shareSignIn`), put aside under a random one-time
 * id, and the browser is redirected (303) to the app, which opens it with its own same-origin
 * request. Only a share the person's own browser sent signed in (Sec-Fetch-Site: none, as the share
 * sheet's navigation is, or same-origin) starts its import at once; anything else (a script with a
 * token, the bookmarklet's link) shows what would be imported and waits for the person's click.
 */
export function shareTargetRoutes({ shareTarget }: Share): Hono<AuthEnv> {
  const r = new Hono<AuthEnv>();
  const svc = shareTarget;

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
      invalid: (c) => c.redirect(shareProblem("The shared link or text is too long to import."), 303),
    },
    (c) => {
      const q = c.req.valid("query");
      // Nothing kept on the server: the fields travel in the app's address, and it never starts
      // these by itself (any page can link here).
      const params = new URLSearchParams(
        Object.entries(q).filter((e): e is [string, string] => typeof e[1] === "string" && e[1] !== ""),
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
      const shared = await readSharedForm(c);
      if (!shared.ok) return c.redirect(shareProblem(shared.message), 303);
      const id = await svc.stash(shared.value.fields, shared.value.file, {
        ownerId: c.get("caller").id,
        // Started without a click only when the person's own browser sent it signed in.
        autoStart: !bearerOf(c) && fromOwnBrowser(c),
      });
      return c.redirect(shareLanding(id), 303);
    },
  );

  return r;
}

/** `POST /api/share/{id}`: the web app opens a share once, as the signed-in user. */
export function shareRoutes({ shareTarget }: Share): Hono<AuthEnv> {
  const r = new Hono<AuthEnv>();
  const svc = shareTarget;
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
