import { duplicateKey } from "../domain/canonicalUrl.ts";
import { sql, type Kysely } from "kysely";
import type { BookmarkOrigin } from "../domain/item.ts";
import type { ItemRow, Schema } from "./schema.ts";

/** What enrichment writes back; title and excerpt only land where the user has not locked them. */
export interface EnrichmentWrite {
  title?: string | null;
  excerpt?: string | null;
  /** Replaces the stored preview image URL (null clears it); absent keeps it. */
  previewImageUrl?: string | null;
  pageKind?: string | null;
  thumbnailKey?: string | null;
  status: "pending" | "succeeded" | "failed";
  error: string | null;
  enrichedAt?: Date | null;
  /** "reset" starts a new round of async attempts. */
  attempts?: "reset";
}

/** A row's tags, folder, first-saved date and archived flag as the API shows them. */
export function originOf(r: ItemRow): BookmarkOrigin {
  return {
    tags: r.tags ?? [],
    folder: r.folder ?? null,
    savedAt: r.saved_at ? new Date(r.saved_at).toISOString() : null,
    archived: r.archived ?? false,
  };
}

/** Bookmarks ("items"): the only SQL of the family. Every read that serves a user filters by owner. */
export class ItemsRepo {
  private readonly db: Kysely<Schema>;

  constructor(db: Kysely<Schema>) {
    this.db = db;
  }

