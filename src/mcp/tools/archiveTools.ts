import { z } from "zod";
import { defineOp, failed, ok } from "../operation.ts";

const zId = z.string().min(1).max(200);

/** Kept copies of pages and highlights on articles. */
export const archiveTools = [
  defineOp({
    name: "archive_keep",
    title: "Keep a copy of a page",
    description:
      "Keep a self-contained copy of an article's or a bookmark's page as it is now (pictures and styles inside it, no scripts), readable even after the site changes or goes away. Name articleId or bookmarkId. Returns the copy's size, how many pictures were made smaller or left out to stay under the cap, and its address.",
    input: {
      articleId: zId.optional().describe("One of the user's articles."),
      bookmarkId: zId.optional().describe("One of the user's bookmarks."),
    },
    async run(ctx, { articleId, bookmarkId }) {
      if (!articleId === !bookmarkId)
        return failed({
          code: "INVALID_REQUEST",
          message: "Name either articleId or bookmarkId (one of them).",
        });
      const res = await ctx.ladle.archives.keep(
        ctx.caller,
        articleId ? { articleId } : { bookmarkId: bookmarkId! },
      );
      return res.ok ? ok(res.value) : failed(res);
    },
  }),

  defineOp({
    name: "archive_list",
    title: "List kept copies",
    description:
      "The user's kept copies of pages, newest first (of one article or bookmark when named), and the room they take.",
    readOnly: true,
    input: {
      articleId: zId.optional().describe("Only the copies of this article."),
      bookmarkId: zId.optional().describe("Only the copies of this bookmark."),
    },
    async run(ctx, { articleId, bookmarkId }) {
      return ok(await ctx.ladle.archives.list(ctx.caller, { articleId, bookmarkId }));
    },
  }),

  defineOp({
    name: "highlight_add",
    title: "Highlight words of an article",
    description:
      "Highlight a passage of a saved article, with an optional note. Give the exact words (quote); Ladle finds them in the article's text (the first place they occur unless start says where).",
    input: {
      articleId: zId.describe("The article's id."),
      quote: z.string().min(1).max(5000).describe("The exact words to highlight."),
      note: z.string().max(5000).optional().describe("Why it matters."),
      start: z
        .number()
        .int()
        .min(0)
        .optional()
        .describe("Where the words start in the article's text, when they occur more than once."),
    },
    async run(ctx, { articleId, quote, note, start }) {
      const res = await ctx.ladle.highlights.create(ctx.caller, {
        articleId,
        quote,
        start: start ?? 0,
        end: (start ?? 0) + quote.length,
        note: note ?? null,
      });
      return res.ok ? ok(res.value) : failed(res);
    },
  }),

  defineOp({
    name: "highlight_list",
    title: "List highlights",
    description:
      "The user's highlights and notes: of one article in reading order, or all newest first; words keeps those whose quote or note match.",
    readOnly: true,
    input: {
      articleId: zId.optional().describe("Only this article's highlights."),
      words: z.string().max(200).optional().describe("Words to find in the highlights and notes."),
    },
    async run(ctx, { articleId, words }) {
      const res = await ctx.ladle.highlights.list(ctx.caller, { articleId, words });
      return res.ok ? ok({ highlights: res.value }) : failed(res);
    },
  }),

  defineOp({
    name: "highlight_export",
    title: "Export an article with its highlights",
    description: "An article with the user's highlights and notes, as Markdown (default) or JSON text.",
    readOnly: true,
    input: {
      articleId: zId.describe("The article's id."),
      format: z.enum(["markdown", "json"]).default("markdown").describe("markdown (default) or json."),
    },
    async run(ctx, { articleId, format }) {
      const res = await ctx.ladle.highlights.export(ctx.caller, articleId, format);
      return res.ok ? ok({ filename: res.value.filename, content: res.value.body }) : failed(res);
    },
  }),
];
