import { submittedUrlProblem } from "../shared/submittedUrl.ts";
import { IMPORT_JOB } from "./importJob.ts";
import type { Viewer } from "../../domain/user.ts";
import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import type { Logger } from "pino";
import { z } from "zod";
import type { Config } from "../../config.ts";
import type { RecipeDraft } from "../../domain/draft.ts";
import {
  wordsFromFor,
  importCodeOf,
  type ImportErrorCode,
  type ImportProgressEvent,
  type ImportSourceType,
  type StartImportRequest,
  type WordsFrom,
} from "../../domain/importJob.ts";
import type { StoredRecipe } from "../../domain/recipe.ts";
import { urlKey } from "../../domain/normalizeUrl.ts";
import type { PipelineContext } from "../../pipeline/context.ts";
import type { ImportFailure } from "../../pipeline/importRecipe.ts";
import type { JobQueue } from "../../queue/queue.ts";
import type { ReconcilerFamily } from "../../queue/reconciler.ts";
import type { GatewayResult } from "../../fetcher/gateway.ts";
import { unavailableReason, type Database } from "../../storage/db.ts";
import { kyselyExecutor } from "../../storage/rawSql.ts";
import type { ImportJobsRepo, ImportOutputs } from "../../storage/importJobs.repo.ts";
import type { ImportJobRow } from "../../storage/schema.ts";
import { progressEvent, startAnswer, toImportJob } from "./importAnswers.ts";
import { Failed, ImportSourceReader, isHttpUrl, type Ingested } from "./importSources.ts";
import { ocrTooUnsure } from "./ocrConfidence.ts";
import type { VisionReader } from "./visionReader.ts";
import { sha256Hex, UPLOAD_TOKEN, type UploadService } from "./uploads.service.ts";
import {
  zDownloadFailure,
  type DownloadFailure,
  type ImportRepos,
  type StartResult,
} from "./importShapes.ts";

export type { ImportRepos, StartResult };

/** Largest source text kept with a job. */
const MAX_SOURCE_TEXT = 1024 * 1024;

/**
 * Import jobs: submission with idempotency by (user, source hash), the
 * worker that reads each source type and runs the one extraction core, persistence of the recipe
 * with version 1, progress events, the soft time limit and the memory guard.
 */
export class ImportService {
  readonly repo: ImportJobsRepo;
  private readonly config: Config;
  private readonly database: Database;
  private readonly uploads: UploadService;
  private readonly context: () => Omit<PipelineContext, "onPhase">;
  private readonly fetchPage: (url: string, opts: { signal: AbortSignal }) => Promise<GatewayResult>;
  private readonly queue: JobQueue | null;
  private readonly vision: VisionReader | null;
  private readonly log: Logger;
  private readonly now: () => Date;
  private readonly local = new EventEmitter();
  private readonly sources: ImportSourceReader;
  private readonly repos: ImportRepos;

  constructor(deps: {
    config: Config;
    database: Database;
    /** Built by createImports (the only place a repository is constructed). */
    repos: ImportRepos;
    uploads: UploadService;
    context: () => Omit<PipelineContext, "onPhase">;
    /** The single-flight fetch shared with the other families. */
    fetchPage: (url: string, opts: { signal: AbortSignal }) => Promise<GatewayResult>;
    queue: JobQueue | null;
    /** Reads photos with a vision model when Imports:VisionProvider is set. */
    vision?: VisionReader | null;
    log: Logger;
    now: () => Date;
  }) {
    this.config = deps.config;
    this.database = deps.database;
    this.repos = deps.repos;
    this.repo = deps.repos.jobs;
    this.uploads = deps.uploads;
    this.context = deps.context;
    this.fetchPage = deps.fetchPage;
    this.vision = deps.vision ?? null;
    this.queue = deps.queue;
    this.log = deps.log;
    this.now = deps.now;
    this.local.setMaxListeners(0);
    this.sources = new ImportSourceReader({
      config: deps.config,
      uploads: deps.uploads,
      fetchPage: deps.fetchPage,
      vision: deps.vision ?? null,
      log: deps.log,
      progress: (id, p, signal) => this.progress(id, p, signal),
    });
  }

