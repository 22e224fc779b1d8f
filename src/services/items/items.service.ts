import { submittedUrlProblem } from "../shared/submittedUrl.ts";
import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import type { Config } from "../../config.ts";
import {
  zPageKind,
  type CreateItemRequest,
  type EnrichItemJob,
  type EnrichmentStatus,
  type Item,
  type ItemListQuery,
  type UpdateItemRequest,
} from "../../domain/item.ts";
import { fail, type Failure, type Result } from "../../errors.ts";
import type { ScreenshotResult } from "../../fetcher/browser.ts";
import { capturedFetch, type CapturedPage } from "../shared/capturedPage.ts";
import { normalizeUrl } from "../../domain/normalizeUrl.ts";
import { duplicateKey } from "../../domain/canonicalUrl.ts";
import type { EnrichmentFetch, PageEnrichment } from "../../pipeline/enrichPage.ts";
import { makeThumbnail } from "../../pipeline/thumbnail.ts";
import { ENRICH_ITEM_JOB, ENRICH_MAX_ATTEMPTS } from "./enrichItemJob.ts";
import { JobReleased, type JobQueue } from "../../queue/queue.ts";
import type { ReconcilerFamily } from "../../queue/reconciler.ts";
import type { BlobsRepo } from "../../storage/blobs.repo.ts";
import { originOf, type ItemsRepo } from "../../storage/items.repo.ts";
import type { ItemRow } from "../../storage/schema.ts";
import {
  decodeCursor,
  encodeCursor,
  previewKey,
  thumbKey,
  type PreviewImage,
  type ThumbnailFile,
} from "./itemKeys.ts";

/** The page reader (htmlparser2 and the metadata readers) loads with the first bookmark read. */
const pageReader = () => import("../../pipeline/enrichPage.ts");

export interface ItemServiceDeps {
  config: Config;
  repo: ItemsRepo;
  blobs: BlobsRepo;
  /** The egress gateway's plain fetch, shared with concurrent and recent fetches of the same URL. */
  fetch: EnrichmentFetch;
  /** The gateway's fetch without reuse: re-enrichment is a user asking for the page as it is now. */
  fetchFresh?: EnrichmentFetch;
  /** The gateway's browser. */
  screenshot: (
    url: string,
    o: { width: number; height: number; timeBudgetMs: number; signal?: AbortSignal },
  ) => Promise<ScreenshotResult>;
  queue: JobQueue | null;
  /** Libraries of the users family: a bookmark lives in one of its owner's libraries. */
  libraries: {
    defaultLibraryId(userId: string): Promise<string>;
    isMember(userId: string, libraryId: string): Promise<boolean>;
  };
  log: Logger;
  now: () => Date;
  /**
   * Ladle's image proxy (the articles family's fetch, raster check and cache), for a preview image
   * URL this service has checked the caller may see; stored under `key`.
   */
  imageProxy?: ((key: string, url: string) => Promise<Result<PreviewImage>>) | null;
}

// Part of the master budget kept for storing the bookmark and queueing its job after enrichment.
const SYNC_RESERVE_MS = 300;

/**
 * Bookmarks ("items", sync-enrichment.md): create with synchronous enrichment under a budget,
 * the table deciding status and the async fallback, the state-driven worker with its
 * ownership check, re-enrichment, and thumbnails of the screenshot fallback.
 */
export class ItemService {
  private readonly d: ItemServiceDeps;

  constructor(deps: ItemServiceDeps) {
    this.d = deps;
  }

  private get cfg() {
    return this.d.config.Enrichment;
  }

