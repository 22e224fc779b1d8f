import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { BlobRow, Schema } from "./schema.ts";

/** A stored binary object. */
export interface Blob {
  key: string;
  contentType: string;
  size: number;
  /** SHA-256 hex of the bytes: an ETag and a dedup key. */
  sha256: string;
  data: Buffer;
  createdAt: Date;
  expiresAt: Date | null;
}

const toBlob = (r: BlobRow): Blob => ({
  key: r.key,
  contentType: r.content_type,
  size: r.size,
  sha256: r.sha256,
  data: r.data,
  createdAt: new Date(r.created_at),
  expiresAt: r.expires_at ? new Date(r.expires_at) : null,
});

/** Binary objects of the artifact store that belong to no task (images, thumbnails, uploads). */
export class BlobsRepo {
  private readonly db: Kysely<Schema>;

  constructor(db: Kysely<Schema>) {
    this.db = db;
  }

  /** Stores (or replaces) the bytes under `key`. */
  async put(key: string, data: Buffer, contentType: string, expiresAt: Date | null = null): Promise<Blob> {
    const sha256 = createHash("sha256").update(data).digest("hex");
    const now = new Date();
    const row = await this.db
      .insertInto("blobs")
      .values({
        key,
        content_type: contentType,
        size: data.length,
        sha256,
        data,
        created_at: now,
        expires_at: expiresAt,
      })
      .onConflict((oc) =>
        oc.column("key").doUpdateSet({
          content_type: contentType,
          size: data.length,
          sha256,
          data,
          expires_at: expiresAt,
          created_at: now,
        }),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
    return toBlob(row);
  }

  async get(key: string): Promise<Blob | undefined> {
    const row = await this.db.selectFrom("blobs").selectAll().where("key", "=", key).executeTakeFirst();
    return row ? toBlob(row) : undefined;
  }

  async delete(key: string): Promise<boolean> {
    const r = await this.db.deleteFrom("blobs").where("key", "=", key).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /** Drops blobs whose `expires_at` has passed; returns how many. */
  async deleteExpired(now: Date): Promise<number> {
    const r = await this.db.deleteFrom("blobs").where("expires_at", "<", now).executeTakeFirst();
    return Number(r.numDeletedRows);
  }
}
