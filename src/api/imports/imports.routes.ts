import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { streamSSE } from "hono/streaming";
import { pumpEvents } from "../pumpEvents.ts";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import {
  zStartImportRequest,
  type ImportProgressEvent,
  zImportError,
  zImportJob,
  zImportProgressEvent,
  zImportSourceType,
  zStartImportResponse,
  zUploadResponse,
} from "../../domain/importJob.ts";
import { importError } from "./importError.ts";
import { startAnswer, toImportJob, type Imports } from "../../services/imports/index.ts";
import type { AuthEnv } from "../auth.ts";
import { defineRoute } from "../defineRoute.ts";
import { z } from "zod";
import { idParam, json } from "../openapiParts.ts";
import { zStoredRecipe } from "../../domain/recipe.ts";

/** Stored as JSON beside the job or the recipe's first version; the shapes belong to the pipeline. */
const zStoredJson = z.record(z.string(), z.unknown()).nullable();
/** `GET /v1/import/{id}/result`: the job, the text it read, and the recipe it made (imports.service's result). */
const zImportResult = z
  .object({
    job: zImportJob,
    source_type: zImportSourceType,
    source_ref: z.string(),
    reader: z.string().nullable(),
    source_text: z.string().nullable(),
    details: zStoredJson,
    recipe: zStoredRecipe.nullable(),
    version: z
      .object({ provenance: zStoredJson, validation: zStoredJson, guardrail: zStoredJson })
      .nullable(),
  })
  .meta({ id: "ImportResult" });

/** How often an SSE stream re-reads the job (progress written by a worker in another process). */
const SSE_POLL_MS = 400;
const FINAL = new Set(["completed", "failed"]);