  /** Hash the source, return the live job for it (200) or create and queue a new one (202). */
  async start(
    userId: string,
    req: StartImportRequest,
    opts: {
      /** The request's claimed Idempotency-Key: its answer is stored in the creating transaction. */
      idempotency?: { callerId: string; key: string } | undefined;
    } = {},
  ): Promise<StartResult> {
    // Text is hashed exactly as given; references are trimmed.
    const ref =
      req.source_type === "text" &&
      !isHttpUrl(req.source_ref.trim()) &&
      !UPLOAD_TOKEN.test(req.source_ref.trim())
        ? req.source_ref
        : req.source_ref.trim();
    let hash: string | null;
    /** A URL that could not be downloaded: the job is queued like any other and its worker fails it. */
    let downloadFailure: DownloadFailure | null = null;
    const sourceRef = ref;
    if (UPLOAD_TOKEN.test(ref)) {
      const up = await this.uploads.get(ref, userId);
      if (!up)
        return {
          ok: false,
          code: "upload_not_found",
          message: "No upload with this token (it may have expired); upload the file again.",
        };
      hash = up.sha256;
    } else if (isHttpUrl(ref)) {
      // Refused at once, before anything is fetched or stored; the fetch checks again.
      const refused = submittedUrlProblem(ref, this.config);
      if (refused) return { ok: false, code: "invalid_request", message: refused };
      // The hash is of the URL's content, so the API fetches it here, through the shared
      // single-flight fetch that the job's own read then reuses (Fetch:SharedFetchReuseSeconds).
      const signal = AbortSignal.timeout(this.config.Imports.SoftTimeoutSeconds * 1000);
      const res = await this.fetchPage(ref, { signal });
      if (!res.ok) {
        downloadFailure = this.downloadFailure(ref, res, signal.aborted);
        hash = null;
      } else hash = sha256Hex(res.body);
    } else if (req.source_type === "text") {
      if (Buffer.byteLength(ref) > this.config.Imports.MaxTextBytes)
        return {
          ok: false,
          code: "invalid_request",
          message: "The text is too long; upload it as a file instead.",
        };
      hash = sha256Hex(ref);
    } else {
      return {
        ok: false,
        code: "invalid_request",
        message:
          req.source_type === "url"
            ? "source_ref must be an http or https URL."
            : "source_ref must be an http(s) URL or an upload token from POST /v1/uploads.",
      };
    }
    if (req.source_type === "url" && !isHttpUrl(ref))
      return {
        ok: false,
        code: "invalid_request",
        message: "source_ref must be an http or https URL for source_type url.",
      };
    // The job, its queue entry and the request's Idempotency-Key answer commit together: an API
    // killed after the commit but before answering gives the client's retry this very job (the
    // reconciler never has to find a job nobody queued, and a retry never makes a second one).
    const { row, created } = await this.database.db.transaction().execute(async (trx) => {
      const r = await this.repo.withDb(trx).createOrGet({
        id: randomUUID(),
        userId,
        sourceType: req.source_type,
        sourceRef,
        sourceHash: hash,
        wordsFrom: wordsFromFor(req.source_type, req.words),
        details: downloadFailure ? { downloadFailure } : undefined,
      });
      if (r.created && this.queue)
        await this.queue.send(
          IMPORT_JOB,
          { jobId: r.row.id },
          { key: r.row.id, owner: userId, db: kyselyExecutor(trx) },
        );
      if (opts.idempotency) {
        const { callerId, key } = opts.idempotency;
        await this.repos.idempotency.withDb(trx).complete(callerId, key, startAnswer(r.row, r.created));
      }
      return r;
    });
    if (created && !this.queue) void this.run(row.id);
    return { ok: true, created, job: row };
  }

  /**
   * A URL whose content could not be downloaded has no source hash: its job is queued all the same
   * (answers `{id, status: "queued"}`) with the failure kept for its worker, which ends it
   * failed (`download_error`, retry allowed: a failed job never blocks a new submission) without
   * fetching again.
   */
  private downloadFailure(
    ref: string,
    res: Extract<GatewayResult, { ok: false }>,
    /** The download outlasted the soft time limit. */
    timedOut: boolean,
  ): DownloadFailure {
    const secs = this.config.Imports.SoftTimeoutSeconds;
    return {
      code: timedOut ? "timeout" : importCodeOf(res.code) === "oom" ? "oom" : "download_error",
      message: timedOut
        ? `The import took longer than ${secs} s and was stopped. Please try again later.`
        : `Download failed: ${res.reason}`,
      details: { url: ref, gateway: res.code, status: res.status ?? null },
    };
  }

  private async enqueue(id: string, owner?: string): Promise<void> {
    if (this.queue) await this.queue.send(IMPORT_JOB, { jobId: id }, { key: id, owner });
    else void this.run(id);
  }

  /** A job of this user (others' jobs do not exist for them). */
  async get(id: string, userId: string): Promise<ImportJobRow | null> {
    if (!z.uuid().safeParse(id).success) return null;
    return (await this.repo.getOwned(id, userId)) ?? null;
  }

  /** The user's latest jobs, newest first. */
  async list(userId: string, limit = 50): Promise<ImportJobRow[]> {
    return this.repo.listByUser(userId, limit);
  }

  /** Calls `fn` on each progress change of a job published in this process. */
  onProgress(id: string, fn: (e: ImportProgressEvent) => void): () => void {
    this.local.on(id, fn);
    return () => this.local.off(id, fn);
  }