  /** The API shape of a row. */
  toItem(r: ItemRow): Item {
    const thumbnailUrl = r.thumbnail_key
      ? `/api/v1/items/${r.id}/thumbnail?v=${r.enriched_at ? new Date(r.enriched_at).getTime() : r.version}`
      : null;
    let display: string | null = null;
    if (r.preview_image_url) {
      // Through Ladle's proxy, so showing the list contacts no third party.
      if (!this.cfg.UiImageProxy) display = r.preview_image_url;
      else if (this.d.imageProxy)
        display = `/api/v1/items/${r.id}/preview?v=${previewKey(r.id, r.preview_image_url).slice(-16)}`;
    }
    const kind = zPageKind.safeParse(r.page_kind);
    return {
      id: r.id,
      url: r.url,
      normalizedUrl: r.normalized_url,
      title: r.title,
      excerpt: r.excerpt,
      titleLocked: r.title_locked,
      excerptLocked: r.excerpt_locked,
      previewImageUrl: r.preview_image_url,
      thumbnailUrl,
      displayImageUrl: display ?? thumbnailUrl,
      pageKind: kind.success ? kind.data : null,
      enrichmentStatus: r.enrichment_status as EnrichmentStatus,
      enrichmentError: r.enrichment_error,
      enrichedAt: r.enriched_at ? new Date(r.enriched_at).toISOString() : null,
      libraryId: r.library_id,
      ...originOf(r),
      createdAt: new Date(r.created_at).toISOString(),
      updatedAt: new Date(r.updated_at).toISOString(),
      ...(r.sent_from === "browser" ? { sentFrom: "browser" as const } : {}),
    };
  }

  /** Sync enrichment under the configured budgets, counted from `startedAt` (the request's start). */
  private async syncEnrich(url: string, startedAt: number, fetch = this.d.fetch): Promise<PageEnrichment> {
    const { enrichPage } = await pageReader();
    return enrichPage(fetch, {
      url,
      htmlBudgetMs: this.cfg.HtmlFetchBudgetMs,
      masterBudgetMs: this.cfg.SyncBudgetMs,
      // Storing the bookmark and queueing its job happen inside the master budget too.
      reserveMs: Math.min(SYNC_RESERVE_MS, this.cfg.SyncBudgetMs / 10),
      maxBytes: this.cfg.MaxResponseSizeBytes,
      startedAt,
    });
  }

  /**
   * Creates a bookmark, enriched within the master budget. User values win; the page's
   * preview image decides the status and whether the async job runs (table). A bookmark the
   * user already has for this URL is returned as is (`created: false`).
   */
  async create(
    userId: string,
    req: CreateItemRequest,
    /** A page the cook's browser sent: enriched from it, never fetched (a bookmark they have is marked). */
    opts: { page?: CapturedPage } = {},
  ): Promise<Result<{ item: Item; created: boolean }>> {
    const started = performance.now();
    const refused = submittedUrlProblem(req.url, this.d.config);
    if (refused) return fail("INVALID_ITEM", refused);
    let normalized: string;
    try {
      normalized = normalizeUrl(req.url);
    } catch (err) {
      return fail("INVALID_ITEM", `url is not a usable web address: ${(err as Error).message}`);
    }
    // The same page under another address is the bookmark the user has, too.
    const key = duplicateKey(req.url);
    const existing =
      (await this.d.repo.findByUrl(userId, normalized)) ??
      (key ? await this.d.repo.findByDupKey(userId, key) : undefined);
    if (existing) {
      const marked = opts.page
        ? ((await this.d.repo.markSentFromBrowser(existing.id)) ?? existing)
        : existing;
      return { ok: true, value: { item: this.toItem(marked), created: false } };
    }
    const library = await this.library(userId, req.libraryId);
    if (!library.ok) return library;

    const found = await this.syncEnrich(
      req.url,
      started,
      opts.page ? capturedFetch(opts.page, this.d.fetch) : this.d.fetch,
    );
    const image = found.previewImageUrl;
    // A preview image completes the bookmark; without one it stays pending for the async job.
    // A page the browser sent is all there is to read: no later fetch by the server.
    const status: EnrichmentStatus = image || opts.page ? "succeeded" : "pending";
    const at = this.d.now();
    const row = await this.d.repo.insert({
      id: randomUUID(),
      userId,
      libraryId: library.value,
      url: req.url,
      normalizedUrl: normalized,
      title: req.title ?? found.title,
      excerpt: req.excerpt ?? found.excerpt,
      titleLocked: !!req.title,
      excerptLocked: !!req.excerpt,
      previewImageUrl: image,
      pageKind: found.pageKind,
      status,
      error: found.failure?.message ?? null,
      enrichedAt: image || opts.page ? at : null,
      at,
      origin: req,
      ...(opts.page ? { sentFrom: "browser" as const } : {}),
    });
    if (!row) {
      // A concurrent create of the same URL won the insert.
      const other = await this.d.repo.findByUrl(userId, normalized);
      if (!other) return fail("INTERNAL", "The bookmark could not be stored.");
      return { ok: true, value: { item: this.toItem(other), created: false } };
    }
    if (status === "pending") await this.queueAsync(row);
    this.d.log.debug(
      { itemId: row.id, ms: Math.round(performance.now() - started), status, failure: found.failure?.code },
      "bookmark created",
    );
    return { ok: true, value: { item: this.toItem(row), created: true } };
  }

