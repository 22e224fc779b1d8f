import { z } from "zod";
import { zCreateItemRequest, zItemListQuery, zUpdateItemRequest } from "../../domain/item.ts";
import { defineOp, failed, ok } from "../operation.ts";

export const bookmarkTools = [
  defineOp({
    name: "bookmark_add",
    title: "Bookmark a page",
    description:
      "Bookmark any web page for the user. Ladle fills in its title, excerpt and preview image in the background (a title or excerpt given here is kept). Adding a URL twice returns the existing bookmark. Returns the bookmark and created: true|false.",
    input: {
      url: zCreateItemRequest.shape.url.describe("The page's address (http or https)."),
      title: zCreateItemRequest.shape.title.describe("A title to keep instead of the page's own."),
      excerpt: zCreateItemRequest.shape.excerpt.describe("A short note or excerpt to keep."),
      libraryId: zCreateItemRequest.shape.libraryId.describe(
        "One of the user's libraries; default: their own.",
      ),
    },
    async run(ctx, input) {
      const res = await ctx.ladle.items.create(ctx.caller.id, input);
      return res.ok ? ok({ ...res.value.item, created: res.value.created }) : failed(res);
    },
  }),

  defineOp({
    name: "bookmark_list",
    title: "List bookmarks",
    description:
      "List the user's bookmarks, newest first, with title, excerpt, page kind (recipe, article, other) and enrichment status. Returns {items, nextCursor}; pass nextCursor as cursor for the next page.",
    readOnly: true,
    input: {
      limit: zItemListQuery.shape.limit.describe("Bookmarks per page (at most 100)."),
      cursor: zItemListQuery.shape.cursor.describe("The nextCursor of the previous page."),
      libraryId: zItemListQuery.shape.libraryId.describe("Only this library's bookmarks."),
      enrichmentStatus: zItemListQuery.shape.enrichmentStatus.describe(
        "Only pending, succeeded or failed ones.",
      ),
    },
    async run(ctx, q) {
      const res = await ctx.ladle.items.list(ctx.caller.id, q);
      return res.ok ? ok(res.value) : failed(res);
    },
  }),

  defineOp({
    name: "bookmark_get",
    title: "Read a bookmark",
    description: "Read one bookmark: url, title, excerpt, preview image, page kind and enrichment status.",
    readOnly: true,
    input: { bookmarkId: z.string().min(1).describe("The bookmark's id.") },
    async run(ctx, { bookmarkId }) {
      const res = await ctx.ladle.items.get(ctx.caller.id, bookmarkId);
      return res.ok ? ok(res.value) : failed(res);
    },
  }),

  defineOp({
    name: "bookmark_update",
    title: "Edit a bookmark",
    description:
      "Change a bookmark's title or excerpt (kept from then on; null gives it back to enrichment) or move it to another library. Returns the bookmark.",
    input: {
      bookmarkId: z.string().min(1).describe("The bookmark's id."),
      title: zUpdateItemRequest.shape.title.describe("New title; null lets enrichment fill it."),
      excerpt: zUpdateItemRequest.shape.excerpt.describe("New excerpt; null lets enrichment fill it."),
      libraryId: zUpdateItemRequest.shape.libraryId.describe(
        "Move it to this library (null: the user's own).",
      ),
    },
    async run(ctx, { bookmarkId, ...patch }) {
      const res = await ctx.ladle.items.update(ctx.caller.id, bookmarkId, patch);
      return res.ok ? ok(res.value) : failed(res);
    },
  }),

  defineOp({
    name: "bookmark_delete",
    title: "Delete a bookmark",
    description: "Delete a bookmark for good. Returns {deleted: true}.",
    destructive: true,
    input: { bookmarkId: z.string().min(1).describe("The bookmark's id.") },
    async run(ctx, { bookmarkId }) {
      const res = await ctx.ladle.items.delete(ctx.caller.id, bookmarkId);
      return res.ok ? ok({ id: bookmarkId, deleted: true }) : failed(res);
    },
  }),
];
