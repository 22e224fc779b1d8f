import { Hono } from "hono";
import { z } from "zod";
import { zArchive, zArchiveList, zKeepArchiveRequest } from "../../domain/archive.ts";
import type { Archives } from "../../services/archives/index.ts";
import type { AuthEnv } from "../auth.ts";
import { defineRoute } from "../defineRoute.ts";
import { err, idParam, json } from "../openapiParts.ts";
import { sendError, sendFailure } from "../respond.ts";

/**
 * What a kept page may do: nothing but show itself. A sandbox with no permissions (an opaque
 * origin: no scripts, forms, plugins or popups), pictures, fonts and styles only from the page
 * itself; no request leaves for anywhere.
 */
export const ARCHIVE_CSP =
  "sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:";

/** `/api/archives`: keep a copy of one of your articles or bookmarks, list, read, delete your copies. */
export function archivesRoutes({ archives }: Archives): Hono<AuthEnv> {
  const r = new Hono<AuthEnv>();

  defineRoute(
    r,
    {
      method: "post",
      path: "/",
      operationId: "keepArchive",
      summary:
        "Keep a copy of an article's or a bookmark's page (fetched now, pictures and styles inlined, no scripts)",
      requestBody: { content: { "application/json": { schema: zKeepArchiveRequest } } },
      responses: {
        "201": json(zArchive, "The kept copy"),
        "404": err("ARCHIVE_SOURCE_NOT_FOUND"),
        "413": err("ARCHIVE_TOO_LARGE"),
        "502": err("ARCHIVE_FETCH_FAILED"),
        "507": err("ARCHIVE_ROOM_FULL"),
      },
      invalid: (c, p) =>
        sendError(
          c,
          "INVALID_REQUEST",
          p.unreadable ? `${p.message} Send {"articleId": "…"} or {"bookmarkId": "…"}.` : p.message,
        ),
    },
    async (c) => {
      const res = await archives.keep(c.get("caller"), c.req.valid("json"));
      return res.ok ? c.json(res.value, 201) : sendFailure(c, res);
    },
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/",
      operationId: "listArchives",
      summary: "Your kept copies (of one article or bookmark when named), and the room they take",
      requestParams: {
        query: z.object({ articleId: z.string().optional(), bookmarkId: z.string().optional() }),
      },
      responses: { "200": json(zArchiveList, "Your kept copies") },
    },
    async (c) =>
      c.json(
        await archives.list(c.get("caller"), {
          articleId: c.req.query("articleId") || undefined,
          bookmarkId: c.req.query("bookmarkId") || undefined,
        }),
      ),
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/:id",
      operationId: "getArchive",
      summary: "One of your kept copies",
      requestParams: { path: idParam },
      responses: { "200": json(zArchive, "The kept copy"), "404": err("ARCHIVE_NOT_FOUND") },
    },
    async (c) => {
      const res = await archives.get(c.get("caller"), c.req.param("id"));
      return res.ok ? c.json(res.value) : sendFailure(c, res);
    },
  );

  defineRoute(
    r,
    {
      method: "delete",
      path: "/:id",
      operationId: "deleteArchive",
      summary: "Delete one of your kept copies",
      requestParams: { path: idParam },
      responses: { "204": { description: "Deleted" }, "404": err("ARCHIVE_NOT_FOUND") },
    },
    async (c) => {
      const res = await archives.delete(c.get("caller"), c.req.param("id"));
      return res.ok ? c.body(null, 204) : sendFailure(c, res);
    },
  );
  return r;
}

/** `/archives/{id}`: the kept page itself, on a path of its own, under a policy that runs nothing. */
export function archivePageRoutes({ archives }: Archives): Hono<AuthEnv> {
  const r = new Hono<AuthEnv>();
  defineRoute(
    r,
    {
      method: "get",
      path: "/:id",
      operationId: "readArchive",
      summary: "A kept copy's page (HTML, sandboxed: no scripts, nothing loaded from anywhere)",
      requestParams: { path: idParam },
      responses: {
        "200": { description: "The kept page", content: { "text/html": { schema: z.string() } } },
        "404": err("ARCHIVE_NOT_FOUND"),
      },
    },
    async (c) => {
      const res = await archives.page(c.get("caller"), c.req.param("id"));
      if (!res.ok) return sendFailure(c, res);
      const headers = {
        "content-type": "text/html; charset=utf-8",
        "content-security-policy": ARCHIVE_CSP,
        "x-content-type-options": "nosniff",
        "referrer-policy": "no-referrer",
        "cross-origin-resource-policy": "same-origin",
        "x-frame-options": "SAMEORIGIN",
        "cache-control": "private, no-cache",
        etag: `"${res.value.sha256}"`,
      };
      if (c.req.header("if-none-match") === headers.etag) return c.body(null, 304, headers);
      return c.body(new Uint8Array(res.value.html), 200, headers);
    },
  );
  return r;
}