/** `/v1/import` and `/v1/uploads`. */
export function importsRoutes({ imports, uploads }: Pick<Imports, "imports" | "uploads">): Hono<AuthEnv> {
  const r = new Hono<AuthEnv>();

  defineRoute(
    r,
    {
      method: "post",
      path: "/uploads",
      operationId: "createUpload",
      summary: "Upload a PDF, photo, text or captions file (raw body or multipart field `file`)",
      requestBody: {
        content: {
          "application/octet-stream": { schema: z.string().meta({ format: "binary" }) },
          "multipart/form-data": { schema: z.object({ file: z.string().meta({ format: "binary" }) }) },
        },
      },
      responses: {
        "201": json(zUploadResponse, "Stored; use the token as source_ref"),
        "400": json(zImportError, "invalid_request (an empty upload)"),
        "413": json(zImportError, "payload_too_large"),
        "415": json(zImportError, "unsupported_format"),
        "507": json(zImportError, "storage_full: the person's storage limit is reached"),
      },
    },
    bodyLimit({
      maxSize: uploads.maxAny() + 64 * 1024,
      onError: (c) =>
        importError(
          c,
          "payload_too_large",
          `Uploads may be at most ${Math.round(uploads.maxAny() / 1024 / 1024)} MB.`,
        ),
    }),
    async (c) => {
      let bytes: Buffer;
      if ((c.req.header("content-type") ?? "").startsWith("multipart/form-data")) {
        const form = await c.req.parseBody().catch(() => null);
        const file = form?.file;
        if (!(file instanceof File))
          return importError(
            c,
            "invalid_request",
            'Send the file in a multipart field named "file", or as the raw request body.',
          );
        bytes = Buffer.from(await file.arrayBuffer());
      } else bytes = Buffer.from(await c.req.arrayBuffer());
      const res = await uploads.create(bytes, c.get("caller").id);
      if (!res.ok) return importError(c, res.code, res.message);
      return c.json(res.value, 201);
    },
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/import",
      operationId: "startImport",
      summary: "Start an import job; the same source again answers 200 with the live job",
      requestBody: { content: { "application/json": { schema: zStartImportRequest } } },
      responses: {
        "202": json(zStartImportResponse, "Queued"),
        "200": json(zStartImportResponse, "The caller's live job for the same source"),
        "400": json(zImportError, "invalid_request"),
        "404": json(zImportError, "upload_not_found"),
      },
      invalid: (c, p) =>
        p.unreadable
          ? importError(
              c,
              "invalid_request",
              'The body must be JSON: {"source_type": "url", "source_ref": "https://…"}.',
            )
          : importError(
              c,
              "invalid_request",
              `${p.issues[0]?.path.join(".") || "body"}: ${p.issues[0]?.message ?? "invalid"}. source_type is one of url, pdf, image, video, text.`,
            ),
    },
    async (c) => {
      const req = c.req.valid("json");
      const res = await imports.start(c.get("caller").id, req, {
        idempotency: c.get("idempotency"),
      });
      if (!res.ok) return importError(c, res.code, res.message);
      const answer = startAnswer(res.job, res.created);
      return c.body(answer.body, answer.status as ContentfulStatusCode, answer.headers);
    },
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/import",
      operationId: "listImports",
      summary: "The caller's latest import jobs (at most 50, newest first)",
      responses: {
        "200": json(
          z.object({
            jobs: z.array(
              zImportJob.extend({
                source_type: z.string(),
                source_ref: z.string(),
                created_at: z.string(),
              }),
            ),
          }),
          "Jobs",
        ),
      },
    },
    async (c) => {
      const rows = await imports.list(c.get("caller").id, 50);
      return c.json({
        jobs: rows.map((row) => ({
          ...toImportJob(row),
          source_type: row.source_type,
          source_ref: row.source_ref,
          created_at: new Date(row.created_at).toISOString(),
        })),
      });
    },
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/import/:id",
      operationId: "getImport",
      summary: "Poll an import job",
      requestParams: { path: idParam },
      responses: { "200": json(zImportJob, "Job"), "404": json(zImportError, "not_found") },
    },
    async (c) => {
      const row = await imports.get(c.req.param("id"), c.get("caller").id);
      if (!row) return importError(c, "not_found");
      return c.json(toImportJob(row));
    },
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/import/:id/result",
      operationId: "getImportResult",
      summary: "An import job's stored text beside its recipe",
      requestParams: { path: idParam },
      responses: { "200": json(zImportResult, "Result"), "404": json(zImportError, "not_found") },
    },
    async (c) => {
      const row = await imports.get(c.req.param("id"), c.get("caller").id);
      if (!row) return importError(c, "not_found");
      return c.json(await imports.result(row, c.get("caller")));
    },
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/import/:id/events",
      operationId: "streamImportEvents",
      summary: "Progress as SSE `import_progress` events until the job ends",
      requestParams: { path: idParam },
      responses: {
        "200": {
          description: "text/event-stream",
          content: { "text/event-stream": { schema: zImportProgressEvent } },
        },
        "404": json(zImportError, "not_found"),
      },
    },
    async (c) => {
      const id = c.req.param("id");
      const caller = c.get("caller").id;
      const first = await imports.get(id, caller);
      if (!first) return importError(c, "not_found");
      return streamSSE(c, async (stream) => {
        let seq = 0;
        let last: ImportProgressEvent | null = null;
        let forward: (e: ImportProgressEvent) => void = () => {};
        // Events only move forward (progress never drops, a final state is last), whoever reports them.
        const offer = (e: ImportProgressEvent) => {
          if (last && (FINAL.has(last.status) || (e.progress <= last.progress && e.status === last.status)))
            return;
          if (last && e.progress < last.progress) return;
          last = e;
          forward(e);
        };
        const fromRow = (row: NonNullable<typeof first>): ImportProgressEvent => ({
          type: "import_progress",
          job_id: row.id,
          progress: row.progress,
          status: row.status as ImportProgressEvent["status"],
        });
        await pumpEvents<ImportProgressEvent>(
          stream,
          (push) => {
            forward = push;
            const off = imports.onProgress(id, offer);
            offer(fromRow(first));
            const poll = setInterval(() => {
              void imports.get(id, caller).then(
                (row) => row && offer(fromRow(row)),
                () => {},
              );
            }, SSE_POLL_MS);
            return () => {
              off();
              clearInterval(poll);
            };
          },
          async (e) => {
            await stream.writeSSE({ event: "import_progress", id: String(++seq), data: JSON.stringify(e) });
            return FINAL.has(e.status);
          },
        );
      });
    },
  );

  return r;
}
