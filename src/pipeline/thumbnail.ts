/** A card thumbnail made from a screenshot. */
export interface Thumbnail {
  data: Buffer;
  contentType: "image/webp" | "image/jpeg";
  width: number;
  height: number;
}

/**
 * Resizes a viewport screenshot to a card thumbnail (ThumbnailStorageKey):
 * `width` wide, the viewport's ratio kept, WebP or JPEG, metadata stripped.
 */
export async function makeThumbnail(
  screenshot: Buffer,
  opts: { width: number; format: "webp" | "jpeg" },
): Promise<Thumbnail> {
  // Loaded on first use (screenshots are the async fallback of a few bookmarks).
  const { default: sharp } = await import("sharp");
  const pipeline = sharp(screenshot).resize({ width: opts.width, withoutEnlargement: true });
  const out =
    opts.format === "webp"
      ? await pipeline.webp({ quality: 78 }).toBuffer({ resolveWithObject: true })
      : await pipeline.jpeg({ quality: 80, mozjpeg: true }).toBuffer({ resolveWithObject: true });
  return {
    data: out.data,
    contentType: opts.format === "webp" ? "image/webp" : "image/jpeg",
    width: out.info.width,
    height: out.info.height,
  };
}
