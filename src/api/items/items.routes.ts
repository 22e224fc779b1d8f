import { Hono } from "hono";
import {
  zCreateItemRequest,
  zItemListQuery,
  zUpdateItemRequest,
  zItem,
  zItemList,
} from "../../domain/item.ts";
import type { Items } from "../../services/items/index.ts";
import type { Shared } from "../../services/shared/index.ts";
import type { AuthEnv } from "../auth.ts";
import { sendFailure } from "../respond.ts";
import { streamFamilyEvents } from "../familyEvents.ts";
import { defineRoute } from "../defineRoute.ts";
import { z } from "zod";
import { err, idParam, json } from "../openapiParts.ts";

/** `?v=`: the image's version in the URL the API hands out, so a changed image is a new cache entry. */
const zImageVersion = z.object({ v: z.string().optional() });

/**
 * `/api/v1/items`: bookmarks. Every route answers only for the caller's own
 * bookmarks; another user's is 404 ITEM_NOT_FOUND, exactly like one that does not exist.
 */
export function itemsRoutes(
  { items }: Pick<Items, "items">,
  { events }: Pick<Shared, "events">,
): Hono<AuthEnv> {
  const r = new Hono<AuthEnv>();
  const user = (c: { get(k: "caller"): { id: string } }) => c.get("caller").id;

  defineRoute(
    r,
    {
      method: "post",
      path: "/",
      operationId: "createItem",
      summary: "Save a bookmark, enriched within the sync budget (4 s)",
      description:
        "User-given title and excerpt win and are locked. Status follows the partial-success table: a preview image makes it succeeded; otherwise pending and the async fallback (page again and/or screenshot) is queued.",
      requestBody: { content: { "application/json": { schema: zCreateItemRequest } } },
      responses: {
        "201": json(zItem, "Created"),
        "200": json(zItem, "The user already had a bookmark of this URL; returned unchanged"),
        "400": err("INVALID_ITEM"),
        "404": err("LIBRARY_NOT_FOUND"),
      },
      invalid: "INVALID_ITEM",
    },
    async (c) => {
      const req = c.req.valid("json");
      const res = await items.create(user(c), req);
      if (!res.ok) return sendFailure(c, res);
      c.header("Location", `/api/v1/items/${res.value.item.id}`);
      return c.json(res.value.item, res.value.created ? 201 : 200);
    },
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/",
      operationId: "listItems",
      summary: "The caller's bookmarks, newest first",
      requestParams: { query: zItemListQuery },
      responses: { "200": json(zItemList, "A page of bookmarks"), "400": err("INVALID_REQUEST") },
    },
    async (c) => {
      const q = c.req.valid("query");
      const res = await items.list(user(c), q);
      if (!res.ok) return sendFailure(c, res);
      return c.json(res.value);
    },
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/:id",
      operationId: "getItem",
      summary: "One bookmark",
      requestParams: { path: idParam },
      responses: { "200": json(zItem, "Bookmark"), "404": err("ITEM_NOT_FOUND") },
    },
    async (c) => {
      const res = await items.get(user(c), c.req.param("id"));
      if (!res.ok) return sendFailure(c, res);
      return c.json(res.value);
    },
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/:id/events",
      operationId: "streamItemEvents",
      summary:
        "Server-sent events: ingest.progress on each enrichment status change, until succeeded or failed",
      description: "A new subscriber first receives the current state. Supports Last-Event-ID.",
      requestParams: { path: idParam },
      responses: {
        "200": { description: "text/event-stream", content: { "text/event-stream": { schema: z.string() } } },
        "404": err("ITEM_NOT_FOUND"),
      },
    },
    async (c) => {
      const id = c.req.param("id");
      const owner = user(c);
      const res = await items.get(owner, id);
      if (!res.ok) return sendFailure(c, res);
      const state = (i: { id: string; enrichmentStatus: string }) => ({
        itemId: i.id,
        enrichmentStatus: i.enrichmentStatus,
        progress: i.enrichmentStatus === "pending" ? 50 : 100,
      });
      return streamFamilyEvents(c, events, {
        key: `item:${res.value.id}`,
        current: async () => {
          const now = await items.get(owner, id);
          return now.ok ? state(now.value) : null;
        },
        terminal: (d) => d.enrichmentStatus === "succeeded" || d.enrichmentStatus === "failed",
      });
    },
  );

  defineRoute(
    r,
    {
      method: "patch",
      path: "/:id",
      operationId: "updateItem",
      summary: "Edit title, excerpt (a value locks it, null unlocks it) or library",
      requestParams: { path: idParam },
      requestBody: { content: { "application/json": { schema: zUpdateItemRequest } } },
      responses: {
        "200": json(zItem, "Bookmark"),
        "400": err("INVALID_ITEM"),
        "404": err("ITEM_NOT_FOUND or LIBRARY_NOT_FOUND"),
      },
      invalid: "INVALID_ITEM",
    },
    async (c) => {
      const req = c.req.valid("json");
      const res = await items.update(user(c), c.req.param("id"), req);
      if (!res.ok) return sendFailure(c, res);
      return c.json(res.value);
    },
  );

  defineRoute(
    r,
    {
      method: "delete",
      path: "/:id",
      operationId: "deleteItem",
      summary: "Delete a bookmark and its thumbnail",
      requestParams: { path: idParam },
      responses: { "204": { description: "Deleted" }, "404": err("ITEM_NOT_FOUND") },
    },
    async (c) => {
      const res = await items.delete(user(c), c.req.param("id"));
      if (!res.ok) return sendFailure(c, res);
      return c.body(null, 204);
    },
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/:id/enrich",
      operationId: "enrichItem",
      summary: "Re-enrich: sync first, the async fallback only if still no preview image",
      requestParams: { path: idParam },
      responses: {
        "200": json(zItem, "Completed synchronously (succeeded)"),
        "202": json(zItem, "Pending: the async fallback is queued"),
        "404": err("ITEM_NOT_FOUND"),
      },
    },
    async (c) => {
      const res = await items.reenrich(user(c), c.req.param("id"));
      if (!res.ok) return sendFailure(c, res);
      // 202 while the async fallback still works on it; 200 when the sync pass completed it.
      return c.json(res.value.item, res.value.queued ? 202 : 200);
    },
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/:id/preview",
      operationId: "getItemPreview",
      summary: "The page's preview image through Ladle's image proxy (what the web UI shows)",
      requestParams: { path: idParam, query: zImageVersion },
      responses: {
        "200": {
          description: "Image bytes (raster only)",
          content: { "image/*": { schema: z.string() } },
        },
        "304": { description: "Not modified (If-None-Match)" },
        "404": err("ITEM_NOT_FOUND or PREVIEW_NOT_AVAILABLE"),
      },
    },
    async (c) => {
      const res = await items.preview(user(c), c.req.param("id"));
      if (!res.ok) return sendFailure(c, res);
      const p = res.value;
      const headers = {
        "content-type": p.contentType,
        etag: `"${p.sha256}"`,
        // The URL the API hands out changes with the image's origin URL.
        "cache-control": "private, max-age=86400",
        "x-content-type-options": "nosniff",
        "content-security-policy": "default-src 'none'",
      };
      if ((c.req.header("if-none-match") ?? "").split(/\s*,\s*/).includes(headers.etag))
        return c.body(null, 304, headers);
      return c.body(new Uint8Array(p.data), 200, headers);
    },
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/:id/thumbnail",
      operationId: "getItemThumbnail",
      summary: "The screenshot card thumbnail (WebP or JPEG), cacheable per user",
      requestParams: { path: idParam, query: zImageVersion },
      responses: {
        "200": {
          description: "Image bytes",
          content: { "image/webp": { schema: z.string() }, "image/jpeg": { schema: z.string() } },
        },
        "304": { description: "Not modified (If-None-Match)" },
        "404": err("ITEM_NOT_FOUND or THUMBNAIL_NOT_FOUND"),
      },
    },
    async (c) => {
      const res = await items.thumbnail(user(c), c.req.param("id"));
      if (!res.ok) return sendFailure(c, res);
      const t = res.value;
      const headers = {
        "content-type": t.contentType,
        etag: t.etag,
        "last-modified": t.updatedAt.toUTCString(),
        // Per user (private); the URL the API hands out carries a version, so a day is safe.
        "cache-control": "private, max-age=86400",
        "x-content-type-options": "nosniff",
      };
      if ((c.req.header("if-none-match") ?? "").split(/\s*,\s*/).includes(t.etag))
        return c.body(null, 304, headers);
      return c.body(new Uint8Array(t.data), 200, headers);
    },
  );

  return r;
}
