import { z } from "zod";
import { zSubmitArticleRequest } from "../../domain/article.ts";
import { canonicalText } from "../../extract/article/canonicalText.ts";
import { defineOp, failed, ok, type OpContext } from "../operation.ts";
import { waitForArticle } from "../waitFor.ts";
import { zWaitSeconds } from "./taskTools.ts";

const zLibraryId = z.string().min(1).max(200);
/** An article's readable text (or sanitized HTML), when it is ready. */
export async function readArticle(ctx: OpContext, articleId: string, format: "text" | "html") {
  const meta = await ctx.ladle.articles.get(ctx.caller, articleId);
  if (!meta.ok) return meta;
  const frags = await ctx.ladle.articles.fragments(ctx.caller, articleId);
  if (!frags.ok) return frags;
  const body = frags.value.map((f) =>
    format === "html" ? f.html_sanitized : canonicalText(f.html_sanitized),
  );
  return {
    ok: true as const,
    value: { ...meta.value, format, content: body.join(format === "html" ? "\n" : "\n\n") },
  };
}

export const articleTools = [
  defineOp({
    name: "article_save",
    title: "Save an article",
    description:
      "Save a web article (not a recipe) to the user's library for reading later: Ladle fetches it and keeps a clean, readable copy. Waits up to 45 s by default; returns the article's metadata (id, title, processing_status: pending, extracting, ready_for_reading or failed). Read it with article_read.",
    input: {
      url: zSubmitArticleRequest.shape.url.describe("The article's address (http or https)."),
      libraryId: zLibraryId.optional().describe("A library the user administers; default: their own."),
      wait: zWaitSeconds,
    },
    async run(ctx, { url, libraryId, wait }) {
      const res = await ctx.ladle.articles.submit(ctx.caller, { url, libraryId });
      if (!res.ok) return failed(res);
      const id = res.value.media.id;
      const done =
        wait > 0 ? await waitForArticle(ctx, id, wait) : { ok: true as const, value: res.value.media };
      return done.ok ? ok({ ...done.value, alreadySaved: !res.value.created }) : failed(done);
    },
  }),

  defineOp({
    name: "article_read",
    title: "Read an article",
    description:
      "Read a saved article: its metadata and its content as plain text (default) or sanitized HTML. Fails with E_NOT_READY while it is still being fetched. The same text is the resource ladle://articles/{id}.",
    readOnly: true,
    input: {
      articleId: z.string().min(1).describe("The article's id (from article_save or article_list)."),
      format: z.enum(["text", "html"]).default("text").describe("text (default) or html."),
    },
    async run(ctx, { articleId, format }) {
      const res = await readArticle(ctx, articleId, format);
      return res.ok ? ok(res.value) : failed(res);
    },
  }),

  defineOp({
    name: "article_list",
    title: "List saved articles",
    description:
      "List the articles in one of the user's libraries (default: their own), newest first, with id, title, site and processing_status.",
    readOnly: true,
    input: { libraryId: zLibraryId.optional().describe("The library; default: the user's own.") },
    async run(ctx, { libraryId }) {
      const res = await ctx.ladle.articles.list(ctx.caller, libraryId);
      return res.ok ? ok({ articles: res.value }) : failed(res);
    },
  }),
];
