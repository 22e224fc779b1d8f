import { duplicateKey } from "../domain/canonicalUrl.ts";
import { sql, type Kysely } from "kysely";
import type { FragmentRow, MediaRow, Schema } from "./schema.ts";

/** What a successful ingestion writes, in one transaction. */
export interface ReadyWrite {
  canonicalUrl: string;
  meta: {
    title: string | null;
    byline: string | null;
    excerpt: string | null;
    siteName: string | null;
    lang: string | null;
    publishedTime: string | null;
  };
  fragment: { id: string; htmlSanitized: string; canonicalText: string };
  images: { id: string; url: string }[];
}

/** Media, fragments, image assets and library membership of media: the only SQL for them. */
export class MediaRepo {
  private readonly db: Kysely<Schema>;

  constructor(db: Kysely<Schema>) {
    this.db = db;
  }

  /**
   * Insert-or-select on `unique(kind, canonical_url)`: two submissions of one URL at the same
   * moment converge on one row. `created` tells whether this call made it.
   */
  async insertOrSelect(m: {
    id: string;
    sourceUrl: string;
    canonicalUrl: string;
    createdBy: string;
    at: Date;
  }): Promise<{ row: MediaRow; created: boolean }> {
    const inserted = await this.db
      .insertInto("media")
      .values({
        id: m.id,
        kind: "web_article",
        source_url: m.sourceUrl,
        canonical_url: m.canonicalUrl,
        dup_key: duplicateKey(m.canonicalUrl),
        processing_status: "pending",
        created_by: m.createdBy,
        created_at: m.at,
        updated_at: m.at,
      })
      .onConflict((oc) => oc.columns(["kind", "canonical_url"]).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) return { row: inserted, created: true };
    const row = await this.byCanonicalUrl(m.canonicalUrl);
    return { row: row!, created: false };
  }

  /** The article of the same page under another address (028: AMP, print, mobile, tracking). */
  async byDupKey(dupKey: string): Promise<MediaRow | undefined> {
    return this.db
      .selectFrom("media")
      .selectAll()
      .where("kind", "=", "web_article")
      .where("dup_key", "=", dupKey)
      .orderBy("created_at", "asc")
      .executeTakeFirst();
  }

  async byCanonicalUrl(url: string): Promise<MediaRow | undefined> {
    return this.db
      .selectFrom("media")
      .selectAll()
      .where("kind", "=", "web_article")
      .where("canonical_url", "=", url)
      .executeTakeFirst();
  }

  /**
   * A media row first submitted as `url` (its canonical URL differs after redirects), or the one a
   * row submitted as `url` was merged into.
   */
  async bySourceUrl(url: string): Promise<MediaRow | undefined> {
    const own = await this.db
      .selectFrom("media")
      .selectAll()
      .where("kind", "=", "web_article")
      .where("source_url", "=", url)
      .orderBy("created_at")
      .executeTakeFirst();
    if (own) return own;
    return this.db
      .selectFrom("media_aliases as a")
      .innerJoin("media", "media.id", "a.media_id")
      .selectAll("media")
      .where("a.source_url", "=", url)
      .orderBy("a.created_at")
      .executeTakeFirst();
  }

  /** The media id that `id` names: its own row's, or the article a merged row went into. */
  async resolveId(id: string): Promise<string | undefined> {
    const r = await sql<{ id: string }>`
      SELECT id::text AS id FROM media WHERE id = ${id}
      UNION ALL SELECT media_id::text FROM media_aliases WHERE id = ${id}
      LIMIT 1`.execute(this.db);
    return r.rows[0]?.id;
  }

