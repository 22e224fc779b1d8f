import { fail } from "../../errors.ts";
import type { UrlPayload } from "../../domain/task.ts";
import type { PipelineContext } from "../../pipeline/context.ts";
import type { UrlImportResult } from "../../pipeline/urlImport.ts";
import type { BlobsRepo } from "../../storage/blobs.repo.ts";
import type { TaskRow } from "../../storage/schema.ts";
import { capturedFetch, type CapturedPage } from "../shared/capturedPage.ts";

/** What a recipe task made from a capture keeps in its metadata (set here only, never by a request). */
export interface CaptureMeta {
  key: string;
  title: string | null;
}

/** The captured page a recipe task reads, when the task was made from one. */
export function captureOf(row: TaskRow): CaptureMeta | null {
  const c = (row.metadata as { capture?: Partial<CaptureMeta> } | null)?.capture;
  return c && typeof c.key === "string" ? { key: c.key, title: c.title ?? null } : null;
}

/**
 * Runs a recipe import task made from a capture: the pipeline of a URL import, with the captured
 * document answering for the page's address (the server never fetches it), and the draft's source
 * saying the browser sent it.
 */
export function captureModeRunner(blobs: BlobsRepo) {
  return {
    async run(ctx: PipelineContext, payload: UrlPayload, row: TaskRow): Promise<UrlImportResult> {
      const meta = captureOf(row);
      // Only the requester's own capture: the key names its owner.
      const blob =
        meta && row.requested_by && meta.key.startsWith(`capture/${row.requested_by}/`)
          ? await blobs.get(meta.key)
          : undefined;
      if (!meta || !blob) return { ...fail("CAPTURE_GONE"), artifacts: [], phase: "Ingest.Fetch" };
      const page: CapturedPage = { url: payload.url, html: blob.data.toString("utf8"), title: meta.title };
      // Already rendered by the browser: never fetched again to render it.
      // The pipeline loads with the first task it runs: an API process never runs one.
      const { runUrlImport } = await import("../../pipeline/urlImport.ts");
      const result = await runUrlImport(
        { ...ctx, fetch: capturedFetch(page, ctx.fetch) },
        payload.url,
        "never",
      );
      if (result.ok) result.draft.source = { ...result.draft.source, sentFrom: "browser" };
      return result;
    },
  };
}
