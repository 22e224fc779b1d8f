import { fail, type Failure } from "../../errors.ts";
import type { FetchResult } from "../../fetcher/fetchPage.ts";
import type { BlobsRepo } from "../../storage/blobs.repo.ts";
import type { MediaRepo } from "../../storage/media.repo.ts";
import { isUuid } from "../users/index.ts";

/** A proxied image, ready to serve. */
export interface ProxiedImage {
  contentType: string;
  data: Buffer;
  /** SHA-256 hex of the bytes (the ETag). */
  sha256: string;
}

export interface ImageProxyDeps {
  repo: MediaRepo;
  blobs: BlobsRepo;
  /** One gateway fetch (address policy, DNS pinning, redirects re-checked, size cap). */
  fetchOnce: (url: string, opts: { maxBytes: number; accept: string }) => Promise<FetchResult>;
  maxBytes: number;
}

const ACCEPT = "image/avif,image/webp,image/png,image/jpeg,image/gif,image/*;q=0.8";

/** The widths a smaller picture is made at (a list's card asks for one): a few, so few are kept. */
export const THUMB_WIDTHS = [160, 320, 480, 640] as const;
/** A smaller picture is kept this long after it is made, then made again when asked for. */
const THUMB_DAYS = 90;

/** The kept width for an asked one: the smallest that is at least as wide, else the widest. */
export function thumbWidth(asked: number): number {
  return THUMB_WIDTHS.find((w) => w >= asked) ?? THUMB_WIDTHS[THUMB_WIDTHS.length - 1]!;
}

/**
 * The opaque image proxy: `/api/images/{id}` serves the origin URL
 * of `image_assets` to viewers who can see a media item referencing it. The first request fetches
 * through the egress gateway (no cookies, no referrer, 10 MB cap), keeps only raster images whose
 * bytes say so (never SVG), and stores them in the blob store; later requests are served from it.
 */
export class ImageProxy {
  private readonly d: ImageProxyDeps;
  private readonly inFlight = new Map<string, Promise<{ ok: true; value: ProxiedImage } | Failure>>();

  constructor(deps: ImageProxyDeps) {
    this.d = deps;
  }

  async get(viewerId: string, imageId: string): Promise<{ ok: true; value: ProxiedImage } | Failure> {
    const notFound = fail("E_NOT_FOUND", "No such image.");
    if (!isUuid(imageId)) return notFound;
    const asset = await this.d.repo.visibleImage(viewerId, imageId);
    if (!asset) return notFound;
    const key = `image/${imageId}`;
    const stored = await this.d.blobs.get(key);
    if (stored)
      return {
        ok: true,
        value: { contentType: stored.contentType, data: stored.data, sha256: stored.sha256 },
      };
    let p = this.inFlight.get(imageId);
    if (!p) {
      p = this.fetchAndStore(key, asset.origin_url).finally(() => this.inFlight.delete(imageId));
      this.inFlight.set(imageId, p);
    }
    return p;
  }

  /**
   * `image` at most `width` px wide (see thumbWidth), as WebP, made once with sharp and kept in the
   * blob store under the original's hash. A picture already that narrow, or one sharp cannot read,
   * is served as it is.
   */
  async thumbnail(image: ProxiedImage, width: number): Promise<ProxiedImage> {
    const w = thumbWidth(width);
    const key = `thumb/${image.sha256}/${w}`;
    const kept = await this.d.blobs.get(key);
    if (kept) return { contentType: kept.contentType, data: kept.data, sha256: kept.sha256 };
    try {
      const { default: sharp } = await import("sharp");
      const picture = sharp(image.data, { limitInputPixels: 40_000_000 });
      const meta = await picture.metadata();
      if (!meta.width || meta.width <= w) return image;
      const data = await picture.rotate().resize({ width: w }).webp({ quality: 72 }).toBuffer();
      const blob = await this.d.blobs.put(
        key,
        data,
        "image/webp",
        new Date(Date.now() + THUMB_DAYS * 86_400_000),
      );
      return { contentType: "image/webp", data, sha256: blob.sha256 };
    } catch {
      return image;
    }
  }

  /**
   * The same fetch, raster check and cache for an origin URL that another family has already
   * authorized for its caller (bookmarks check the item's owner), stored under that family's `key`.
   */
  async byUrl(key: string, url: string): Promise<{ ok: true; value: ProxiedImage } | Failure> {
    const stored = await this.d.blobs.get(key);
    if (stored)
      return {
        ok: true,
        value: { contentType: stored.contentType, data: stored.data, sha256: stored.sha256 },
      };
    let p = this.inFlight.get(key);
    if (!p) {
      p = this.fetchAndStore(key, url).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, p);
    }
    return p;
  }

  private async fetchAndStore(
    key: string,
    url: string,
  ): Promise<{ ok: true; value: ProxiedImage } | Failure> {
    const r = await this.d.fetchOnce(url, { maxBytes: this.d.maxBytes, accept: ACCEPT });
    if (!r.ok) {
      if (r.code === "TOO_LARGE")
        return fail(
          "E_IMAGE_TOO_LARGE",
          `The image is larger than ${Math.round(this.d.maxBytes / 1048576)} MB.`,
        );
      if (
        r.code === "SCHEME_NOT_ALLOWED" ||
        r.code === "ADDRESS_NOT_ALLOWED" ||
        r.code === "HOST_NOT_ALLOWED" ||
        r.code === "CREDENTIALS_NOT_ALLOWED" ||
        r.code === "URL_INVALID"
      )
        return fail("E_IMAGE_FORBIDDEN", `The image's address is not allowed: ${r.reason}.`);
      return fail("E_IMAGE_FETCH_FAILED", `The image could not be fetched: ${r.reason}.`);
    }
    const declared = (r.contentType ?? "").split(";")[0]!.trim().toLowerCase();
    if (declared.includes("svg")) return fail("E_IMAGE_UNSUPPORTED", "SVG images are not proxied.");
    // The bytes decide, not the header: file-type knows raster formats and never reports SVG as an image.
    const { fileTypeFromBuffer } = await import("file-type");
    const sniffed = await fileTypeFromBuffer(r.body);
    if (!sniffed || !sniffed.mime.startsWith("image/") || sniffed.mime.includes("svg"))
      return fail(
        "E_IMAGE_UNSUPPORTED",
        `The origin sent ${declared || "something"} that is not a raster image.`,
      );
    const blob = await this.d.blobs.put(key, r.body, sniffed.mime);
    return { ok: true, value: { contentType: blob.contentType, data: r.body, sha256: blob.sha256 } };
  }
}
