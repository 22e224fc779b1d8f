import type { ZodOpenApiPathsObject } from "zod-openapi";
import {
  zCreateItemRequest,
  zItem,
  zItemList,
  zItemListQuery,
  zUpdateItemRequest,
} from "../../domain/item.ts";
import { z } from "zod";
import { err, idParam, json } from "../openapiParts.ts";

/** The contract of saved items (articles, bookmarks), beside the routes that serve it; src/api/openapi.ts composes the document. */
export const itemsPaths: ZodOpenApiPathsObject = {
  // Bookmarks (sync-enrichment.md)
  "/api/v1/items": {
    post: {
      operationId: "createItem",
      summary: "Save a bookmark, enriched within the sync budget (4 s)",
      description:
        "User-given title and excerpt win and are locked. Status follows the §6 table: a preview image makes it succeeded; otherwise pending and the async fallback (page again and/or screenshot) is queued.",
      requestBody: { content: { "application/json": { schema: zCreateItemRequest } } },
      responses: {
        "201": json(zItem, "Created"),
        "200": json(zItem, "The user already had a bookmark of this URL; returned unchanged"),
        "400": err("INVALID_ITEM"),
        "404": err("LIBRARY_NOT_FOUND"),
      },
    },
    get: {
      operationId: "listItems",
      summary: "The caller's bookmarks, newest first",
      requestParams: { query: zItemListQuery },
      responses: { "200": json(zItemList, "A page of bookmarks"), "400": err("INVALID_REQUEST") },
    },
  },
  "/api/v1/items/{id}": {
    get: {
      operationId: "getItem",
      summary: "One bookmark",
      requestParams: { path: idParam },
      responses: { "200": json(zItem, "Bookmark"), "404": err("ITEM_NOT_FOUND") },
    },
    patch: {
      operationId: "updateItem",
      summary: "Edit title, excerpt (a value locks it, null unlocks it) or library",
      requestParams: { path: idParam },
      requestBody: { content: { "application/json": { schema: zUpdateItemRequest } } },
      responses: {
        "200": json(zItem, "Bookmark"),
        "400": err("INVALID_ITEM"),
        "404": err("ITEM_NOT_FOUND or LIBRARY_NOT_FOUND"),
      },
    },
    delete: {
      operationId: "deleteItem",
      summary: "Delete a bookmark and its thumbnail",
      requestParams: { path: idParam },
      responses: { "204": { description: "Deleted" }, "404": err("ITEM_NOT_FOUND") },
    },
  },
  "/api/v1/items/{id}/enrich": {
    post: {
      operationId: "enrichItem",
      summary: "Re-enrich: sync first, the async fallback only if still no preview image",
      requestParams: { path: idParam },
      responses: {
        "200": json(zItem, "Completed synchronously (succeeded)"),
        "202": json(zItem, "Pending: the async fallback is queued"),
        "404": err("ITEM_NOT_FOUND"),
      },
    },
  },
  "/api/v1/items/{id}/preview": {
    get: {
      operationId: "getItemPreview",
      summary: "The page's preview image through Ladle's image proxy (what the web UI shows)",
      requestParams: { path: idParam },
      responses: {
        "200": {
          description: "Image bytes (raster only)",
          content: { "image/*": { schema: z.string() } },
        },
        "304": { description: "Not modified (If-None-Match)" },
        "404": err("ITEM_NOT_FOUND or PREVIEW_NOT_AVAILABLE"),
      },
    },
  },
  "/api/v1/items/{id}/thumbnail": {
    get: {
      operationId: "getItemThumbnail",
      summary: "The screenshot card thumbnail (WebP or JPEG), cacheable per user",
      requestParams: { path: idParam },
      responses: {
        "200": {
          description: "Image bytes",
          content: { "image/webp": { schema: z.string() }, "image/jpeg": { schema: z.string() } },
        },
        "304": { description: "Not modified (If-None-Match)" },
        "404": err("ITEM_NOT_FOUND or THUMBNAIL_NOT_FOUND"),
      },
    },
  },
};
