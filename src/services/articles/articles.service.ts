import { submittedUrlRefusal } from "../shared/submittedUrl.ts";
import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import type { Config } from "../../config.ts";
import { duplicateKey } from "../../domain/canonicalUrl.ts";
import {
  canonicalArticleUrl,
  statesBefore,
  type Media,
  type ProcessingStatus,
} from "../../domain/article.ts";
import type { Caller } from "../../domain/user.ts";
import { fail, type Failure, type Result } from "../../errors.ts";
import type { ArticleContext } from "../../pipeline/articleIngest.ts";
import { ARTICLE_JOB, type ArticleJob } from "./articleJob.ts";
import type { JobQueue } from "../../queue/queue.ts";
import type { ReconcilerFamily } from "../../queue/reconciler.ts";
import type { MediaRepo } from "../../storage/media.repo.ts";
import type { MediaRow } from "../../storage/schema.ts";
import { isUuid, type UsersService } from "../users/index.ts";
import { capturedFetch, type CapturedPage } from "../shared/capturedPage.ts";

const iso = (d: Date | string) => new Date(d).toISOString();

/** The media shape. */
export function toMedia(r: MediaRow): Media {
  return {
    id: r.id,
    kind: "web_article",
    title: r.title,
    processing_status: r.processing_status as ProcessingStatus,
    // Rows failed before walls were filed under E_FETCH_FORBIDDEN still say E_FETCH_BLOCKED.
    failure_code: r.failure_code === "E_FETCH_BLOCKED" ? "E_FETCH_FORBIDDEN" : r.failure_code,
    failure_message: r.failure_message,
    source_url: r.source_url,
    canonical_url: r.canonical_url,
    byline: r.byline,
    excerpt: r.excerpt,
    site_name: r.site_name,
    lang: r.lang,
    published_time: r.published_time,
    processing_attempts: r.processing_attempts,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
    ...(r.sent_from === "browser" ? { sent_from: "browser" as const } : {}),
  };
}

export interface ArticlesDeps {
  config: Config;
  repo: MediaRepo;
  users: UsersService;
  queue: JobQueue | null;
  /** The pipeline's outside world (gateway fetch and the off-loop reader). */
  context: () => ArticleContext;
  now: () => Date;
  log: Logger;
  /** Called once an article is ready, with who saved it (keeps a copy of the page when the operator turned that on). */
  onReady?: (mediaId: string, savedBy: string | null) => Promise<void>;
}

/**
 * Web articles: submission with dedup and library insertion ( *), the single ingestion job and its state machine, and reads behind `can_view`
 * (anything not visible is "not found").
 */
export class ArticlesService {
  private readonly d: ArticlesDeps;

  constructor(deps: ArticlesDeps) {
    this.d = deps;
  }

  /**
   * `POST /media/web-articles`: creates the media row or attaches the existing one (same
   * canonical URL) to the target library and the caller's default library. `created` is true
   * when this call started a new ingestion (202), false for an attach (200).
   */
  async submit(
    caller: Caller,
    input: { url: string; libraryId?: string | undefined },
    /** false: the caller reads the page itself (a capture); no job fetches it. */
    opts: { queue?: boolean } = {},
  ): Promise<Result<{ media: Media; created: boolean }>> {
    // E_URL_INVALID is for malformed URLs; a host Ladle never fetches is E_FETCH_FORBIDDEN.
    const refused = submittedUrlRefusal(input.url, this.d.config);
    if (refused)
      return fail(refused.kind === "malformed" ? "E_URL_INVALID" : "E_FETCH_FORBIDDEN", refused.message);
    const canonical = canonicalArticleUrl(input.url);
    if (!canonical)
      return fail(
        "E_URL_INVALID",
        `"${input.url.slice(0, 200)}" is not an absolute http:// or https:// URL.`,
      );
    const defaultLib = await this.d.users.defaultLibraryId(caller.id);
    const target = input.libraryId ?? defaultLib;
    if (target !== defaultLib && !(isUuid(target) && (await this.d.users.isLibraryAdmin(caller.id, target))))
      return fail(
        "E_FORBIDDEN",
        "You can add articles only to libraries you administer; pick another library.",
      );
    const at = this.d.now();
    // A URL submitted before and redirected elsewhere is the same article.
    // So is the same page under another address (AMP, print, mobile, tracking).
    const key = duplicateKey(canonical);
    const known =
      (await this.d.repo.byCanonicalUrl(canonical)) ??
      (await this.d.repo.bySourceUrl(input.url)) ??
      (await this.d.repo.bySourceUrl(canonical)) ??
      (key ? await this.d.repo.byDupKey(key) : undefined);
    let row: MediaRow;
    let created = false;
    if (known) row = known;
    else {
      const r = await this.d.repo.insertOrSelect({
        id: randomUUID(),
        // Source_url is the URL as submitted (fragment and all); canonical_url is the dedup key.
        sourceUrl: input.url,
        canonicalUrl: canonical,
        createdBy: caller.id,
        at,
      });
      row = r.row;
      created = r.created;
    }
    // Invariant: whatever the target, the article is also in the caller's default library.
    await this.d.repo.attach(target, row.id, caller.id, at);
    if (target !== defaultLib) await this.d.repo.attach(defaultLib, row.id, caller.id, at);
    if (created && opts.queue !== false) await this.enqueue(row.id, caller.id, 1, row.processing_attempts);
    return { ok: true, value: { media: toMedia(row), created } };
  }