  /** The library a bookmark goes to: the given one if the user belongs to it, else their default. */
  private async library(userId: string, libraryId: string | null | undefined): Promise<Result<string>> {
    if (!libraryId) return { ok: true, value: await this.d.libraries.defaultLibraryId(userId) };
    if (!(await this.d.libraries.isMember(userId, libraryId)))
      return fail(
        "LIBRARY_NOT_FOUND",
        "No such library among yours; leave libraryId out to use your default library.",
        {
          libraryId,
        },
      );
    return { ok: true, value: libraryId };
  }

  async get(userId: string, id: string): Promise<Result<Item>> {
    const row = await this.d.repo.getOwned(id, userId);
    return row ? { ok: true, value: this.toItem(row) } : notFound(id);
  }

  async list(
    userId: string,
    q: ItemListQuery,
  ): Promise<Result<{ items: Item[]; nextCursor: string | null }>> {
    const after = q.cursor ? decodeCursor(q.cursor) : undefined;
    if (after === null)
      return fail("INVALID_REQUEST", "cursor is not one this server gave out; start again without it.");
    const rows = await this.d.repo.list({
      userId,
      limit: q.limit + 1,
      ...(q.enrichmentStatus ? { status: q.enrichmentStatus } : {}),
      ...(q.libraryId ? { libraryId: q.libraryId } : {}),
      ...(after ? { after } : {}),
    });
    const page = rows.slice(0, q.limit);
    return {
      ok: true,
      value: {
        items: page.map((r) => this.toItem(r)),
        nextCursor: rows.length > q.limit ? encodeCursor(page.at(-1)!) : null,
      },
    };
  }

  /** The user's edit: given title and excerpt are locked against later enrichment. */
  async update(userId: string, id: string, patch: UpdateItemRequest): Promise<Result<Item>> {
    if (!(await this.d.repo.getOwned(id, userId))) return notFound(id);
    if (patch.libraryId !== undefined) {
      const library = await this.library(userId, patch.libraryId);
      if (!library.ok) return library;
      patch = { ...patch, libraryId: library.value };
    }
    const row = await this.d.repo.updateUserFields(id, userId, patch, this.d.now());
    return row ? { ok: true, value: this.toItem(row) } : notFound(id);
  }

  async delete(userId: string, id: string): Promise<Result<null>> {
    const row = await this.d.repo.delete(id, userId);
    if (!row) return notFound(id);
    if (row.thumbnail_key) await this.d.blobs.delete(row.thumbnail_key);
    if (row.preview_image_url) await this.d.blobs.delete(previewKey(row.id, row.preview_image_url));
    return { ok: true, value: null };
  }

  /**
   * Re-enrichment: pending, sync enrichment first (user-locked values untouched), then the
   * async job only when this run obtained no preview image. `queued` tells which way it went.
   */
  async reenrich(userId: string, id: string): Promise<Result<{ item: Item; queued: boolean }>> {
    const started = performance.now();
    const current = await this.d.repo.getOwned(id, userId);
    if (!current) return notFound(id);
    const now = this.d.now();
    await this.d.repo.writeEnrichment(id, { status: "pending", error: null, attempts: "reset" }, now);
    const found = await this.syncEnrich(current.url, started, this.d.fetchFresh ?? this.d.fetch);
    const image = found.previewImageUrl;
    const read = !found.failure;
    const row = await this.d.repo.writeEnrichment(
      id,
      {
        title: found.title,
        excerpt: found.excerpt,
        // The page was read: its image (or its lack of one) is the truth now. Unread: keep what we had.
        ...(read ? { previewImageUrl: image } : {}),
        pageKind: found.pageKind,
        status: image ? "succeeded" : "pending",
        error: found.failure?.message ?? null,
        ...(image ? { enrichedAt: this.d.now() } : {}),
      },
      this.d.now(),
    );
    if (!row) return notFound(id);
    if (current.preview_image_url && current.preview_image_url !== row.preview_image_url)
      await this.d.blobs.delete(previewKey(id, current.preview_image_url));
    if (!image) await this.queueAsync(row);
    return { ok: true, value: { item: this.toItem(row), queued: !image } };
  }

