import type { Config } from "../../config.ts";
import { wordsFromFor, type ImportErrorCode } from "../../domain/importJob.ts";
import type { SourcePayload } from "../../domain/task.ts";
import { fail, type ErrorCode, type Failure } from "../../errors.ts";
import type { ArtifactDraft, PipelineContext } from "../../pipeline/context.ts";
import type { UrlImportResult } from "../../pipeline/urlImport.ts";
import type { ImportJobRow } from "../../storage/schema.ts";
import { Failed, ImportSourceReader, isHttpUrl, type ImportSourceDeps } from "../imports/index.ts";
import type { ModeRunners } from "./runTask.ts";
import { submittedUrlProblem } from "../shared/submittedUrl.ts";
import { UPLOAD_TOKEN, type UploadService } from "../imports/index.ts";

// An Ingest task of mode Source ("one way to add anything"): pasted text, a PDF, a photo
// or captions read by the import family's readers, then extracted by the same core, ending
// ReviewReady like a page import. The copy check compares with the source only when the cook said
// someone else wrote it (its text is then kept as snapshot.txt, which the review's check reads).

/** The task error code for an import reader's failure; the message (written for cooks) says the rest. */
const TASK_CODE: Record<ImportErrorCode, ErrorCode> = {
  download_error: "FETCH_FAILED",
  unsupported_format: "UNSUPPORTED_CONTENT_TYPE",
  extraction_failed: "NO_RECIPE_FOUND",
  timeout: "FETCH_TIMEOUT",
  oom: "FETCH_TOO_LARGE",
};

export interface SourceImportDeps {
  config: Config;
  uploads: UploadService;
  reader: ImportSourceReader;
}

/** The task service's Source mode, reading with its own import readers (no job progress to report). */
export function sourceModeRunner(
  deps: Omit<ImportSourceDeps, "progress">,
): NonNullable<ModeRunners["source"]> {
  const sources: SourceImportDeps = {
    config: deps.config,
    uploads: deps.uploads,
    reader: new ImportSourceReader({ ...deps, progress: async () => undefined }),
  };
  return {
    validate: (p, userId) => checkSourcePayload(sources, p, userId),
    run: (ctx, p, userId) => runSourceImport(sources, ctx, p, userId),
  };
}

/** Checks a Source payload when the task is created: an upload must be the requester's and still there. */
export async function checkSourcePayload(
  deps: SourceImportDeps,
  payload: SourcePayload,
  userId: string | null,
): Promise<Failure | null> {
  const ref = payload.sourceRef.trim();
  if (UPLOAD_TOKEN.test(ref)) {
    const up = userId ? await deps.uploads.get(ref, userId) : null;
    return up
      ? null
      : fail("INVALID_PAYLOAD", "No upload with this token (it may have expired); upload the file again.", {
          field: "payload.sourceRef",
        });
  }
  if (isHttpUrl(ref)) {
    const refused = submittedUrlProblem(ref, deps.config);
    return refused ? fail("INVALID_PAYLOAD", refused, { field: "payload.sourceRef" }) : null;
  }
  if (payload.sourceType !== "text")
    return fail("INVALID_PAYLOAD", "sourceRef must be an upload token (POST /v1/uploads) or a page URL.", {
      field: "payload.sourceRef",
    });
  if (Buffer.byteLength(payload.sourceRef) > deps.config.Imports.MaxTextBytes)
    return fail("INVALID_PAYLOAD", "The text is too long; upload it as a file instead.", {
      field: "payload.sourceRef",
    });
  return null;
}

/** Reads and extracts a Source task's source, reporting its phases like a page import. */
export async function runSourceImport(
  deps: SourceImportDeps,
  ctx: PipelineContext,
  payload: SourcePayload,
  userId: string,
): Promise<UrlImportResult> {
  const taskId = ctx.task?.id ?? "";
  const signal = ctx.signal ?? new AbortController().signal;
  const failure = (e: Failed, phase: string, artifacts: ArtifactDraft[] = []) => ({
    ...fail(TASK_CODE[e.code], e.message),
    artifacts,
    phase,
  });
  await ctx.onPhase?.("Ingest.Fetch", "started");
  // The readers take an import job; a task stands in with the fields they read.
  const job = {
    id: taskId,
    user_id: userId,
    source_type: payload.sourceType,
    source_ref: payload.sourceType === "text" ? payload.sourceRef : payload.sourceRef.trim(),
  } as ImportJobRow;
  let ingested;
  try {
    ingested = await deps.reader.ingest(job, signal);
  } catch (err) {
    if (err instanceof Failed) return failure(err, "Ingest.Fetch");
    throw err;
  }
  const someoneElse =
    wordsFromFor(isHttpUrl(job.source_ref) ? "video" : payload.sourceType, payload.words ?? undefined) ===
    "someone_else";
  const text = ingested.sourceText;
  const artifacts: ArtifactDraft[] = text
    ? [
        { name: "source.txt", type: "source.text", contentType: "text/plain; charset=utf-8", content: text },
        // The review's copy check compares with snapshot.txt: only someone else's words have one.
        ...(someoneElse
          ? [
              {
                name: "snapshot.txt",
                type: "snapshot.text",
                contentType: "text/plain; charset=utf-8",
                content: text,
              },
            ]
          : []),
      ]
    : [];
  const min = deps.config.Imports.MinOcrConfidence;
  if (typeof ingested.ocrConfidence === "number" && ingested.ocrConfidence < min)
    return failure(
      new Failed(
        "extraction_failed",
        `The text in the ${payload.sourceType === "pdf" ? "scan" : "photo"} could not be read reliably (text recognition ${ingested.ocrConfidence}% sure, at least ${min}% needed). Use a sharp, well-lit photo taken straight on, or paste the text.`,
      ),
      "Ingest.Fetch",
      artifacts,
    );
  await ctx.onPhase?.("Ingest.Fetch", "completed", { reader: ingested.reader });
  await ctx.onPhase?.("Ingest.Extract", "started");
  // The extraction and the OCR checks load with the first source read (never in an API process).
  const [{ extractImport }, { linesToCheck }] = await Promise.all([
    import("../../pipeline/importRecipe.ts"),
    import("../../extract/ocrText.ts"),
  ]);
  const ex = await extractImport(ctx, ingested.source, { ownWords: !someoneElse });
  if (!ex.ok) return failure(new Failed(ex.code, ex.message), "Ingest.Extract", artifacts);
  await ctx.onPhase?.("Ingest.Extract", "completed");
  await ctx.onPhase?.("Ingest.Validate", "started");
  await ctx.onPhase?.("Ingest.Validate", "completed");
  // A web page's text (a video page's recipe data) is the snapshot the extraction worked from.
  if (!text && ex.snapshot)
    artifacts.push({
      name: "snapshot.txt",
      type: "snapshot.text",
      contentType: "text/plain; charset=utf-8",
      content: ex.snapshot,
    });
  // Lines read from a photo or scan that the review should compare with it.
  const toCheck = linesToCheck(ex.draft.recipe, ingested.unsure ?? []);
  return { ok: true, draft: toCheck.length ? { ...ex.draft, linesToCheck: toCheck } : ex.draft, artifacts };
}