  async get(id: string): Promise<MediaRow | undefined> {
    return this.db.selectFrom("media").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /** Marks an article as read from a page the cook's own browser sent. */
  async markSentFromBrowser(id: string): Promise<void> {
    await this.db.updateTable("media").set({ sent_from: "browser" }).where("id", "=", id).execute();
  }

  /** Puts media in a library (no-op when it is there). */
  async attach(libraryId: string, mediaId: string, userId: string, at: Date): Promise<void> {
    await this.db
      .insertInto("library_media")
      .values({ library_id: libraryId, media_id: mediaId, added_by: userId, created_at: at })
      .onConflict((oc) => oc.columns(["library_id", "media_id"]).doNothing())
      .execute();
  }

  /** can_view: the viewer is a member of a library holding the media. */
  async canView(userId: string, mediaId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom("library_media")
      .innerJoin("library_members", "library_members.library_id", "library_media.library_id")
      .select("library_media.media_id")
      .where("library_media.media_id", "=", mediaId)
      .where("library_members.user_id", "=", userId)
      .limit(1)
      .executeTakeFirst();
    return !!row;
  }

  /** The image's origin URL when the viewer can see a media item that references it. */
  async visibleImage(userId: string, imageId: string): Promise<{ origin_url: string } | undefined> {
    return this.db
      .selectFrom("image_assets")
      .innerJoin("library_media", "library_media.media_id", "image_assets.media_id")
      .innerJoin("library_members", "library_members.library_id", "library_media.library_id")
      .select("image_assets.origin_url")
      .where("image_assets.id", "=", imageId)
      .where("library_members.user_id", "=", userId)
      .limit(1)
      .executeTakeFirst();
  }

  /** Media of a library, newest first. */
  async inLibrary(libraryId: string, limit: number): Promise<MediaRow[]> {
    return this.db
      .selectFrom("media")
      .innerJoin("library_media", "library_media.media_id", "media.id")
      .selectAll("media")
      .where("library_media.library_id", "=", libraryId)
      .orderBy("library_media.created_at", "desc")
      .orderBy("media.id")
      .limit(limit)
      .execute();
  }

  /**
   * One page of a library's media, newest first: `limit` rows after `after` (the last row of the
   * page before, as `listedAt` text and id, exact to the microsecond). Each row says its `listedAt`.
   */
  async pageInLibrary(
    libraryId: string,
    limit: number,
    after: { listedAt: string; id: string } | null,
  ): Promise<(MediaRow & { listedAt: string })[]> {
    let q = this.db
      .selectFrom("media")
      .innerJoin("library_media", "library_media.media_id", "media.id")
      .selectAll("media")
      .select(sql<string>`library_media.created_at::text`.as("listedAt"))
      .where("library_media.library_id", "=", libraryId);
    if (after)
      q = q.where((eb) =>
        eb.or([
          eb("library_media.created_at", "<", sql<Date>`${after.listedAt}::timestamptz`),
          eb.and([
            eb("library_media.created_at", "=", sql<Date>`${after.listedAt}::timestamptz`),
            eb("media.id", ">", after.id),
          ]),
        ]),
      );
    return q.orderBy("library_media.created_at", "desc").orderBy("media.id").limit(limit).execute();
  }

  /**
   * Moves the row from one of `from` to `to` (a compare-and-set on the status); extra columns
   * ride along. Undefined when the row was not in one of `from`.
   */
  async transition(
    id: string,
    from: string[],
    to: string,
    at: Date,
    extra: {
      failure?: { code: string; message: string; details?: unknown } | null;
      bumpAttempts?: boolean;
    } = {},
  ): Promise<MediaRow | undefined> {
    let q = this.db
      .updateTable("media")
      .set({ processing_status: to, updated_at: at })
      .where("id", "=", id)
      .where("processing_status", "in", from);
    if (extra.bumpAttempts) q = q.set({ processing_attempts: sql`processing_attempts + 1` });
    if (extra.failure !== undefined)
      q = q.set({
        failure_code: extra.failure?.code ?? null,
        failure_message: extra.failure?.message ?? null,
        failure_details_json:
          extra.failure?.details === undefined ? null : JSON.stringify(extra.failure.details),
      });
    return q.returningAll().executeTakeFirst();
  }

  /** Rows still pending or extracting whose last change is older than `before`, oldest first. */
  async staleUnfinished(before: Date, limit: number): Promise<MediaRow[]> {
    return this.db
      .selectFrom("media")
      .selectAll()
      .where("processing_status", "in", ["pending", "extracting"])
      .where("updated_at", "<", before)
      .orderBy("updated_at")
      .limit(limit)
      .execute();
  }

  /** Counts a re-queue by the reconciler and touches the row (the next look waits a full interval). */
  async noteRequeue(id: string, requeues: number, at: Date): Promise<MediaRow | undefined> {
    return this.db
      .updateTable("media")
      .set({ reconcile_requeues: requeues, updated_at: at })
      .where("id", "=", id)
      .where("processing_status", "in", ["pending", "extracting"])
      .returningAll()
      .executeTakeFirst();
  }

  /** One more attempt while extracting (an automatic retry or a job resumed after a crash). */
  async bumpAttempts(id: string, at: Date): Promise<void> {
    await this.db
      .updateTable("media")
      .set({ processing_attempts: sql`processing_attempts + 1`, updated_at: at })
      .where("id", "=", id)
      .execute();
  }

  /** Manual retry: failed → extracting, fragments and image assets deleted, attempts + 1, in one transaction. */
  async retry(id: string, at: Date): Promise<MediaRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const row = await new MediaRepo(trx).transition(id, ["failed"], "extracting", at, {
        failure: null,
        bumpAttempts: true,
      });
      if (!row) return undefined;
      await trx.deleteFrom("fragments").where("media_id", "=", id).execute();
      await trx.deleteFrom("image_assets").where("media_id", "=", id).execute();
      return row;
    });
  }

  /**
   * Atomicity: the fragment, the image mapping, the metadata and `ready_for_reading` in one
   * transaction, only while the row is still extracting. Undefined (nothing written) otherwise.
   */
  async completeReady(id: string, w: ReadyWrite, at: Date): Promise<MediaRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable("media")
        .set({
          processing_status: "ready_for_reading",
          canonical_url: w.canonicalUrl,
          title: w.meta.title,
          byline: w.meta.byline,
          excerpt: w.meta.excerpt,
          site_name: w.meta.siteName,
          lang: w.meta.lang,
          published_time: w.meta.publishedTime,
          failure_code: null,
          failure_message: null,
          failure_details_json: null,
          updated_at: at,
        })
        .where("id", "=", id)
        .where("processing_status", "=", "extracting")
        .returningAll()
        .executeTakeFirst();
      if (!row) return undefined;
      await trx
        .insertInto("fragments")
        .values({
          id: w.fragment.id,
          media_id: id,
          ordinal: 0,
          html_sanitized: w.fragment.htmlSanitized,
          canonical_text: w.fragment.canonicalText,
          created_at: at,
        })
        .execute();
      if (w.images.length)
        await trx
          .insertInto("image_assets")
          .values(w.images.map((i) => ({ id: i.id, media_id: id, origin_url: i.url, created_at: at })))
          .execute();
      return row;
    });
  }

  /**
   * A redirect showed that `fromId` is `intoId` (same canonical URL): the libraries holding the
   * first now hold the second, and the first row goes, so one URL keeps one media row. Its id (and
   * the ids merged into it before) stay aliases of `intoId`: an id once returned keeps answering.
   */
  async mergeInto(fromId: string, intoId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await sql`
        INSERT INTO media_aliases (id, media_id, source_url, created_at)
        SELECT id, ${intoId}, source_url, now() FROM media WHERE id = ${fromId}
        ON CONFLICT (id) DO NOTHING
      `.execute(trx);
      await trx
        .updateTable("media_aliases")
        .set({ media_id: intoId })
        .where("media_id", "=", fromId)
        .execute();
      await sql`
        INSERT INTO library_media (library_id, media_id, added_by, created_at)
        SELECT library_id, ${intoId}, added_by, created_at FROM library_media WHERE media_id = ${fromId}
        ON CONFLICT (library_id, media_id) DO NOTHING
      `.execute(trx);
      await trx.deleteFrom("media").where("id", "=", fromId).execute();
    });
  }

  async fragments(mediaId: string): Promise<FragmentRow[]> {
    return this.db
      .selectFrom("fragments")
      .selectAll()
      .where("media_id", "=", mediaId)
      .orderBy("ordinal")
      .execute();
  }
}
