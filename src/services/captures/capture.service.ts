import { randomUUID } from "node:crypto";
import type { Config } from "../../config.ts";
import { zCaptureRequest, type CaptureRequest, type CaptureResult } from "../../domain/capture.ts";
import type { Caller } from "../../domain/user.ts";
import { fail, type Result } from "../../errors.ts";
import type { BlobsRepo } from "../../storage/blobs.repo.ts";
import type { ArticlesService } from "../articles/index.ts";
import type { ItemService } from "../items/index.ts";
import { submittedUrlProblem } from "../shared/submittedUrl.ts";
import type { CaptureMeta, TaskService } from "../tasks/index.ts";
import type { UsersService } from "../users/index.ts";
import { sanitizeCapture, type CapturedPage } from "../shared/capturedPage.ts";

/** How long a captured page waits for its import task (which starts at once). */
const KEEP_MS = 24 * 3_600_000;

const blobKey = (ownerId: string) => `capture/${ownerId}/${randomUUID()}`;

export interface CaptureDeps {
  config: Config;
  blobs: BlobsRepo;
  tasks: TaskService;
  articles: ArticlesService;
  items: ItemService;
  users: Pick<UsersService, "isMember">;
  now: () => Date;
}

/**
 * A page the cook's own browser sent (the bookmarklet's window, the extension, the CLI, MCP): its
 * size checked before it is read, its scripts removed, then the same use case as a fetched page:
 * a recipe import task (review), an article or a bookmark, each marked as sent from the browser.
 */
export class CaptureService {
  private readonly d: CaptureDeps;

  constructor(deps: CaptureDeps) {
    this.d = deps;
  }

  /** The size limit, in bytes (the HTTP body limit adds room for the JSON around the page). */
  maxBytes(): number {
    return this.d.config.Imports.MaxCaptureKb * 1024;
  }

  async capture(
    caller: Caller,
    input: CaptureRequest,
    opts: { threadId?: string | null; idempotency?: { callerId: string; key: string } } = {},
  ): Promise<Result<CaptureResult>> {
    // Measured before it is parsed: a capture past the limit is never read.
    if (typeof input?.html === "string" && Buffer.byteLength(input.html, "utf8") > this.maxBytes())
      return fail(
        "CAPTURE_TOO_LARGE",
        `The page your browser sent is larger than ${this.d.config.Imports.MaxCaptureKb} KB, this server's limit (Imports:MaxCaptureKb).`,
        { limitKb: this.d.config.Imports.MaxCaptureKb },
      );
    const parsed = zCaptureRequest.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return fail("CAPTURE_INVALID", `${issue?.path.join(".") || "body"}: ${issue?.message ?? "invalid"}`);
    }
    const req = parsed.data;
    const refused = submittedUrlProblem(req.url, this.d.config);
    if (refused) return fail("CAPTURE_INVALID", refused, { field: "url" });
    // Another person's library is as good as none: the same answer as a library that does not exist.
    if (req.libraryId && !(await this.d.users.isMember(caller.id, req.libraryId)))
      return fail("LIBRARY_NOT_FOUND", "No such library among yours; leave libraryId out to use your own.");
    const page: CapturedPage = {
      url: req.url,
      html: await sanitizeCapture(req.html),
      title: req.title?.trim() || null,
    };

    if (req.as === "article") {
      const r = await this.d.articles.submitCaptured(
        caller,
        { url: req.url, libraryId: req.libraryId ?? undefined },
        page,
      );
      if (!r.ok) return r;
      const id = r.value.media.id;
      return done("article", id, `#/articles/${id}`, `/media/${id}`);
    }
    if (req.as === "bookmark") {
      const r = await this.d.items.create(
        caller.id,
        {
          url: req.url,
          ...(page.title ? { title: page.title.slice(0, 500) } : {}),
          libraryId: req.libraryId ?? null,
        },
        { page },
      );
      if (!r.ok) return r;
      const id = r.value.item.id;
      return done("bookmark", id, `#/bookmarks`, `/api/v1/items/${id}`);
    }
    const key = blobKey(caller.id);
    await this.d.blobs.put(
      key,
      Buffer.from(page.html, "utf8"),
      "text/html; charset=utf-8",
      new Date(this.d.now().getTime() + KEEP_MS),
    );
    const capture: CaptureMeta = { key, title: page.title };
    const task = await this.d.tasks.create({
      agentType: "Ingest",
      threadId: opts.threadId ?? null,
      payload: { mode: "Url", url: req.url },
      requestedBy: caller.id,
      requester: caller,
      metadata: { capture, sentFrom: "browser" },
      ...(opts.idempotency ? { idempotency: opts.idempotency } : {}),
    });
    if (!task.ok) {
      await this.d.blobs.delete(key);
      return task;
    }
    const id = task.value.taskId;
    return done("recipe", id, `#/tasks/${id}`, `/api/tasks/${id}`);
  }
}

function done(as: CaptureResult["as"], id: string, screen: string, location: string): Result<CaptureResult> {
  return { ok: true, value: { as, id, screen, location, sentFrom: "browser" } };
}
