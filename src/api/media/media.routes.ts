import { createHash } from "node:crypto";
import type { Context } from "hono";
import { Hono } from "hono";
import { zSubmitArticleRequest, zFragment, zMedia } from "../../domain/article.ts";
import { fail } from "../../errors.ts";
import { articleError, sendArticleFailure } from "./articleError.ts";
import { isStoredImagePath, type Collections } from "../../services/collections/index.ts";
import type { Articles } from "../../services/articles/index.ts";
import type { Shared } from "../../services/shared/index.ts";
import type { Recipes } from "../../services/recipes/index.ts";
import type { Tasks } from "../../services/tasks/index.ts";
import type { AuthEnv } from "../auth.ts";
import { streamFamilyEvents } from "../familyEvents.ts";
import { defineRoute } from "../defineRoute.ts";
import { z } from "zod";
import { artErr, idParam, json } from "../openapiParts.ts";

/** The pictures the image proxy serves besides an article's: a recipe's (or its file's) and a draft's. */
export interface ImageSources {
  recipes: Pick<Recipes["recipes"], "get">;
  collections: Pick<Collections["collections"], "image">;
  tasks: Pick<Tasks["tasks"], "get">;
}

/** `/media`: submit web articles and read them, enveloped as `{ data }` / `{ error }`. */
export function mediaRoutes(
  { articles }: Pick<Articles, "articles">,
  { events }: Pick<Shared, "events">,
): Hono<AuthEnv> {
  // Auth and the request limits are mounted in app.ts, before anything reads the body.
  const r = new Hono<AuthEnv>();

  defineRoute(
    r,
    {
      method: "post",
      path: "/web-articles",
      operationId: "submitWebArticle",
      summary: "Save a web article (create, or attach the known one) to a library",
      requestBody: { content: { "application/json": { schema: zSubmitArticleRequest } } },
      responses: {
        "200": json(z.object({ data: zMedia }), "Existing media attached (ready, pending or failed)"),
        "202": json(z.object({ data: zMedia }), "New ingestion started"),
        "400": artErr("E_URL_INVALID (a malformed URL), E_FETCH_FORBIDDEN (a private or refused host)"),
        "401": artErr("E_UNAUTHORIZED"),
        "403": artErr("E_FORBIDDEN"),
      },
      invalid: (c, p) =>
        p.unreadable
          ? articleError(c, "E_INVALID_REQUEST", 'The body is not JSON; send {"url": "https://…"}.')
          : p.issues.some((i) => i.path[0] === "url")
            ? articleError(c, "E_URL_INVALID", 'Send the article address as "url" (an absolute http(s) URL).')
            : articleError(c, "E_INVALID_REQUEST"),
    },
    async (c) => {
      const req = c.req.valid("json");
      const res = await articles.submit(c.get("caller"), {
        url: req.url,
        libraryId: req.library_id,
      });
      if (!res.ok) return sendArticleFailure(c, res);
      return c.json({ data: res.value.media }, res.value.created ? 202 : 200);
    },
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/",
      operationId: "listMedia",
      summary:
        "Articles of a library the caller belongs to, newest first, a page at a time (next_cursor: the next page, null after the last)",
      requestParams: {
        query: z.object({
          library_id: z.string().optional(),
          limit: z.coerce.number().int().min(1).max(200).default(100),
          cursor: z.string().max(500).optional(),
        }),
      },
      responses: {
        "200": json(
          z.object({ data: z.object({ media: z.array(zMedia), next_cursor: z.string().nullable() }) }),
          "Media",
        ),
        "400": artErr("E_INVALID_REQUEST"),
        "404": artErr("E_NOT_FOUND"),
      },
      invalid: (c) =>
        articleError(c, "E_INVALID_REQUEST", "Ask for between 1 and 200 articles a page (limit)."),
    },
    async (c) => {
      const q = c.req.valid("query");
      const res = await articles.listPage(c.get("caller"), q.library_id || undefined, {
        limit: q.limit,
        cursor: q.cursor,
      });
      return res.ok
        ? c.json({ data: { media: res.value.media, next_cursor: res.value.nextCursor } })
        : sendArticleFailure(c, res);
    },
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/:id",
      operationId: "getMedia",
      summary: "Media metadata",
      requestParams: { path: idParam },
      responses: { "200": json(z.object({ data: zMedia }), "Media"), "404": artErr("E_NOT_FOUND") },
    },
    async (c) => {
      const res = await articles.get(c.get("caller"), c.req.param("id"));
      return res.ok ? c.json({ data: res.value }) : sendArticleFailure(c, res);
    },
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/:id/events",
      operationId: "streamMediaEvents",
      summary:
        "Server-sent events: ingest.progress on each processing_status change, until ready_for_reading or failed",
      description: "A new subscriber first receives the current state. Supports Last-Event-ID.",
      requestParams: { path: idParam },
      responses: {
        "200": { description: "text/event-stream", content: { "text/event-stream": { schema: z.string() } } },
        "404": artErr("E_NOT_FOUND"),
      },
    },
    async (c) => {
      const caller = c.get("caller");
      const id = c.req.param("id");
      const res = await articles.get(caller, id);
      if (!res.ok) return sendArticleFailure(c, res);
      const final = ["ready_for_reading", "failed"];
      return streamFamilyEvents(c, events, {
        // An id merged into another article names that one (get resolves it).
        key: `media:${res.value.id}`,
        current: async () => {
          const now = await articles.get(caller, id);
          if (!now.ok) return null;
          const m = now.value;
          return {
            mediaId: m.id,
            processing_status: m.processing_status,
            failure_code: m.failure_code,
            progress: m.processing_status === "pending" ? 0 : m.processing_status === "extracting" ? 50 : 100,
          };
        },
        terminal: (d) => final.includes(d.processing_status as string),
        follow: (d) => (typeof d.mediaId === "string" ? `media:${d.mediaId}` : null),
      });
    },
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/:id/fragments",
      operationId: "listMediaFragments",
      summary: "Sanitized HTML of a ready article",
      requestParams: { path: idParam },
      responses: {
        "200": json(z.object({ data: z.object({ fragments: z.array(zFragment) }) }), "Fragments"),
        "404": artErr("E_NOT_FOUND"),
        "409": artErr("E_NOT_READY"),
      },
    },
    async (c) => {
      const res = await articles.fragments(c.get("caller"), c.req.param("id"));
      return res.ok ? c.json({ data: { fragments: res.value } }) : sendArticleFailure(c, res);
    },
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/:id/retry",
      operationId: "retryMedia",
      summary: "Retry a failed article on the same media row",
      requestParams: { path: idParam },
      responses: {
        "202": json(z.object({ data: zMedia }), "Extracting again"),
        "404": artErr("E_NOT_FOUND"),
        "409": artErr("E_NOT_RETRYABLE"),
      },
    },
    async (c) => {
      const res = await articles.retry(c.get("caller"), c.req.param("id"));
      return res.ok ? c.json({ data: res.value }, 202) : sendArticleFailure(c, res);
    },
  );
  return r;
}

