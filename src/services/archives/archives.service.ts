import { createHash, randomUUID } from "node:crypto";
import type { Logger } from "pino";
import type { Config } from "../../config.ts";
import type { Archive, KeepArchiveRequest } from "../../domain/archive.ts";
import type { GatewayResult } from "../../domain/fetched.ts";
import type { Caller } from "../../domain/user.ts";
import { fail, type Result } from "../../errors.ts";
import type { ArchiveRow, ArchivesRepo } from "../../storage/archives.repo.ts";
import type { ItemsRepo } from "../../storage/items.repo.ts";
import type { MediaRepo } from "../../storage/media.repo.ts";
import { isUuid } from "../users/index.ts";
import type { ArchiveFetch } from "./pageArchiver.ts";

export interface ArchivesDeps {
  config: Config;
  repo: ArchivesRepo;
  media: MediaRepo;
  items: ItemsRepo;
  /** A fetch through the egress gateway (policy, robots.txt, per-site politeness, size cap). */
  fetch: (url: string, o: { accept?: string; maxBytes?: number }) => Promise<GatewayResult>;
  /** Null when `bytes` more fit under the person's storage limit; else why not, in words. */
  roomFor: (personId: string, bytes: number) => Promise<string | null>;
  now: () => Date;
  log: Logger;
}

const MB = 1024 * 1024;
const mb = (n: number) => `${(n / MB).toFixed(1)} MB`;

export function toArchive(r: ArchiveRow): Archive {
  return {
    id: r.id,
    articleId: r.media_id,
    bookmarkId: r.item_id,
    sourceUrl: r.source_url,
    title: r.title,
    sizeBytes: r.size_bytes,
    imagesKept: r.images_kept,
    imagesShrunk: r.images_shrunk,
    imagesLeftOut: r.images_left_out,
    createdAt: r.created_at.toISOString(),
    url: `/archives/${r.id}`,
  };
}

/**
 * Kept copies of pages: one self-contained page per person and article or bookmark,
 * made from a fetch through the gateway (or from the page a browser sent), capped in size per copy
 * and per person, stored in the artifact store and read only by the person who kept it.
 */
export class ArchivesService {
  private readonly d: ArchivesDeps;

  constructor(deps: ArchivesDeps) {
    this.d = deps;
  }

  private get perArchive(): number {
    return Math.round(this.d.config.Archives.MaxMegabytesPerArchive * MB);
  }

  private get perPerson(): number | null {
    const m = this.d.config.Archives.MaxMegabytesPerPerson;
    return m > 0 ? Math.round(m * MB) : null;
  }

  /** The article or bookmark the caller may keep, with its address. */
  private async source(
    caller: Caller,
    req: KeepArchiveRequest,
  ): Promise<Result<{ mediaId: string | null; itemId: string | null; url: string; title: string | null }>> {
    const missing = fail("ARCHIVE_SOURCE_NOT_FOUND");
    if (req.articleId) {
      if (!isUuid(req.articleId)) return missing;
      const id = await this.d.media.resolveId(req.articleId);
      if (!id || !(await this.d.media.canView(caller.id, id))) return missing;
      const m = await this.d.media.get(id);
      if (!m) return missing;
      return {
        ok: true,
        value: { mediaId: m.id, itemId: null, url: m.canonical_url ?? m.source_url, title: m.title },
      };
    }
    const item = req.bookmarkId ? await this.d.items.getOwned(req.bookmarkId, caller.id) : undefined;
    if (!item) return missing;
    return { ok: true, value: { mediaId: null, itemId: item.id, url: item.url, title: item.title } };
  }

  /** Fetches the page and keeps a copy (replacing the caller's earlier copy of it). */
  async keep(caller: Caller, req: KeepArchiveRequest): Promise<Result<Archive>> {
    const src = await this.source(caller, req);
    if (!src.ok) return src;
    const page = await this.d.fetch(src.value.url, {
      accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1",
    });
    if (!page.ok)
      return fail(
        "ARCHIVE_FETCH_FAILED",
        `The page could not be fetched to keep a copy: ${page.reason}. Try again later.`,
      );
    if (page.kind !== "html")
      return fail(
        "ARCHIVE_FETCH_FAILED",
        "The address answers with something other than a web page; only web pages are kept.",
      );
    return this.keepHtml(caller, req, page.body.toString("utf8"), page.url);
  }

