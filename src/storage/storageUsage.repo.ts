import { sql, type Kysely } from "kysely";
import type { Schema } from "./schema.ts";

/** Bytes a person's things take in the database, by kind. */
export interface StorageUsage {
  /** Drafts waiting for review and their edits (tasks' results, draft versions). */
  drafts: number;
  /** What imports kept: page snapshots and the like. */
  artifacts: number;
  /** Files uploaded for import, kept until they expire. */
  uploads: number;
  /** Pictures of the articles in their libraries, as the image proxy keeps them. */
  images: number;
  /** Recipes with their versions, articles' text, bookmarks. */
  records: number;
  /** Kept copies of pages (full-page archives). */
  archives: number;
}

/** What one run of the periodic clean-up removed. */
export interface CleanUp {
  ranAt: string;
  draftsExpired: number;
  artifactsDeleted: number;
  blobsDeleted: number;
  recipesPurged: number;
}

/** How much room each person's things take (sizes as stored, after compression). */
export class StorageUsageRepo {
  private readonly db: Kysely<Schema>;

  constructor(db: Kysely<Schema>) {
    this.db = db;
  }

  async usageOf(id: string): Promise<StorageUsage> {
    const myTasks = sql`SELECT id FROM tasks WHERE requested_by::text = ${id}`;
    const myLibraries = sql`SELECT id FROM libraries WHERE owner_id::text = ${id}`;
    const r = await sql<Record<keyof StorageUsage, string>>`
      SELECT
        ((SELECT coalesce(sum(pg_column_size(result)), 0) FROM tasks WHERE requested_by::text = ${id})
          + (SELECT coalesce(sum(pg_column_size(document)), 0) FROM draft_versions WHERE task_id IN (${myTasks})))::text AS drafts,
        (SELECT coalesce(sum(size), 0) FROM artifacts WHERE task_id IN (${myTasks}))::text AS artifacts,
        (SELECT coalesce(sum(size), 0) FROM blobs WHERE key LIKE ${`upload/${id}/%`})::text AS uploads,
        (SELECT coalesce(sum(b.size), 0) FROM blobs b JOIN image_assets ia ON b.key = 'image/' || ia.id::text
          WHERE ia.media_id IN (SELECT media_id FROM library_media WHERE library_id IN (${myLibraries})))::text AS images,
        ((SELECT coalesce(sum(pg_column_size(r.*)), 0) FROM recipes r WHERE owner_id::text = ${id})
          + (SELECT coalesce(sum(pg_column_size(v.*)), 0) FROM recipe_versions v
              WHERE recipe_id IN (SELECT id FROM recipes WHERE owner_id::text = ${id}))
          + (SELECT coalesce(sum(pg_column_size(i.*)), 0) FROM items i WHERE user_id::text = ${id})
          + (SELECT coalesce(sum(pg_column_size(f.*)), 0) FROM fragments f
              WHERE media_id IN (SELECT media_id FROM library_media WHERE library_id IN (${myLibraries}))))::text AS records,
        (SELECT coalesce(sum(size), 0) FROM blobs WHERE key LIKE ${`archive/${id}/%`})::text AS archives`.execute(
      this.db,
    );
    const row = r.rows[0]!;
    return {
      drafts: Number(row.drafts),
      artifacts: Number(row.artifacts),
      uploads: Number(row.uploads),
      images: Number(row.images),
      records: Number(row.records),
      archives: Number(row.archives),
    };
  }

  /** Notes a clean-up run's results; the last 50 are kept. */
  async recordCleanUp(c: CleanUp): Promise<void> {
    await sql`INSERT INTO clean_ups (ran_at, drafts_expired, artifacts_deleted, blobs_deleted, recipes_purged)
      VALUES (${c.ranAt}::timestamptz, ${c.draftsExpired}, ${c.artifactsDeleted}, ${c.blobsDeleted}, ${c.recipesPurged})`.execute(
      this.db,
    );
    await sql`DELETE FROM clean_ups WHERE id NOT IN (SELECT id FROM clean_ups ORDER BY id DESC LIMIT 50)`.execute(
      this.db,
    );
  }

  /** The last clean-up runs, newest first. */
  async lastCleanUps(n: number): Promise<CleanUp[]> {
    const r = await sql<{ ran_at: Date; d: number; a: number; b: number; p: number }>`
      SELECT ran_at, drafts_expired AS d, artifacts_deleted AS a, blobs_deleted AS b, recipes_purged AS p
      FROM clean_ups ORDER BY id DESC LIMIT ${n}`.execute(this.db);
    return r.rows.map((x) => ({
      ranAt: new Date(x.ran_at).toISOString(),
      draftsExpired: x.d,
      artifactsDeleted: x.a,
      blobsDeleted: x.b,
      recipesPurged: x.p,
    }));
  }
}