  /** The preview image of a user's bookmark, through Ladle's image proxy. */
  async preview(userId: string, id: string): Promise<Result<PreviewImage>> {
    const row = await this.d.repo.getOwned(id, userId);
    if (!row) return notFound(id);
    if (!row.preview_image_url || !this.d.imageProxy)
      return fail("PREVIEW_NOT_AVAILABLE", undefined, { itemId: id });
    const r = await this.d.imageProxy(previewKey(id, row.preview_image_url), row.preview_image_url);
    return r.ok ? r : fail("PREVIEW_NOT_AVAILABLE", r.message, { itemId: id, reason: r.code });
  }

  /** The screenshot thumbnail of a user's bookmark. */
  async thumbnail(userId: string, id: string): Promise<Result<ThumbnailFile>> {
    const row = await this.d.repo.getOwned(id, userId);
    if (!row) return notFound(id);
    const blob = row.thumbnail_key ? await this.d.blobs.get(row.thumbnail_key) : undefined;
    if (!blob) return fail("THUMBNAIL_NOT_FOUND", undefined, { itemId: id });
    return {
      ok: true,
      value: {
        data: blob.data,
        contentType: blob.contentType,
        etag: `"${blob.sha256}"`,
        updatedAt: blob.createdAt,
      },
    };
  }

  private async queueAsync(row: ItemRow): Promise<void> {
    const job = { itemId: row.id, userId: row.user_id };
    if (!this.d.queue) {
      // No queue (one-shot CLI use): run the fallback in this process, detached from the caller.
      void this.runJob(job).catch((err: unknown) =>
        this.d.log.warn({ err, itemId: row.id }, "enrichment failed"),
      );
      return;
    }
    try {
      await this.d.queue.send(ENRICH_ITEM_JOB, job, { key: row.id, owner: row.user_id });
    } catch (err) {
      // The bookmark is stored; maintenance re-queues pending bookmarks whose job never started.
      this.d.log.warn({ err, itemId: row.id }, "could not queue bookmark enrichment");
    }
  }

