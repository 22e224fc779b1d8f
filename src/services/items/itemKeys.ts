// The names a bookmark's stored pictures and list pages go by (kept apart from the service: its
// file was over 500 lines).
import { createHash } from "node:crypto";
import type { ItemRow } from "../../storage/schema.ts";
import { hasBadText } from "../shared/inputGuards.ts";

/** Blob key of a bookmark's screenshot thumbnail. */
export const thumbKey = (itemId: string) => `thumb/${itemId}`;

/** A proxied preview image, ready to serve. */
export interface PreviewImage {
  contentType: string;
  data: Buffer;
  sha256: string;
}

/** Blob key of a bookmark's proxied preview image: a new URL is a new key. */
export const previewKey = (itemId: string, url: string) =>
  `preview/${itemId}/${createHash("sha256").update(url).digest("hex").slice(0, 16)}`;

/** A bookmark thumbnail, ready to serve. */
export interface ThumbnailFile {
  data: Buffer;
  contentType: string;
  etag: string;
  updatedAt: Date;
}

/** A list page's cursor: the last row's creation time and id. */
export const encodeCursor = (r: ItemRow) =>
  Buffer.from(`${new Date(r.created_at).toISOString()}|${r.id}`).toString("base64url");

export function decodeCursor(c: string): { createdAt: Date; id: string } | null {
  const [at, id] = Buffer.from(c, "base64url").toString("utf8").split("|");
  const createdAt = new Date(at ?? "");
  return id && !hasBadText(id) && !Number.isNaN(createdAt.getTime()) ? { createdAt, id } : null;
}