  /** Inserts a bookmark; undefined when the user already has one for this URL. */
  async insert(r: {
    id: string;
    userId: string;
    libraryId: string | null;
    url: string;
    normalizedUrl: string;
    title: string | null;
    excerpt: string | null;
    titleLocked: boolean;
    excerptLocked: boolean;
    previewImageUrl: string | null;
    pageKind: string | null;
    status: string;
    error: string | null;
    enrichedAt: Date | null;
    at: Date;
    /** Tags, folder, first-saved date and archived flag from the app it came from (029). */
    origin?: Partial<BookmarkOrigin>;
    /** "browser": the cook's own browser sent the page (060). */
    sentFrom?: "browser";
  }): Promise<ItemRow | undefined> {
    return this.db
      .insertInto("items")
      .values({
        id: r.id,
        user_id: r.userId,
        library_id: r.libraryId,
        url: r.url,
        normalized_url: r.normalizedUrl,
        dup_key: duplicateKey(r.url),
        title: r.title,
        excerpt: r.excerpt,
        title_locked: r.titleLocked,
        excerpt_locked: r.excerptLocked,
        preview_image_url: r.previewImageUrl,
        thumbnail_key: null,
        page_kind: r.pageKind,
        enrichment_status: r.status,
        enrichment_error: r.error,
        enriched_at: r.enrichedAt,
        created_at: r.at,
        updated_at: r.at,
        ...(r.sentFrom ? { sent_from: r.sentFrom } : {}),
        ...(r.origin
          ? {
              tags: r.origin.tags ?? [],
              folder: r.origin.folder ?? null,
              saved_at: r.origin.savedAt ? new Date(r.origin.savedAt) : null,
              archived: r.origin.archived ?? false,
            }
          : {}),
      })
      .onConflict((oc) => oc.columns(["user_id", "normalized_url"]).doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  /** Marks a bookmark as sent from the cook's browser (a page they saved again that way). */
  async markSentFromBrowser(id: string): Promise<ItemRow | undefined> {
    return this.db
      .updateTable("items")
      .set({ sent_from: "browser" })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst();
  }

  /** Any bookmark by id (the worker; it checks the owner itself). */
  async get(id: string): Promise<ItemRow | undefined> {
    return this.db.selectFrom("items").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /** A user's bookmark by id; another user's is undefined, exactly like a missing one. */
  async getOwned(id: string, userId: string): Promise<ItemRow | undefined> {
    return this.db
      .selectFrom("items")
      .selectAll()
      .where("id", "=", id)
      .where("user_id", "=", userId)
      .executeTakeFirst();
  }

  async findByUrl(userId: string, normalizedUrl: string): Promise<ItemRow | undefined> {
    return this.db
      .selectFrom("items")
      .selectAll()
      .where("user_id", "=", userId)
      .where("normalized_url", "=", normalizedUrl)
      .executeTakeFirst();
  }

  /** The user's bookmark of the same page under another address (028: AMP, print, mobile, tracking). */
  async findByDupKey(userId: string, dupKey: string): Promise<ItemRow | undefined> {
    return this.db
      .selectFrom("items")
      .selectAll()
      .where("user_id", "=", userId)
      .where("dup_key", "=", dupKey)
      .orderBy("created_at", "asc")
      .executeTakeFirst();
  }

  /** A user's bookmarks, newest first, after the keyset `(createdAt, id)` when given. */
  async list(q: {
    userId: string;
    status?: string;
    libraryId?: string;
    limit: number;
    after?: { createdAt: Date; id: string };
  }): Promise<ItemRow[]> {
    let query = this.db.selectFrom("items").selectAll().where("user_id", "=", q.userId);
    if (q.status) query = query.where("enrichment_status", "=", q.status);
    if (q.libraryId) query = query.where("library_id", "=", q.libraryId);
    if (q.after) {
      const { createdAt, id } = q.after;
      query = query.where((eb) =>
        eb.or([
          eb("created_at", "<", createdAt),
          eb.and([eb("created_at", "=", createdAt), eb("id", "<", id)]),
        ]),
      );
    }
    return query.orderBy("created_at", "desc").orderBy("id", "desc").limit(q.limit).execute();
  }

  /** The user's own edit: a value set here is locked against enrichment, null unlocks it. */
  async updateUserFields(
    id: string,
    userId: string,
    patch: { title?: string | null; excerpt?: string | null; libraryId?: string | null },
    at: Date,
  ): Promise<ItemRow | undefined> {
    const set: Record<string, unknown> = { updated_at: at, version: sql`version + 1` };
    if (patch.title !== undefined)
      Object.assign(set, { title: patch.title, title_locked: patch.title !== null });
    if (patch.excerpt !== undefined)
      Object.assign(set, { excerpt: patch.excerpt, excerpt_locked: patch.excerpt !== null });
    if (patch.libraryId !== undefined) set.library_id = patch.libraryId;
    return this.db
      .updateTable("items")
      .set(set)
      .where("id", "=", id)
      .where("user_id", "=", userId)
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Writes an enrichment outcome in one statement. Title and excerpt are decided inside the
   * UPDATE, so a user edit that lands while a worker runs still wins ("user-provided wins").
   */
  async writeEnrichment(id: string, w: EnrichmentWrite, at: Date): Promise<ItemRow | undefined> {
    const set: Record<string, unknown> = {
      enrichment_status: w.status,
      enrichment_error: w.error,
      updated_at: at,
      version: sql`version + 1`,
    };
    if (w.title !== undefined && w.title !== null)
      set.title = sql`CASE WHEN title_locked THEN title ELSE ${w.title} END`;
    if (w.excerpt !== undefined && w.excerpt !== null)
      set.excerpt = sql`CASE WHEN excerpt_locked THEN excerpt ELSE ${w.excerpt} END`;
    if (w.previewImageUrl !== undefined) set.preview_image_url = w.previewImageUrl;
    if (w.pageKind !== undefined && w.pageKind !== null) set.page_kind = w.pageKind;
    if (w.thumbnailKey !== undefined) set.thumbnail_key = w.thumbnailKey;
    if (w.enrichedAt !== undefined) set.enriched_at = w.enrichedAt;
    if (w.attempts === "reset") set.enrichment_attempts = 0;
    return this.db.updateTable("items").set(set).where("id", "=", id).returningAll().executeTakeFirst();
  }

  /** Counts one async attempt; the new count. */
  async countAttempt(id: string): Promise<number> {
    const r = await this.db
      .updateTable("items")
      .set({ enrichment_attempts: sql`enrichment_attempts + 1` })
      .where("id", "=", id)
      .returning("enrichment_attempts")
      .executeTakeFirst();
    return r?.enrichment_attempts ?? 0;
  }

  async delete(id: string, userId: string): Promise<ItemRow | undefined> {
    return this.db
      .deleteFrom("items")
      .where("id", "=", id)
      .where("user_id", "=", userId)
      .returningAll()
      .executeTakeFirst();
  }

  /** Fails a bookmark that is still pending; true when it did. */
  async failIfPending(id: string, error: string, at: Date): Promise<boolean> {
    const r = await this.db
      .updateTable("items")
      .set({
        enrichment_status: "failed",
        enrichment_error: error,
        updated_at: at,
        version: sql`version + 1`,
      })
      .where("id", "=", id)
      .where("enrichment_status", "=", "pending")
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Bookmarks still pending whose last change is older than `before` (lost jobs). */
  async stalePending(before: Date, limit = 100): Promise<ItemRow[]> {
    return this.db
      .selectFrom("items")
      .selectAll()
      .where("enrichment_status", "=", "pending")
      .where("updated_at", "<", before)
      .orderBy("updated_at")
      .limit(limit)
      .execute();
  }
}
