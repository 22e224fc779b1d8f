import type { Context } from "hono";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { streamSSE } from "hono/streaming";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { zStartImportRequest, type ImportProgressEvent } from "../../domain/importJob.ts";
import { ERRORS } from "../../errors.ts";
import { startAnswer, toImportJob } from "../../services/importAnswers.ts";
import type { Ladle } from "../../services/ladle.ts";
import type { AuthEnv } from "../auth.ts";

type ImportCode =
  | "invalid_request"
  | "not_found"
  | "upload_not_found"
  | "unsupported_format"
  | "payload_too_large"
  | "rate_limited"
  | "unauthorized";

/** The /v1 error body: `{ error_code, error_msg }` with the catalogue's status. */
export function importError(c: Context, code: ImportCode, message?: string): Response {
  const e = ERRORS[code];
  return c.json({ error_code: code, error_msg: message ?? e.message }, e.status as ContentfulStatusCode);
}

/** How often an SSE stream re-reads the job (progress written by a worker in another process). */
const SSE_POLL_MS = 400;
const SSE_HEARTBEAT_MS = 15_000;
const FINAL = new Set(["completed", "failed"]);

/** `/v1/import` and `/v1/uploads` (import-pipeline-io.md §2, §6, §7). */
export function importsRoutes(ladle: Ladle): Hono<AuthEnv> {
  const r = new Hono<AuthEnv>();

  r.post(
    "/uploads",
    bodyLimit({
      maxSize: ladle.uploads.maxAny() + 64 * 1024,
      onError: (c) =>
        importError(
          c,
          "payload_too_large",
          `Uploads may be at most ${Math.round(ladle.uploads.maxAny() / 1024 / 1024)} MB.`,
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
      const res = await ladle.uploads.create(bytes, c.get("caller").id);
      if (!res.ok) return importError(c, res.code, res.message);
      return c.json(res.value, 201);
    },
  );

  r.post("/import", async (c) => {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return importError(
        c,
        "invalid_request",
        'The body must be JSON: {"source_type": "url", "source_ref": "https://…"}.',
      );
    }
    const req = zStartImportRequest.safeParse(body);
    if (!req.success) {
      const i = req.error.issues[0];
      return importError(
        c,
        "invalid_request",
        `${i?.path.join(".") || "body"}: ${i?.message ?? "invalid"}. source_type is one of url, pdf, image, video, text.`,
      );
    }
    const res = await ladle.imports.start(c.get("caller").id, req.data, {
      idempotency: c.get("idempotency"),
    });
    if (!res.ok) return importError(c, res.code, res.message);
    const answer = startAnswer(res.job, res.created);
    return c.body(answer.body, answer.status as ContentfulStatusCode, answer.headers);
  });

  r.get("/import", async (c) => {
    const rows = await ladle.imports.list(c.get("caller").id, 50);
    return c.json({
      jobs: rows.map((row) => ({
        ...toImportJob(row),
        source_type: row.source_type,
        source_ref: row.source_ref,
        created_at: new Date(row.created_at).toISOString(),
      })),
    });
  });

  r.get("/import/:id", async (c) => {
    const row = await ladle.imports.get(c.req.param("id"), c.get("caller").id);
    if (!row) return importError(c, "not_found");
    return c.json(toImportJob(row));
  });

  r.get("/import/:id/result", async (c) => {
    const row = await ladle.imports.get(c.req.param("id"), c.get("caller").id);
    if (!row) return importError(c, "not_found");
    return c.json(await ladle.imports.result(row, c.get("caller")));
  });

  r.get("/import/:id/events", async (c) => {
    const id = c.req.param("id");
    const caller = c.get("caller").id;
    const first = await ladle.imports.get(id, caller);
    if (!first) return importError(c, "not_found");
    return streamSSE(c, async (stream) => {
      let seq = 0;
      let last: ImportProgressEvent | null = null;
      let wake: (() => void) | null = null;
      const pending: ImportProgressEvent[] = [];
      // Events only move forward (progress never drops, a final state is last), whoever reports them.
      const offer = (e: ImportProgressEvent) => {
        if (last && (FINAL.has(last.status) || (e.progress <= last.progress && e.status === last.status)))
          return;
        if (last && e.progress < last.progress) return;
        last = e;
        pending.push(e);
        wake?.();
      };
      const fromRow = (row: NonNullable<typeof first>): ImportProgressEvent => ({
        type: "import_progress",
        job_id: row.id,
        progress: row.progress,
        status: row.status as ImportProgressEvent["status"],
      });
      const off = ladle.imports.onProgress(id, offer);
      offer(fromRow(first));
      const poll = setInterval(() => {
        void ladle.imports.get(id, caller).then(
          (row) => row && offer(fromRow(row)),
          () => {},
        );
      }, SSE_POLL_MS);
      const heartbeat = setInterval(() => void stream.write(": keep-alive\n\n"), SSE_HEARTBEAT_MS);
      stream.onAbort(() => wake?.());
      try {
        while (!stream.aborted) {
          const e = pending.shift();
          if (!e) {
            await new Promise<void>((resolve) => (wake = resolve));
            wake = null;
            continue;
          }
          await stream.writeSSE({ event: "import_progress", id: String(++seq), data: JSON.stringify(e) });
          if (FINAL.has(e.status)) break;
        }
      } finally {
        off();
        clearInterval(poll);
        clearInterval(heartbeat);
      }
    });
  });

  return r;
}
