import { createHash, randomBytes } from "node:crypto";
import type { Config } from "../../config.ts";
import type { UploadKind, UploadResponse } from "../../domain/importJob.ts";
import { looksLikeCaptions } from "../../extract/captions.ts";
import type { BlobsRepo } from "../../storage/blobs.repo.ts";

/** An upload token: `upl_` and 128 random bits. */
export const UPLOAD_TOKEN = /^upl_[A-Za-z0-9_-]{22}$/;

const IMAGE_TYPES = new Set([
  "image/jpeg",
  "image/png",
  "image/webp",
  "image/gif",
  "image/tiff",
  "image/bmp",
  "image/avif",
  "image/heic",
  "image/heif",
]);

export type UploadFailure = {
  ok: false;
  code: "unsupported_format" | "payload_too_large" | "invalid_request" | "storage_full";
  message: string;
};

/** The kind of some bytes, from the bytes alone (magic numbers, then UTF-8 text and captions shape). */
export async function sniffUpload(
  bytes: Buffer,
): Promise<{ ok: true; kind: UploadKind; contentType: string } | UploadFailure> {
  if (!bytes.length) return { ok: false, code: "invalid_request", message: "The upload is empty." };
  const { fileTypeFromBuffer } = await import("file-type");
  const ft = await fileTypeFromBuffer(bytes);
  if (ft) {
    if (ft.mime === "application/pdf") return { ok: true, kind: "pdf", contentType: ft.mime };
    if (IMAGE_TYPES.has(ft.mime)) return { ok: true, kind: "image", contentType: ft.mime };
    if (ft.mime === "text/vtt") return { ok: true, kind: "captions", contentType: "text/vtt" };
    const video = ft.mime.startsWith("video/") || ft.mime.startsWith("audio/");
    return {
      ok: false,
      code: "unsupported_format",
      message: video
        ? `This is a ${ft.ext.toUpperCase()} ${ft.mime.split("/")[0]} file, which can't be read. Upload its captions (.vtt or .srt), or import the video page's URL.`
        : `This is a ${ft.ext.toUpperCase()} file, which can't be imported. Use a PDF, a photo (JPEG, PNG, WebP), text, or captions (.vtt, .srt).`,
    };
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return {
      ok: false,
      code: "unsupported_format",
      message:
        "The file is neither a PDF, a photo nor UTF-8 text. Use a PDF, a photo (JPEG, PNG, WebP), text, or captions (.vtt, .srt).",
    };
  }
  if (text.includes("\u0000"))
    return {
      ok: false,
      code: "unsupported_format",
      message: "The file is binary, not text. Use a PDF, a photo, text, or captions (.vtt, .srt).",
    };
  if (looksLikeCaptions(text))
    return {
      ok: true,
      kind: "captions",
      contentType: /^\uFEFF?WEBVTT/.test(text) ? "text/vtt" : "application/x-subrip",
    };
  return { ok: true, kind: "text", contentType: "text/plain; charset=utf-8" };
}

/** The upload kind a stored content type stands for. */
export function uploadKindOf(contentType: string): UploadKind | null {
  if (contentType === "application/pdf") return "pdf";
  if (IMAGE_TYPES.has(contentType)) return "image";
  if (contentType === "text/vtt" || contentType === "application/x-subrip") return "captions";
  if (contentType.startsWith("text/plain")) return "text";
  return null;
}

/**
 * Files given for import: sniffed, capped by type, stored as `upload/<owner>/<token>` blobs that
 * expire. The token names the file only for the user who uploaded it: another user's token is unknown.
 */
export class UploadService {
  private readonly config: Config;
  private readonly blobs: BlobsRepo;
  private readonly now: () => Date;

  /** Null when a person has room for that many more bytes; else why not (Storage:MaxMegabytesPerPerson). */
  private readonly roomFor: ((ownerId: string, bytes: number) => Promise<string | null>) | undefined;

  constructor(
    config: Config,
    blobs: BlobsRepo,
    now: () => Date,
    roomFor?: (ownerId: string, bytes: number) => Promise<string | null>,
  ) {
    this.config = config;
    this.blobs = blobs;
    this.now = now;
    this.roomFor = roomFor;
  }

  /** The cap for a kind (config `Imports:Max*Bytes`). */
  capOf(kind: UploadKind): number {
    const c = this.config.Imports;
    return { pdf: c.MaxPdfBytes, image: c.MaxImageBytes, text: c.MaxTextBytes, captions: c.MaxCaptionsBytes }[
      kind
    ];
  }

  /** The largest upload of any kind: a body beyond it is refused before it is read whole. */
  maxAny(): number {
    const c = this.config.Imports;
    return Math.max(c.MaxPdfBytes, c.MaxImageBytes, c.MaxTextBytes, c.MaxCaptionsBytes);
  }

  async create(bytes: Buffer, ownerId: string): Promise<{ ok: true; value: UploadResponse } | UploadFailure> {
    const sniffed = await sniffUpload(bytes);
    if (!sniffed.ok) return sniffed;
    const cap = this.capOf(sniffed.kind);
    if (bytes.length > cap)
      return {
        ok: false,
        code: "payload_too_large",
        message: `The ${sniffed.kind} is ${mb(bytes.length)}; ${sniffed.kind} uploads may be at most ${mb(cap)}.`,
      };
    const full = this.roomFor ? await this.roomFor(ownerId, bytes.length) : null;
    if (full) return { ok: false, code: "storage_full", message: full };
    const token = `upl_${randomBytes(16).toString("base64url")}`;
    const expires = new Date(this.now().getTime() + this.config.Imports.UploadTtlHours * 3600_000);
    const blob = await this.blobs.put(uploadKey(ownerId, token), bytes, sniffed.contentType, expires);
    return {
      ok: true,
      value: {
        token,
        kind: sniffed.kind,
        content_type: sniffed.contentType,
        size: bytes.length,
        sha256: blob.sha256,
      },
    };
  }

  /** A stored upload, or null when the token is unknown or expired. */
  async get(
    token: string,
    ownerId: string,
  ): Promise<{ kind: UploadKind; contentType: string; bytes: Buffer; sha256: string } | null> {
    if (!UPLOAD_TOKEN.test(token)) return null;
    const blob = await this.blobs.get(uploadKey(ownerId, token));
    if (!blob || (blob.expiresAt && blob.expiresAt < this.now())) return null;
    const kind = uploadKindOf(blob.contentType);
    if (!kind) return null;
    return { kind, contentType: blob.contentType, bytes: blob.data, sha256: blob.sha256 };
  }
}

/** SHA-256 hex. */
export function sha256Hex(data: Buffer | string): string {
  return createHash("sha256").update(data).digest("hex");
}

const mb = (n: number) =>
  n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(n / 1024)} KB`;

/** Where an upload is stored: under its owner, so a token is only ever looked up among theirs. */
function uploadKey(ownerId: string, token: string): string {
  return `upload/${ownerId}/${token}`;
}