  private publish(row: ImportJobRow | undefined): void {
    if (row) this.local.emit(row.id, progressEvent(row));
  }

  /** Starts this process's import workers. */
  async work(queue: JobQueue): Promise<void> {
    await queue.work(IMPORT_JOB, this.config.Imports.Concurrency, ({ jobId }) => this.run(jobId));
  }

  /**
   * Runs one job to a final state: steps with progress 5 → 25 → 50 → 90 → 100, inside the
   * soft time limit; every failure ends as `failed` with a code.
   */
  async run(jobId: string): Promise<void> {
    const started = await this.repo.start(jobId, this.now());
    if (!started) return;
    this.publish(started);
    const ac = new AbortController();
    const limitMs = this.config.Imports.SoftTimeoutSeconds * 1000;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<"timeout">((resolve) => {
      timer = setTimeout(() => {
        ac.abort();
        resolve("timeout");
      }, limitMs);
    });
    const outputs: ImportOutputs = {};
    try {
      const work = this.process(started, ac.signal, outputs);
      // After the soft limit the abandoned work may still end (and throw); nobody waits for it then.
      work.catch(() => {});
      const outcome = await Promise.race([work, timedOut]);
      if (outcome === "timeout") {
        const secs = this.config.Imports.SoftTimeoutSeconds;
        await this.finishFailed(
          jobId,
          "timeout",
          `The import took longer than ${secs} s and was stopped. Please try again later.`,
          outputs,
        );
      }
    } catch (err) {
      if (err instanceof Failed) await this.finishFailed(jobId, err.code, err.message, outputs);
      // The database went away under the job: not the source's fault. Left running, the job is
      // retried by the queue (its retries, or the reconciler) once the database answers again.
      else if (unavailableReason(err)) throw err;
      else {
        this.log.error({ err, jobId }, "import job crashed");
        await this.finishFailed(
          jobId,
          "extraction_failed",
          `The import failed unexpectedly: ${(err as Error).message}`,
          outputs,
        );
      }
    } finally {
      clearTimeout(timer);
      ac.abort();
    }
  }

  private async finishFailed(
    id: string,
    code: ImportErrorCode,
    message: string,
    out: ImportOutputs,
  ): Promise<void> {
    this.publish(await this.repo.fail(id, code, message, out, this.now()));
  }

  private async progress(id: string, p: number, signal: AbortSignal): Promise<void> {
    if (signal.aborted) throw new Failed("timeout", "stopped");
    this.publish(await this.repo.progress(id, p));
  }

  private async process(job: ImportJobRow, signal: AbortSignal, outputs: ImportOutputs): Promise<void> {
    const refused = zDownloadFailure.safeParse(
      (job.details as { downloadFailure?: unknown } | null)?.downloadFailure,
    );
    if (job.source_hash === null && refused.success) {
      outputs.details = refused.data.details;
      throw new Failed(refused.data.code, refused.data.message);
    }
    // ingest
    const ingested = await this.sources.ingest(job, signal);
    Object.assign(outputs, {
      contentHash: ingested.contentHash,
      reader: ingested.reader,
      sourceText: ingested.sourceText.slice(0, MAX_SOURCE_TEXT),
      details: this.details(ingested),
    });
    await this.progress(job.id, 25, signal);

    // The same content reached through another URL: link the earlier recipe instead of a copy.
    const earlier = await this.repo.completedWithContent(job.user_id, ingested.contentHash, job.id);
    if (earlier?.recipe_id) {
      const row = await this.repo.complete(
        job.id,
        earlier.recipe_id,
        { ...outputs, details: { ...this.details(ingested), linkedFromJob: earlier.id } },
        this.now(),
      );
      this.publish(row);
      return;
    }

    // preprocess: low-confidence OCR is refused here with a reason rather than parsed into nonsense.
    const min = this.config.Imports.MinOcrConfidence;
    if (ocrTooUnsure(ingested.ocrConfidence, min))
      throw new Failed(
        "extraction_failed",
        `The text in the ${job.source_type === "pdf" ? "scan" : "photo"} could not be read reliably (OCR confidence ${ingested.ocrConfidence}%, at least ${min}% needed). Use a sharp, well-lit photo taken straight on, or paste the text.`,
      );
    await this.progress(job.id, 50, signal);

    const ctx: Omit<PipelineContext, "onPhase"> = { ...this.context(), task: { id: job.id } };
    // The extraction core loads with the first job this process runs (an API process runs none).
    const { extractImport } = await import("../../pipeline/importRecipe.ts");
    const ex = await extractImport(ctx, ingested.source, {
      ownWords: wordsFromFor(job.source_type, (job.words_from as WordsFrom | null) ?? undefined) === "mine",
    });
    if (!ex.ok) throw new Failed(ex.code, ex.message);
    // A web page's original text is the readable snapshot the extraction worked from.
    if (!outputs.sourceText) outputs.sourceText = ex.snapshot.slice(0, MAX_SOURCE_TEXT);
    await this.progress(job.id, 90, signal);
    if (signal.aborted) throw new Failed("timeout", "stopped");
    await this.persist(job, ingested, ex.draft, outputs);
  }