  /**
   * An article from a page the cook's own browser sent: placed as a submitted address is, then
   * read at once from that page, never fetched. An article of that address that failed (the site
   * refused the server) is read again from it; one already read is only marked.
   */
  async submitCaptured(
    caller: Caller,
    input: { url: string; libraryId?: string | undefined },
    page: CapturedPage,
  ): Promise<Result<{ media: Media; created: boolean }>> {
    const placed = await this.submit(caller, input, { queue: false });
    if (!placed.ok) return placed;
    const { repo, now } = this.d;
    const id = placed.value.media.id;
    let row = await repo.get(id);
    if (row?.processing_status === "failed") row = (await repo.retry(id, now())) ?? row;
    if (row && (row.processing_status === "pending" || row.processing_status === "extracting")) {
      // Its text is what the browser showed: the mark goes with the reading it makes.
      await repo.markSentFromBrowser(id);
      await this.run({ mediaId: id, attempt: 1 }, { ...page, url: row.source_url });
    }
    const after = await repo.get(id);
    return { ok: true, value: { media: toMedia(after ?? row!), created: placed.value.created } };
  }

  /** Media metadata, when the viewer can see it. */
  async get(viewer: Caller, id: string): Promise<Result<Media>> {
    const row = await this.visible(viewer, id);
    return row ? { ok: true, value: toMedia(row) } : notFound(id);
  }

  /** The fragments of a ready article the viewer can see (never the canonical text). */
  async fragments(
    viewer: Caller,
    id: string,
  ): Promise<Result<{ id: string; ordinal: number; html_sanitized: string }[]>> {
    const row = await this.visible(viewer, id);
    if (!row) return notFound(id);
    if (row.processing_status !== "ready_for_reading")
      return fail(
        "E_NOT_READY",
        `The article is ${row.processing_status.replace(/_/g, " ")}; read it once it is ready.`,
      );
    const frags = await this.d.repo.fragments(row.id);
    return {
      ok: true,
      value: frags.map((f) => ({ id: f.id, ordinal: f.ordinal, html_sanitized: f.html_sanitized })),
    };
  }

  /** Canonical text (internal: search, quality evaluation); never sent to clients in v1. */
  async canonicalText(id: string): Promise<string | null> {
    return (await this.d.repo.fragments(id))[0]?.canonical_text ?? null;
  }

  /** Manual retry: failed → extracting, fragments removed, attempts + 1, a new job. */
  async retry(viewer: Caller, id: string): Promise<Result<Media>> {
    const row = await this.visible(viewer, id);
    if (!row) return notFound(id);
    const next = await this.d.repo.retry(row.id, this.d.now());
    if (!next)
      return fail(
        "E_NOT_RETRYABLE",
        `The article is ${row.processing_status.replace(/_/g, " ")}; only a failed one can be retried.`,
      );
    await this.enqueue(row.id, viewer.id, 1, next.processing_attempts);
    return { ok: true, value: toMedia(next) };
  }