  /**
   * The async fallback, state-driven: reads the item, checks its owner, fetches the page
   * only when title or excerpt is missing or the last read failed, and takes a screenshot when there is still no preview
   * image. Expected failures are retried (the job throws) until ENRICH_MAX_ATTEMPTS; the last one,
   * and any permanent failure, ends `failed` with the reason.
   */
  async runJob(job: EnrichItemJob, signal?: AbortSignal): Promise<void> {
    const item = await this.d.repo.get(job.itemId);
    if (!item) {
      this.d.log.info({ itemId: job.itemId }, "bookmark gone before its enrichment ran; skipped");
      return;
    }
    if (item.user_id !== job.userId) {
      this.d.log.error(
        { itemId: job.itemId, jobUser: job.userId },
        "enrichment job names another owner than the bookmark's; skipped without writing",
      );
      return;
    }
    if (item.enrichment_status !== "pending") return;
    const attempt = await this.d.repo.countAttempt(item.id);
    const last = attempt >= ENRICH_MAX_ATTEMPTS;
    const settle = async (message: string, permanent: boolean) => {
      // Shutting down: the job goes back to the queue for another worker; no final state here.
      if (signal?.aborted) throw new JobReleased(`bookmark ${item.id} released at shutdown`);
      if (!permanent && !last) throw new Error(`${message} (attempt ${attempt} of ${ENRICH_MAX_ATTEMPTS})`);
      await this.d.repo.writeEnrichment(item.id, { status: "failed", error: message }, this.d.now());
    };

    let hasImage = !!item.preview_image_url;
    // The page again when a field is missing, or when the sync pass could not read it (its reason
    // is kept): a re-enrichment that ran out of time must not keep the last read's text and image.
    if (!item.title || !item.excerpt || item.enrichment_error) {
      // Full enrichment: the page again, with the gateway's ordinary time limits.
      const f = this.d.config.Fetch;
      const { enrichPage } = await pageReader();
      const found = await enrichPage(this.d.fetch, {
        url: item.url,
        htmlBudgetMs: f.TotalTimeoutMs,
        masterBudgetMs: f.TotalTimeoutMs + 5_000,
        maxBytes: this.cfg.MaxResponseSizeBytes,
        ...(signal ? { signal } : {}),
      });
      if (found.failure) return settle(found.failure.message, found.failure.permanent);
      await this.d.repo.writeEnrichment(
        item.id,
        {
          title: found.title,
          excerpt: found.excerpt,
          ...(found.previewImageUrl ? { previewImageUrl: found.previewImageUrl } : {}),
          pageKind: found.pageKind,
          status: "pending",
          error: null,
        },
        this.d.now(),
      );
      hasImage ||= !!found.previewImageUrl;
    }
    if (hasImage) {
      await this.d.repo.writeEnrichment(
        item.id,
        { status: "succeeded", error: null, enrichedAt: this.d.now() },
        this.d.now(),
      );
      return;
    }

    const shot = await this.d.screenshot(item.url, {
      width: this.cfg.ScreenshotWidth,
      height: this.cfg.ScreenshotHeight,
      timeBudgetMs: this.cfg.ScreenshotTimeoutMs,
      ...(signal ? { signal } : {}),
    });
    if (!shot.ok) {
      if (shot.code === "RENDER_FAILED" && /no browser at/.test(shot.reason))
        return settle(`Screenshots need a browser on the server (${shot.reason}).`, true);
      const { describeFailure } = await pageReader();
      const d = describeFailure({ ...shot, redirects: [], attempts: 1 });
      return settle(
        d.code === "RENDER_FAILED" ? `The page could not be pictured (${shot.reason}).` : d.message,
        d.permanent,
      );
    }
    const thumb = await makeThumbnail(shot.image, {
      width: this.cfg.ThumbnailWidth,
      format: this.cfg.ThumbnailFormat,
    });
    await this.d.blobs.put(thumbKey(item.id), thumb.data, thumb.contentType);
    // A page built by scripts may only now show its title and description.
    const rendered = !item.title || !item.excerpt ? (await pageReader()).readPage(shot.html, shot.url) : null;
    const written = await this.d.repo.writeEnrichment(
      item.id,
      {
        ...(rendered ? { title: rendered.title, excerpt: rendered.excerpt } : {}),
        thumbnailKey: thumbKey(item.id),
        status: "succeeded",
        error: null,
        enrichedAt: this.d.now(),
      },
      this.d.now(),
    );
    // Deleted while the browser worked: its thumbnail must not outlive it.
    if (!written) await this.d.blobs.delete(thumbKey(item.id));
  }

  /**
   * The reconciler's view of bookmarks: pending ones untouched for a while whose job is gone are
   * queued again (their async attempts count as re-queues), or failed when their job died.
   */
  reconcilerFamily(): ReconcilerFamily {
    return {
      family: "bookmarks",
      queue: ENRICH_ITEM_JOB.name,
      findStale: async (before, limit) =>
        (await this.d.repo.stalePending(before, limit)).map((r) => ({
          id: r.id,
          requeues: r.enrichment_attempts,
        })),
      requeue: async (id) => {
        const row = await this.d.repo.get(id);
        if (!row || row.enrichment_status !== "pending") return;
        // Touch it so the next run waits a full interval for this new job.
        await this.d.repo.writeEnrichment(
          id,
          { status: "pending", error: row.enrichment_error },
          this.d.now(),
        );
        await this.queueAsync(row);
      },
      failDead: (id) =>
        this.d.repo.failIfPending(
          id,
          "Fetching details stopped without finishing; use Refresh details to try again.",
          this.d.now(),
        ),
    };
  }
}

function notFound(id: string): Failure {
  return fail("ITEM_NOT_FOUND", undefined, { id });
}