  private details(i: Ingested): Record<string, unknown> {
    return {
      reader: i.reader,
      ...(i.url ? { url: i.url } : {}),
      ...(i.pages ? { pages: i.pages } : {}),
      ...(i.ocrConfidence !== undefined ? { ocrConfidence: i.ocrConfidence } : {}),
      ...(i.extra ?? {}),
    };
  }

  /** Recipe + version 1 and the job's completion in one transaction (nothing when the job was stopped). */
  private async persist(
    job: ImportJobRow,
    ing: Ingested,
    draft: Omit<RecipeDraft, "artifacts">,
    outputs: ImportOutputs,
  ): Promise<void> {
    const { linesToCheck, checkWarning } = await import("../../extract/ocrText.ts");
    const at = this.now();
    const id = randomUUID();
    const source = ing.url ? { ...draft.source, url: ing.url } : null;
    const document: StoredRecipe = {
      ...draft.recipe,
      id,
      source,
      createdAt: at.toISOString(),
      updatedAt: at.toISOString(),
      taskId: null,
      // Saved without review: the lines read from a photo or scan to check are said so.
      commitWarnings: linesToCheck(draft.recipe, ing.unsure ?? []).map(checkWarning),
      guardrailOverride: null,
    };
    const provenance = {
      importJobId: job.id,
      sourceType: job.source_type,
      sourceRef: job.source_ref,
      reader: ing.reader,
      extractionMethod: draft.source.extractionMethod,
      fieldMethods: draft.fieldMethods,
      ocrConfidence: ing.ocrConfidence ?? null,
      ...(ing.pages ? { pages: ing.pages } : {}),
      contentHash: ing.contentHash,
      ...(ing.url ? { url: ing.url } : {}),
      ...(ing.extra ?? {}),
    };
    const done = await this.database.db.transaction().execute(async (trx) => {
      await this.repos.recipes.withDb(trx).insert({
        id,
        name: document.name,
        document,
        sourceUrl: ing.url,
        sourceUrlKey: ing.url ? urlKey(ing.url) : null,
        taskId: null,
        at,
        ownerId: job.user_id,
        version: {
          kind: "import",
          createdBy: (await this.repos.users.withDb(trx).byId(job.user_id))?.name ?? null, // a name, as in every version
          provenance,
          validation: draft.validation,
          guardrail: draft.similarity,
          note: `Imported from ${job.source_type} by the ${ing.reader} reader`,
        },
      });
      const row = await this.repo.withDb(trx).complete(job.id, id, outputs, at);
      // Stopped meanwhile (the soft limit): roll the recipe back.
      if (!row) throw new Failed("timeout", "stopped");
      return row;
    });
    this.publish(done);
  }

  /** Stored text of a job beside its recipe, for the UI. */
  async result(row: ImportJobRow, viewer: Viewer) {
    const recipe = row.recipe_id ? await this.repos.recipes.get(row.recipe_id, viewer) : undefined;
    const version = row.recipe_id ? await this.repos.recipes.getVersion(row.recipe_id, 1) : undefined;
    return {
      job: toImportJob(row),
      source_type: row.source_type as ImportSourceType,
      source_ref: row.source_ref,
      reader: row.reader,
      source_text: row.source_text,
      details: row.details ?? null,
      recipe: recipe?.document ?? null,
      version: version
        ? { provenance: version.provenance, validation: version.validation, guardrail: version.guardrail }
        : null,
    };
  }

  /**
   * This family for the shared reconciler: a job whose queue message vanished is sent again; one
   * whose worker died on every attempt (a process killed under it, typically out of memory) fails.
   */
  reconcilerFamily(): ReconcilerFamily {
    return {
      family: "import-jobs",
      queue: IMPORT_JOB.name,
      findStale: (before, limit) => this.repo.findStale(before, limit),
      requeue: async (id, requeues) => {
        const owner = await this.repo.noteRequeue(id, requeues);
        await this.enqueue(id, owner ?? undefined);
      },
      failDead: async (id, failure) => {
        const row = await this.repo.fail(
          id,
          "oom",
          "The worker reading this import stopped on every attempt, most likely out of memory. Try a smaller file.",
          { details: { reconciler: { code: failure.code, message: failure.message } } },
          this.now(),
        );
        this.publish(row);
        return row !== undefined;
      },
    };
  }
}

export type { ImportFailure };
