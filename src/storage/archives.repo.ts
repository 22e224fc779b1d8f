import { sql, type Kysely } from "kysely";
import type { Schema } from "./schema.ts";

/** One person's kept copy of a page (061_archives_highlights). */
export interface ArchiveRow {
  id: string;
  owner_id: string;
  media_id: string | null;
  item_id: string | null;
  source_url: string;
  title: string | null;
  size_bytes: number;
  images_kept: number;
  images_shrunk: number;
  images_left_out: number;
  created_at: Date;
}

/** Where an archive's bytes live in the artifact store (the row's trigger deletes them with it). */
export const archiveBlobKey = (ownerId: string, id: string) => `archive/${ownerId}/${id}`;

/** Archives: the only SQL for them. Every read that serves a person filters by owner. */
export class ArchivesRepo {
  private readonly db: Kysely<Schema>;

  constructor(db: Kysely<Schema>) {
    this.db = db;
  }

  /**
   * Stores the archive's bytes and its row in one transaction, replacing the owner's earlier copy
   * of the same article or bookmark (its bytes go with it).
   */
  async replace(
    a: Omit<ArchiveRow, "created_at">,
    html: Buffer,
    sha256: string,
    at: Date,
  ): Promise<ArchiveRow> {
    return this.db.transaction().execute(async (trx) => {
      if (a.media_id)
        await sql`DELETE FROM page_archives WHERE owner_id = ${a.owner_id}::uuid AND media_id = ${a.media_id}::uuid`.execute(
          trx,
        );
      else
        await sql`DELETE FROM page_archives WHERE owner_id = ${a.owner_id}::uuid AND item_id = ${a.item_id}`.execute(
          trx,
        );
      const r = await sql<ArchiveRow>`
        INSERT INTO page_archives (id, owner_id, media_id, item_id, source_url, title, size_bytes,
          images_kept, images_shrunk, images_left_out, created_at)
        VALUES (${a.id}::uuid, ${a.owner_id}::uuid, ${a.media_id}::uuid, ${a.item_id}, ${a.source_url}, ${a.title},
          ${a.size_bytes}, ${a.images_kept}, ${a.images_shrunk}, ${a.images_left_out}, ${at})
        RETURNING *`.execute(trx);
      await sql`
        INSERT INTO blobs (key, content_type, size, sha256, data, created_at, expires_at)
        VALUES (${archiveBlobKey(a.owner_id, a.id)}, 'text/html; charset=utf-8', ${html.length}, ${sha256}, ${html}, ${at}, NULL)
        ON CONFLICT (key) DO UPDATE SET data = EXCLUDED.data, size = EXCLUDED.size, sha256 = EXCLUDED.sha256`.execute(
        trx,
      );
      return norm(r.rows[0]!);
    });
  }

  /** The owner's archive; another person's is undefined, exactly like a missing one. */
  async getOwned(ownerId: string, id: string): Promise<ArchiveRow | undefined> {
    const r = await sql<ArchiveRow>`
      SELECT * FROM page_archives WHERE id = ${id}::uuid AND owner_id = ${ownerId}::uuid`.execute(this.db);
    return r.rows[0] && norm(r.rows[0]);
  }

  /** The stored page of the owner's archive. */
  async bytesOwned(ownerId: string, id: string): Promise<{ data: Buffer; sha256: string } | undefined> {
    const r = await sql<{ data: Buffer; sha256: string }>`
      SELECT b.data, b.sha256 FROM page_archives a JOIN blobs b ON b.key = 'archive/' || a.owner_id::text || '/' || a.id::text
      WHERE a.id = ${id}::uuid AND a.owner_id = ${ownerId}::uuid`.execute(this.db);
    return r.rows[0];
  }

  /** The owner's archives, newest first; of one article or bookmark when given. */
  async list(
    ownerId: string,
    of: { mediaId?: string; itemId?: string },
    limit: number,
  ): Promise<ArchiveRow[]> {
    const filter = of.mediaId
      ? sql`AND media_id = ${of.mediaId}::uuid`
      : of.itemId
        ? sql`AND item_id = ${of.itemId}`
        : sql``;
    const r = await sql<ArchiveRow>`
      SELECT * FROM page_archives WHERE owner_id = ${ownerId}::uuid ${filter}
      ORDER BY created_at DESC, id LIMIT ${limit}`.execute(this.db);
    return r.rows.map(norm);
  }

  async deleteOwned(ownerId: string, id: string): Promise<boolean> {
    const r =
      await sql`DELETE FROM page_archives WHERE id = ${id}::uuid AND owner_id = ${ownerId}::uuid`.execute(
        this.db,
      );
    return Number(r.numAffectedRows ?? 0) > 0;
  }

  /** Bytes the owner's archives take (what counts against the archive allowance). */
  async bytesOf(ownerId: string): Promise<number> {
    const r = await sql<{ n: string }>`
      SELECT coalesce(sum(size), 0)::text AS n FROM blobs WHERE key LIKE ${`archive/${ownerId}/%`}`.execute(
      this.db,
    );
    return Number(r.rows[0]?.n ?? 0);
  }
}

function norm(r: ArchiveRow): ArchiveRow {
  return { ...r, created_at: new Date(r.created_at) };
}
