import { Hono } from "hono";
import { z } from "zod";
import { zHighlight, zHighlightPatch, zNewHighlight } from "../../domain/highlight.ts";
import type { Highlights } from "../../services/highlights/index.ts";
import type { AuthEnv } from "../auth.ts";
import { defineRoute } from "../defineRoute.ts";
import { err, idParam, json } from "../openapiParts.ts";
import { sendFailure } from "../respond.ts";

/** `/api/highlights`: your highlights and notes on articles: add, list, search, change the note, delete, export. */
export function highlightsRoutes({ highlights }: Highlights): Hono<AuthEnv> {
  const r = new Hono<AuthEnv>();
  const hl = highlights;

  defineRoute(
    r,
    {
      method: "get",
      path: "/",
      operationId: "listHighlights",
      summary:
        "Your highlights: of one article in reading order, or all newest first; q keeps those whose words match",
      requestParams: {
        query: z.object({ articleId: z.string().optional(), q: z.string().max(200).optional() }),
      },
      responses: {
        "200": json(z.object({ highlights: z.array(zHighlight) }), "Highlights"),
        "404": err("HIGHLIGHT_ARTICLE_NOT_FOUND"),
      },
    },
    async (c) => {
      const res = await hl.list(c.get("caller"), {
        articleId: c.req.query("articleId") || undefined,
        words: c.req.query("q") || undefined,
      });
      return res.ok ? c.json({ highlights: res.value }) : sendFailure(c, res);
    },
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/",
      operationId: "createHighlight",
      summary: "Highlight words of an article you can read, with an optional note",
      requestBody: { content: { "application/json": { schema: zNewHighlight } } },
      responses: {
        "201": json(zHighlight, "The highlight"),
        "404": err("HIGHLIGHT_ARTICLE_NOT_FOUND"),
        "422": err("HIGHLIGHT_NOT_IN_TEXT"),
      },
    },
    async (c) => {
      const res = await hl.create(c.get("caller"), c.req.valid("json"));
      return res.ok ? c.json(res.value, 201) : sendFailure(c, res);
    },
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/export",
      operationId: "exportHighlights",
      summary: "An article with your highlights and notes, as Markdown or JSON",
      requestParams: {
        query: z.object({ articleId: z.string(), format: z.enum(["markdown", "json"]).optional() }),
      },
      responses: {
        "200": {
          description: "The article and its highlights",
          content: { "text/markdown": { schema: z.string() }, "application/json": { schema: z.unknown() } },
        },
        "404": err("HIGHLIGHT_ARTICLE_NOT_FOUND"),
      },
    },
    async (c) => {
      const format = c.req.query("format") === "json" ? "json" : "markdown";
      const res = await hl.export(c.get("caller"), c.req.query("articleId") ?? "", format);
      if (!res.ok) return sendFailure(c, res);
      return c.body(res.value.body, 200, {
        "content-type": res.value.contentType,
        "content-disposition": `attachment; filename="${res.value.filename}"`,
      });
    },
  );

  defineRoute(
    r,
    {
      method: "patch",
      path: "/:id",
      operationId: "updateHighlight",
      summary: "Change or clear a highlight's note",
      requestParams: { path: idParam },
      requestBody: { content: { "application/json": { schema: zHighlightPatch } } },
      responses: { "200": json(zHighlight, "The highlight"), "404": err("HIGHLIGHT_NOT_FOUND") },
    },
    async (c) => {
      const res = await hl.setNote(c.get("caller"), c.req.param("id"), c.req.valid("json").note);
      return res.ok ? c.json(res.value) : sendFailure(c, res);
    },
  );

  defineRoute(
    r,
    {
      method: "delete",
      path: "/:id",
      operationId: "deleteHighlight",
      summary: "Delete a highlight and its note",
      requestParams: { path: idParam },
      responses: { "204": { description: "Deleted" }, "404": err("HIGHLIGHT_NOT_FOUND") },
    },
    async (c) => {
      const res = await hl.delete(c.get("caller"), c.req.param("id"));
      return res.ok ? c.body(null, 204) : sendFailure(c, res);
    },
  );
  return r;
}
