import { requestLanguage } from "../requestLanguage.ts";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { streamSSE } from "hono/streaming";
import { z } from "zod";
import {
  zCommitPolicy,
  type CollectionView,
  zExportQuery,
  type Collections,
} from "../../services/collections/index.ts";
import { readCollectionStart, zStartCollectionJson } from "./collectionStart.ts";
import type { AuthEnv } from "../auth.ts";
import { sendError, sendFailure } from "../respond.ts";
import { defineRoute, refuseWith } from "../defineRoute.ts";
import { zRecipe, zStoredRecipe } from "../../domain/recipe.ts";

const idParam = z.object({ id: z.string() });

const itemParam = z.object({ id: z.string(), seq: z.string() });

const errBody = z.object({ code: z.string(), message: z.string() });

const err = (d: string) => ({ description: d, content: { "application/json": { schema: errBody } } });

export const zCollectionView = z
  .object({
    id: z.string(),
    name: z.string(),
    format: z.string(),
    policy: z.enum(["commit_clean", "review_all"]),
    status: z.enum(["queued", "running", "completed", "cancelled", "failed"]),
    total: z.number().int(),
    done: z.number().int(),
    counts: z.object({
      imported: z.number().int(),
      duplicate: z.number().int(),
      needsReview: z.number().int(),
      failed: z.number().int(),
      cancelled: z.number().int(),
      pending: z.number().int(),
    }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "CollectionJob" });

export const zReportEntry = z
  .object({
    seq: z.number().int(),
    label: z.string(),
    kind: z.enum(["recipe", "url", "bookmark", "failed", "mealie_server", "mealie_recipe"]),
    status: z.enum(["pending", "imported", "duplicate", "needs_review", "failed", "cancelled"]),
    reason: z.string().nullable(),
    resultId: z.string().nullable(),
    duplicateOf: z.string().nullable(),
  })
  .meta({ id: "CollectionReportEntry" });

const json = (schema: z.ZodType, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

/** Largest collection file taken in one request (a Paprika export with photos runs to tens of MB). */
export const MAX_COLLECTION_BYTES = 200 * 1024 * 1024;

/** `POST /api/collections?policy=&name=` with a file: what to do with clean drafts, and the job's name. */
const zStartCollectionQuery = z.object({ policy: zCommitPolicy.optional(), name: z.string().optional() });
/** The file's bytes (any of the formats the summary lists). */
const zCollectionFile = z.string().meta({ format: "binary" });

const SSE_POLL_MS = 400;
const FINAL = new Set(["completed", "cancelled", "failed"]);

/** Bulk imports of collection files and URL lists, their reports and reviews, and exports. */
export function collectionsRoutes({
  collections,
  exportCollection,
}: Pick<Collections, "collections" | "exportCollection">): Hono<AuthEnv> {
  const r = new Hono<AuthEnv>();
  const svc = () => collections;

  defineRoute(
    r,
    {
      method: "get",
      path: "/export",
      operationId: "exportCollection",
      summary:
        "Export as jsonld (zip with images), paprika, cooklang (zip), html (printable cookbook), netscape or json",
      requestParams: { query: zExportQuery },
      responses: { "200": { description: "The file" }, "400": err("INVALID_REQUEST") },
      invalid: refuseWith(
        "INVALID_REQUEST",
        "Give format=jsonld|paprika|cooklang|html|netscape|json (and type=recipe|article|bookmark).",
      ),
    },
    async (c) => {
      const q = c.req.valid("query");
      // A cookbook's own words in the language asked for, else the one the request speaks (the web app's).
      const out = await exportCollection(c.get("caller"), { ...q, lang: q.lang ?? requestLanguage(c) });
      if (!out.ok) return sendError(c, "INVALID_REQUEST", out.message);
      return c.body(out.value.bytes as Uint8Array<ArrayBuffer>, 200, {
        "content-type": out.value.contentType,
        "content-disposition": `attachment; filename="${out.value.fileName}"`,
      });
    },
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/images/:id",
      operationId: "getCollectionImage",
      summary: "Moved: an imported recipe's picture is at /api/images/recipes/{id} like every recipe picture",
      deprecated: true,
      requestParams: { path: idParam },
      responses: { "301": { description: "To /api/images/recipes/{id}" } },
    },
    // Pictures of imported recipes are served where every recipe picture is; old links still work.
    (c) => c.redirect(`/api/images/recipes/${encodeURIComponent(c.req.param("id"))}`, 301),
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/",
      operationId: "startCollectionImport",
      summary:
        'Start a bulk import: a collection file (raw body or multipart "file"; Paprika, Mealie, Tandoor, Nextcloud Cookbook, Cooklang, schema.org JSON-LD, bookmark HTML, Pocket CSV, Omnivore/Karakeep JSON, saved recipe page, URL list; format told by content) with ?policy=commit_clean|review_all, or JSON {urls, policy}, or JSON {mealie: {server, token}, policy} to import every recipe of a live Mealie server through its API',
      requestParams: { query: zStartCollectionQuery },
      requestBody: {
        content: {
          "application/json": { schema: zStartCollectionJson },
          "application/octet-stream": { schema: zCollectionFile },
          "multipart/form-data": { schema: z.object({ file: zCollectionFile }) },
        },
      },
      responses: {
        "202": json(zCollectionView, "The job, queued"),
        "400": err("INVALID_REQUEST"),
        "413": err("PAYLOAD_TOO_LARGE or COLLECTION_TOO_LARGE"),
        "422": err("COLLECTION_UNREADABLE"),
      },
      invalid: refuseWith("INVALID_REQUEST", "policy is commit_clean or review_all."),
    },
    bodyLimit({
      maxSize: MAX_COLLECTION_BYTES,
      onError: (c) =>
        sendError(
          c,
          "PAYLOAD_TOO_LARGE",
          `Collection files may be at most ${MAX_COLLECTION_BYTES / 1024 / 1024} MB; split the export.`,
        ),
    }),
    async (c) => {
      const caller = c.get("caller");
      const policy = c.req.valid("query").policy ?? "commit_clean";
      const start = await readCollectionStart(c, c.req.query("name") ?? "Collection");
      if (!start.ok) return sendError(c, "INVALID_REQUEST", start.message);
      const body = start.value;
      const res =
        "file" in body
          ? await svc().startFile(caller, body.file, policy)
          : "mealie" in body
            ? await svc().startMealie(caller, body.mealie, body.policy)
            : await svc().startUrls(caller, body.urls, body.policy);
      if (!res.ok) return sendFailure(c, res);
      const view = await svc().get(res.value.id, caller);
      return c.json(view.ok ? view.value : null, 202);
    },
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/",
      operationId: "listCollectionImports",
      summary: "The caller's bulk jobs, newest first",
      responses: { "200": json(z.object({ items: z.array(zCollectionView) }), "Jobs") },
    },
    async (c) => c.json({ items: await svc().list(c.get("caller")) }),
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/:id",
      operationId: "getCollectionImport",
      summary: "A bulk job with its counts",
      requestParams: { path: idParam },
      responses: { "200": json(zCollectionView, "Job"), "404": err("COLLECTION_NOT_FOUND") },
    },
    async (c) => {
      const v = await svc().get(c.req.param("id"), c.get("caller"));
      return v.ok ? c.json(v.value) : sendFailure(c, v);
    },
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/:id/report",
      operationId: "getCollectionReport",
      summary:
        "The per-entry report: imported, duplicate (with the existing one), needs review, failed (with the reason)",
      requestParams: { path: idParam },
      responses: {
        "200": json(z.object({ job: zCollectionView, entries: z.array(zReportEntry) }), "Report"),
        "404": err("COLLECTION_NOT_FOUND"),
      },
    },
    async (c) => {
      const v = await svc().get(c.req.param("id"), c.get("caller"));
      if (!v.ok) return sendFailure(c, v);
      const rep = await svc().report(c.req.param("id"), c.get("caller"));
      return rep.ok ? c.json({ job: v.value, entries: rep.value }) : sendFailure(c, rep);
    },
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/:id/events",
      operationId: "streamCollectionProgress",
      summary: "Live progress (SSE `collection_progress` events until the job ends)",
      requestParams: { path: idParam },
      responses: { "200": { description: "text/event-stream" }, "404": err("COLLECTION_NOT_FOUND") },
    },
    async (c) => {
      const id = c.req.param("id");
      const caller = c.get("caller");
      const first = await svc().get(id, caller);
      if (!first.ok) return sendFailure(c, first);
      return streamSSE(c, async (stream) => {
        let last = "";
        let seq = 0;
        let current: CollectionView = first.value;
        while (!stream.aborted) {
          const key = `${current.status}:${current.done}:${JSON.stringify(current.counts)}`;
          if (key !== last) {
            last = key;
            await stream.writeSSE({
              event: "collection_progress",
              id: String(++seq),
              data: JSON.stringify(current),
            });
          }
          if (FINAL.has(current.status)) break;
          await stream.sleep(SSE_POLL_MS);
          const next = await svc().get(id, caller);
          if (!next.ok) break;
          current = next.value;
        }
      });
    },
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/:id/cancel",
      operationId: "cancelCollectionImport",
      summary: "Cancel a job: entries not yet done are marked cancelled, done ones stay",
      requestParams: { path: idParam },
      responses: { "200": json(zCollectionView, "Cancelled"), "404": err("COLLECTION_NOT_FOUND") },
    },
    async (c) => {
      const v = await svc().cancel(c.req.param("id"), c.get("caller"));
      return v.ok ? c.json(v.value) : sendFailure(c, v);
    },
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/:id/commit-clean",
      operationId: "commitCleanCollectionDrafts",
      summary: "Commit every held draft that has no errors",
      requestParams: { path: idParam },
      responses: {
        "200": json(
          z.object({ committed: z.number().int(), left: z.number().int() }),
          "How many were committed and left",
        ),
        "404": err("COLLECTION_NOT_FOUND"),
      },
    },
    async (c) => {
      const v = await svc().commitClean(c.req.param("id"), c.get("caller"));
      return v.ok ? c.json(v.value) : sendFailure(c, v);
    },
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/:id/items/:seq",
      operationId: "getCollectionDraft",
      summary: "A draft held for review",
      requestParams: { path: itemParam },
      responses: {
        "200": json(
          z.object({ entry: zReportEntry, recipe: zRecipe, warnings: z.array(z.string()) }),
          "The draft",
        ),
        "404": err("COLLECTION_NOT_FOUND"),
        "409": err("COLLECTION_ITEM_NOT_REVIEWABLE"),
      },
    },
    async (c) => {
      const v = await svc().draft(c.req.param("id"), Number(c.req.param("seq")), c.get("caller"));
      return v.ok ? c.json(v.value) : sendFailure(c, v);
    },
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/:id/items/:seq/commit",
      operationId: "commitCollectionDraft",
      summary: "Commit a held draft, with the reviewer's fixed recipe in {recipe} when given",
      requestParams: { path: itemParam },
      // Without a body (or without `recipe`) the draft is committed as it was read.
      requestBody: {
        content: { "application/json": { schema: z.object({ recipe: zRecipe.optional() }) } },
        required: false,
      },
      responses: {
        "200": json(z.object({ recipe: zStoredRecipe }), "The committed recipe"),
        "404": err("COLLECTION_NOT_FOUND"),
        "409": err("COLLECTION_ITEM_NOT_REVIEWABLE"),
        "422": err("INVALID_RECIPE"),
      },
      invalid: "INVALID_RECIPE",
    },
    async (c) => {
      const v = await svc().commit(
        c.req.param("id"),
        Number(c.req.param("seq")),
        c.get("caller"),
        c.req.valid("json").recipe,
      );
      return v.ok ? c.json({ recipe: v.value }) : sendFailure(c, v);
    },
  );

  return r;
}