/** Candidate pictures of a draft: its recipe's and its alternates' (the review screen's choices). */
function draftImages(result: unknown): string[] {
  const d = (result as { draft?: { recipe?: { imageUrl?: unknown }; alternates?: { imageUrl?: unknown }[] } })
    ?.draft;
  return [d?.recipe?.imageUrl, ...(d?.alternates ?? []).map((a) => a.imageUrl)].filter(
    (u): u is string => typeof u === "string" && /^https?:\/\//i.test(u),
  );
}

/** `?w=`: a list's card asks for the picture this wide (px), made smaller on the server. */
const thumbQuery = z.object({ w: z.coerce.number().int().min(1).max(4000).optional() });

/** The proxy's key for an origin URL authorized by the family asking (bytes shared across recipes). */
const urlKey = (url: string) => `recipe-image/${createHash("sha256").update(url).digest("hex")}`;

/**
 * `GET /api/images/{id}`: the opaque image proxy; `/api/images/recipes/{id}` a recipe's
 * picture and `/api/images/tasks/{id}?url=` a draft's candidate picture, for whoever may read
 * them: the web app never loads a picture from a third-party host (no referrer, no cookies, no
 * address given away).
 */
export function imagesRoutes({ images }: Pick<Articles, "images">, sources: ImageSources): Hono<AuthEnv> {
  const r = new Hono<AuthEnv>();
  defineRoute(
    r,
    {
      method: "get",
      path: "/recipes/:id",
      operationId: "getRecipeImage",
      summary:
        "A recipe's picture (whoever may read the recipe): through the proxy, or the picture that came inside an imported file",
      requestParams: { path: idParam, query: thumbQuery },
      responses: {
        "200": { description: "The image bytes" },
        "404": artErr("E_NOT_FOUND"),
        "415": artErr("E_IMAGE_UNSUPPORTED"),
        "502": artErr("E_IMAGE_FETCH_FAILED"),
      },
    },
    async (c) => {
      const { w } = c.req.valid("query");
      const sized = async (res: Awaited<ReturnType<Articles["images"]["get"]>>) =>
        res.ok && w ? { ok: true as const, value: await images.thumbnail(res.value, w) } : res;
      const recipe = await sources.recipes.get(c.req.param("id"), c.get("caller"));
      if (!recipe.ok) return sendArticleFailure(c, fail("E_NOT_FOUND", "No such image."));
      const url = recipe.value.imageUrl;
      if (!url) return sendArticleFailure(c, fail("E_NOT_FOUND", "This recipe has no picture."));
      // A picture that came inside an imported file is stored with the recipe, not fetched.
      if (isStoredImagePath(url, recipe.value.id)) {
        const own = await sources.collections.image(recipe.value.id, c.get("caller"));
        return own.ok
          ? serveImage(c, await sized(own))
          : sendArticleFailure(c, fail("E_NOT_FOUND", "This recipe's picture is missing."));
      }
      return serveImage(c, await sized(await images.byUrl(urlKey(url), url)));
    },
  );
  defineRoute(
    r,
    {
      method: "get",
      path: "/tasks/:id",
      operationId: "getDraftImage",
      summary: "One of a draft's candidate pictures through the proxy (?url= must be one of them)",
      requestParams: { path: idParam, query: z.object({ url: z.string() }) },
      responses: {
        "200": { description: "The image bytes" },
        "404": artErr("E_NOT_FOUND"),
        "415": artErr("E_IMAGE_UNSUPPORTED"),
        "502": artErr("E_IMAGE_FETCH_FAILED"),
      },
      // Without a picture's address there is no such image.
      invalid: (c) => sendArticleFailure(c, fail("E_NOT_FOUND", "No such image.")),
    },
    async (c) => {
      const task = await sources.tasks.get(c.req.param("id"), c.get("caller"));
      const url = c.req.valid("query").url;
      // Only the draft's own pictures: never an open proxy for any address a caller names.
      if (!task.ok || !draftImages(task.value.result).includes(url))
        return sendArticleFailure(c, fail("E_NOT_FOUND", "No such image."));
      return serveImage(c, await images.byUrl(urlKey(url), url));
    },
  );
  defineRoute(
    r,
    {
      method: "get",
      path: "/:id",
      operationId: "getImage",
      summary: "A proxied article image (raster only, stored after the first fetch)",
      requestParams: { path: idParam },
      responses: {
        "200": { description: "The image bytes" },
        "403": artErr("E_IMAGE_FORBIDDEN"),
        "404": artErr("E_NOT_FOUND"),
        "413": artErr("E_IMAGE_TOO_LARGE"),
        "415": artErr("E_IMAGE_UNSUPPORTED"),
        "502": artErr("E_IMAGE_FETCH_FAILED"),
      },
    },
    async (c) => serveImage(c, await images.get(c.get("caller").id, c.req.param("id"))),
  );
  return r;
}

function serveImage(c: Context, res: Awaited<ReturnType<Articles["images"]["get"]>>): Response {
  if (!res.ok) return sendArticleFailure(c, res);
  const etag = `"${res.value.sha256}"`;
  const headers = {
    "content-type": res.value.contentType,
    // Private: only those who may read the article, recipe or draft load it. The bytes never change.
    "cache-control": "private, max-age=31536000, immutable",
    etag,
    "x-content-type-options": "nosniff",
    "content-security-policy": "default-src 'none'; sandbox",
    "referrer-policy": "no-referrer",
  };
  if (c.req.header("if-none-match") === etag) return c.body(null, 304, headers);
  return c.body(new Uint8Array(res.value.data), 200, headers);
}