  /** Media of a library the viewer belongs to. */
  async list(viewer: Caller, libraryId: string | undefined): Promise<Result<Media[]>> {
    const lib = libraryId ?? (await this.d.users.defaultLibraryId(viewer.id));
    if (!(await this.d.users.isMember(viewer.id, lib))) return fail("E_NOT_FOUND", "No such library.");
    return { ok: true, value: (await this.d.repo.inLibrary(lib, 500)).map(toMedia) };
  }

  /**
   * A page of a library's media, newest first, and the cursor of the next page (null after the
   * last). The cursor is opaque to callers: the last row's place in the list.
   */
  async listPage(
    viewer: Caller,
    libraryId: string | undefined,
    page: { limit: number; cursor?: string | undefined },
  ): Promise<Result<{ media: Media[]; nextCursor: string | null }>> {
    const lib = libraryId ?? (await this.d.users.defaultLibraryId(viewer.id));
    if (!(await this.d.users.isMember(viewer.id, lib))) return fail("E_NOT_FOUND", "No such library.");
    let after: { listedAt: string; id: string } | null = null;
    if (page.cursor) {
      try {
        const [listedAt, id] = JSON.parse(
          Buffer.from(page.cursor, "base64url").toString("utf8"),
        ) as unknown[];
        if (typeof listedAt !== "string" || typeof id !== "string" || Number.isNaN(Date.parse(listedAt)))
          throw new Error("cursor");
        after = { listedAt, id };
      } catch {
        return fail(
          "E_INVALID_REQUEST",
          "That page of the list no longer exists: start from the first page.",
        );
      }
    }
    // One row more than asked tells whether another page follows.
    const rows = await this.d.repo.pageInLibrary(lib, page.limit + 1, after);
    const shown = rows.slice(0, page.limit);
    const last = shown.at(-1);
    return {
      ok: true,
      value: {
        media: shown.map(toMedia),
        nextCursor:
          rows.length > page.limit && last
            ? Buffer.from(JSON.stringify([last.listedAt, last.id])).toString("base64url")
            : null,
      },
    };
  }

  /** The job handler: runs one attempt and leaves the row ready, failed, or queued for an automatic retry. */
  async run(job: ArticleJob, captured?: CapturedPage): Promise<void> {
    const { repo, now, log } = this.d;
    const row = await repo.get(job.mediaId);
    if (!row) return;
    if (row.processing_status === "pending") {
      if (!(await repo.transition(row.id, ["pending"], "extracting", now(), { bumpAttempts: true }))) return;
    } else if (row.processing_status === "extracting") {
      // An automatic retry, or the job resumed after a crashed worker (the first attempt of a manual retry was counted then).
      if (job.attempt > 1) await repo.bumpAttempts(row.id, now());
    } else return; // ready or failed: nothing to do (a duplicate job)

    let result;
    try {
      // A retry (automatic or manual) fetches again instead of reusing a recent shared result.
      const fresh = job.attempt > 1 || row.processing_attempts > 1;
      const ctx = this.d.context();
      // A page the browser sent answers for its address: the server never fetches it.
      const read = captured ? { ...ctx, fetch: capturedFetch(captured, ctx.fetch) } : ctx;
      // The article pipeline loads with the first article read (an API process reads none).
      const { ingestArticle } = await import("../../pipeline/articleIngest.ts");
      result = await ingestArticle(read, row.source_url, { fresh });
    } catch (err) {
      log.error({ err, mediaId: row.id }, "article pipeline crashed");
      result = {
        ok: false as const,
        code: "E_EXTRACT_NO_CONTENT" as const,
        message: `Reading the article failed: ${(err as Error).message}`,
      };
    }

    if (result.canonicalUrl && result.canonicalUrl !== row.canonical_url) {
      // A redirect led to an article that is already known: one URL keeps one media row.
      const other = await repo.byCanonicalUrl(result.canonicalUrl);
      if (other && other.id !== row.id) {
        await repo.mergeInto(row.id, other.id);
        log.info({ mediaId: row.id, into: other.id }, "article merged into the one its redirect leads to");
        if (other.processing_status === "failed" && result.ok) await this.retryRow(other.id);
        return;
      }
    }
    if (result.ok) {
      const a = result.article;
      const done = await repo
        .completeReady(
          row.id,
          {
            canonicalUrl: result.canonicalUrl,
            meta: {
              title: a.title,
              byline: a.byline,
              excerpt: a.excerpt,
              siteName: a.siteName,
              lang: a.lang,
              publishedTime: a.publishedTime,
            },
            fragment: { id: randomUUID(), htmlSanitized: a.htmlSanitized, canonicalText: a.canonicalText },
            images: a.images,
          },
          now(),
        )
        .catch(async (err: unknown) => {
          // The redirect target was inserted meanwhile (unique canonical_url): fail visibly rather than loop.
          log.warn({ err, mediaId: row.id }, "could not store the article");
          return undefined;
        });
      if (!done) log.warn({ mediaId: row.id }, "article finished but the row left extracting meanwhile");
      else await this.d.onReady?.(row.id, row.created_by);
      return;
    }
    const max = this.d.config.Articles.MaxFetchAttempts;
    if (result.code === "E_FETCH_FAILED" && job.attempt < max && this.d.queue) {
      const fresh = await repo.get(row.id);
      log.info(
        { mediaId: row.id, attempt: job.attempt, reason: result.message },
        "article fetch failed; retrying",
      );
      await this.enqueue(
        row.id,
        row.created_by,
        job.attempt + 1,
        (fresh?.processing_attempts ?? 0) + 1,
        this.d.config.Articles.RetryDelaySeconds * job.attempt,
      );
      return;
    }
    await repo.transition(row.id, statesBefore("failed"), "failed", now(), {
      failure: { code: result.code, message: result.message, details: result.details ?? null },
    });
  }

