import { Hono } from "hono";
import type { z } from "zod";
import { zCreateItemRequest, zItemListQuery, zUpdateItemRequest } from "../../domain/item.ts";
import type { Ladle } from "../../services/ladle.ts";
import type { AuthEnv } from "../auth.ts";
import { readJson, sendError, sendFailure } from "../respond.ts";

const issues = (e: z.ZodError) =>
  e.issues.map((i) => (i.path.length ? `${i.path.join(".")}: ` : "") + i.message).join("; ");

/**
 * `/api/v1/items`: bookmarks (sync-enrichment.md). Every route answers only for the caller's own
 * bookmarks; another user's is 404 ITEM_NOT_FOUND, exactly like one that does not exist.
 */
export function itemsRoutes(ladle: Ladle): Hono<AuthEnv> {
  const r = new Hono<AuthEnv>();
  const user = (c: { get(k: "caller"): { id: string } }) => c.get("caller").id;

  r.post("/", async (c) => {
    const body = await readJson(c, "INVALID_ITEM");
    if (!body.ok) return sendFailure(c, body);
    const req = zCreateItemRequest.safeParse(body.value);
    if (!req.success) return sendError(c, "INVALID_ITEM", issues(req.error));
    const res = await ladle.items.create(user(c), req.data);
    if (!res.ok) return sendFailure(c, res);
    c.header("Location", `/api/v1/items/${res.value.item.id}`);
    return c.json(res.value.item, res.value.created ? 201 : 200);
  });

  r.get("/", async (c) => {
    const q = zItemListQuery.safeParse(c.req.query());
    if (!q.success) return sendError(c, "INVALID_REQUEST", issues(q.error));
    const res = await ladle.items.list(user(c), q.data);
    if (!res.ok) return sendFailure(c, res);
    return c.json(res.value);
  });

  r.get("/:id", async (c) => {
    const res = await ladle.items.get(user(c), c.req.param("id"));
    if (!res.ok) return sendFailure(c, res);
    return c.json(res.value);
  });

  r.patch("/:id", async (c) => {
    const body = await readJson(c, "INVALID_ITEM");
    if (!body.ok) return sendFailure(c, body);
    const req = zUpdateItemRequest.safeParse(body.value);
    if (!req.success) return sendError(c, "INVALID_ITEM", issues(req.error));
    const res = await ladle.items.update(user(c), c.req.param("id"), req.data);
    if (!res.ok) return sendFailure(c, res);
    return c.json(res.value);
  });

  r.delete("/:id", async (c) => {
    const res = await ladle.items.delete(user(c), c.req.param("id"));
    if (!res.ok) return sendFailure(c, res);
    return c.body(null, 204);
  });

  r.post("/:id/enrich", async (c) => {
    const res = await ladle.items.reenrich(user(c), c.req.param("id"));
    if (!res.ok) return sendFailure(c, res);
    // 202 while the async fallback still works on it; 200 when the sync pass completed it.
    return c.json(res.value.item, res.value.queued ? 202 : 200);
  });

  r.get("/:id/preview", async (c) => {
    const res = await ladle.items.preview(user(c), c.req.param("id"));
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
  });

  r.get("/:id/thumbnail", async (c) => {
    const res = await ladle.items.thumbnail(user(c), c.req.param("id"));
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
  });

  return r;
}