  /**
   * Keeps a copy of `html` as found at `baseUrl` (a fetched page, or one the caller's browser sent):
   * its pictures and stylesheets are still fetched through the gateway, never by the browser's word.
   */
  async keepHtml(
    caller: Caller,
    req: KeepArchiveRequest,
    html: string,
    baseUrl: string,
  ): Promise<Result<Archive>> {
    const src = await this.source(caller, req);
    if (!src.ok) return src;
    const fetch: ArchiveFetch = async (url, o) => {
      const r = await this.d.fetch(url, o);
      return r.ok
        ? { ok: true, body: r.body, contentType: r.contentType, url: r.url }
        : { ok: false, reason: r.reason };
    };
    // sanitize-html, PostCSS and lightningcss come with the first page kept, not with every process.
    const { archivePage } = await import("./pageArchiver.ts");
    const page = await archivePage(html, baseUrl, {
      maxBytes: this.perArchive,
      maxResources: this.d.config.Archives.MaxResources,
      keptAt: this.d.now(),
      fetch,
    });
    if (page.bytes > this.perArchive)
      return fail(
        "ARCHIVE_TOO_LARGE",
        `The page's text alone takes ${mb(page.bytes)}, more than a kept copy's ${mb(this.perArchive)}; an admin can raise Archives:MaxMegabytesPerArchive.`,
      );
    const own = this.perPerson;
    if (own !== null) {
      const used = await this.d.repo.bytesOf(caller.id);
      const earlier = (
        await this.d.repo.list(
          caller.id,
          src.value.mediaId ? { mediaId: src.value.mediaId } : { itemId: src.value.itemId! },
          1,
        )
      )[0];
      const after = used - (earlier?.size_bytes ?? 0) + page.bytes;
      if (after > own)
        return fail(
          "ARCHIVE_ROOM_FULL",
          `Your kept copies use ${mb(used)} of their ${mb(own)}, and this one needs ${mb(page.bytes)}. Delete copies you no longer need on the Storage screen, or ask an admin for more room.`,
        );
    }
    const full = await this.d.roomFor(caller.id, page.bytes);
    if (full) return fail("ARCHIVE_ROOM_FULL", full);
    const data = Buffer.from(page.html, "utf8");
    const row = await this.d.repo.replace(
      {
        id: randomUUID(),
        owner_id: caller.id,
        media_id: src.value.mediaId,
        item_id: src.value.itemId,
        source_url: baseUrl,
        title: src.value.title ?? page.title,
        size_bytes: data.length,
        images_kept: page.imagesKept,
        images_shrunk: page.imagesShrunk,
        images_left_out: page.imagesLeftOut,
      },
      data,
      createHash("sha256").update(data).digest("hex"),
      this.d.now(),
    );
    this.d.log.info({ archiveId: row.id, bytes: data.length, images: page.imagesKept }, "page kept");
    return { ok: true, value: toArchive(row) };
  }

  /** Keeps a copy when the operator turned that on (Archives:KeepAutomatically); never fails its caller. */
  async keepAutomatically(caller: Caller, req: KeepArchiveRequest): Promise<void> {
    if (!this.d.config.Archives.KeepAutomatically) return;
    const r = await this.keep(caller, req).catch((err: unknown) => fail("ARCHIVE_FETCH_FAILED", String(err)));
    if (!r.ok) this.d.log.warn({ code: r.code, reason: r.message }, "could not keep a copy of the page");
  }

  async list(
    caller: Caller,
    of: { articleId?: string | undefined; bookmarkId?: string | undefined },
  ): Promise<{ archives: Archive[]; usedBytes: number; limitBytes: number | null }> {
    if (of.articleId && !isUuid(of.articleId))
      return { archives: [], usedBytes: 0, limitBytes: this.perPerson };
    const rows = await this.d.repo.list(
      caller.id,
      {
        ...(of.articleId ? { mediaId: (await this.d.media.resolveId(of.articleId)) ?? of.articleId } : {}),
        ...(of.bookmarkId ? { itemId: of.bookmarkId } : {}),
      },
      500,
    );
    return {
      archives: rows.map(toArchive),
      usedBytes: await this.d.repo.bytesOf(caller.id),
      limitBytes: this.perPerson,
    };
  }

  async get(caller: Caller, id: string): Promise<Result<Archive>> {
    const row = isUuid(id) ? await this.d.repo.getOwned(caller.id, id) : undefined;
    return row ? { ok: true, value: toArchive(row) } : fail("ARCHIVE_NOT_FOUND");
  }

  /** The kept page's bytes, for its owner only. */
  async page(caller: Caller, id: string): Promise<Result<{ html: Buffer; sha256: string }>> {
    const b = isUuid(id) ? await this.d.repo.bytesOwned(caller.id, id) : undefined;
    return b ? { ok: true, value: { html: b.data, sha256: b.sha256 } } : fail("ARCHIVE_NOT_FOUND");
  }

  async delete(caller: Caller, id: string): Promise<Result<null>> {
    const gone = isUuid(id) && (await this.d.repo.deleteOwned(caller.id, id));
    return gone ? { ok: true, value: null } : fail("ARCHIVE_NOT_FOUND");
  }
}