  /**
   * Articles under the shared reconciler: a row pending or extracting whose job vanished (the API
   * died between storing the row and queueing it, a job deleted) is queued again; one whose job was
   * exhausted by crashing workers fails with E_EXTRACT_NO_CONTENT (has no crash code: the page
   * could not be read), the attempts and last error in its details, and can be retried by hand.
   */
  reconcilerFamily(): ReconcilerFamily {
    const { repo, now } = this.d;
    return {
      family: "articles",
      queue: ARTICLE_JOB.name,
      findStale: async (before, limit) =>
        (await repo.staleUnfinished(before, limit)).map((r) => ({
          id: r.id,
          requeues: r.reconcile_requeues,
        })),
      requeue: async (id, requeues) => {
        const row = await repo.noteRequeue(id, requeues, now());
        // A fresh key: the lost job's key may still be taken by its completed or failed row.
        if (row) await this.enqueue(id, row.created_by, 1, row.processing_attempts, 0, `r${requeues}`);
      },
      failDead: async (id, failure) =>
        !!(await repo.transition(id, ["pending", "extracting"], "failed", now(), {
          failure: {
            code: "E_EXTRACT_NO_CONTENT",
            message: "Ladle stopped before it finished reading this page; try again.",
            details: { cause: failure.code, ...(failure.details ?? {}) },
          },
        })),
    };
  }

  private async retryRow(id: string): Promise<void> {
    const next = await this.d.repo.retry(id, this.d.now());
    if (next) await this.enqueue(id, next.created_by, 1, next.processing_attempts);
  }

  private async enqueue(
    mediaId: string,
    /** Who asked (fair queues: each user's jobs in turn). */
    owner: string | null,
    attempt: number,
    attempts: number,
    delaySeconds = 0,
    keySuffix = "",
  ): Promise<void> {
    const job = { mediaId, attempt };
    if (!this.d.queue) {
      // No queue (one-shot CLI use): run now, in this process.
      await this.run(job);
      return;
    }
    await this.d.queue.send(ARTICLE_JOB, job, {
      // `<media id>:…`: the reconciler finds a row's newest job by the part before the first colon.
      key: `${mediaId}:${attempts}:${attempt}${keySuffix ? `:${keySuffix}` : ""}`,
      owner,
      ...(delaySeconds > 0 ? { startAfter: delaySeconds } : {}),
    });
  }

  /**
   * The article `id` names when the viewer can see it. An id merged into another article (its
   * redirect led to one already saved) names that article: an id once returned keeps answering.
   */
  private async visible(viewer: Caller, id: string): Promise<MediaRow | undefined> {
    if (!isUuid(id)) return undefined;
    const real = await this.d.repo.resolveId(id);
    if (!real || !(await this.d.repo.canView(viewer.id, real))) return undefined;
    return this.d.repo.get(real);
  }
}

function notFound(id: string): Failure {
  return fail("E_NOT_FOUND", `No article ${id.slice(0, 64)} in your libraries.`);
}
