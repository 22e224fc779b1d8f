import type { UnsureLine } from "../../extract/ocrText.ts";
import type { Logger } from "pino";
import type { Config } from "../../config.ts";
import { importCodeOf, type ImportErrorCode } from "../../domain/importJob.ts";
import type { ReadSource } from "../../pipeline/importRecipe.ts";
import type { GatewayResult } from "../../fetcher/gateway.ts";
import type { ImportJobRow } from "../../storage/schema.ts";
import { readDocument, type DocumentPage } from "./documentReader.ts";
import type { VisionReader } from "./visionReader.ts";
import { sha256Hex, UPLOAD_TOKEN, type UploadService } from "./uploads.service.ts";

// Reading an import's source (an upload, a URL, pasted text) into what the extraction core takes:
// one reader per kind (PDF, image, captions, video page, HTML). ImportService.run calls it.

/**
 * The readers' extraction code (captions, PDF text, text recipes, video pages, page decoding), loaded
 * with the first source read: a process that reads none (the API) never holds it.
 */
const loadReaders = async () => {
  const [captions, pdfText, textRecipe, videoPage, decodeBody, importRecipe] = await Promise.all([
    import("../../extract/captions.ts"),
    import("../../extract/pdfText.ts"),
    import("../../extract/textRecipe.ts"),
    import("../../extract/videoPage.ts"),
    import("../../extract/decodeBody.ts"),
    import("../../pipeline/importRecipe.ts"),
  ]);
  return {
    captionsToText: captions.captionsToText,
    joinPdfPages: pdfText.joinPdfPages,
    recipeStartPage: textRecipe.recipeStartPage,
    videoPageText: videoPage.videoPageText,
    decodeHtml: decodeBody.decodeHtml,
    textSource: importRecipe.textSource,
  };
};
let loaded: Awaited<ReturnType<typeof loadReaders>> | undefined;
/** The readers, once {@link ImportSourceReader.ingest} has loaded them. */
const readers = () => loaded!;

/** What a reader produced: the page for the extraction core and what to keep beside the parse. */
export interface Ingested {
  source: ReadSource;
  reader: string;
  sourceText: string;
  contentHash: string;
  /** The page URL when the recipe has one. */
  url: string | null;
  pages?: Omit<DocumentPage, "text">[];
  ocrConfidence?: number | null;
  /** Lines text recognition was unsure of, for the draft's lines to check. */
  unsure?: UnsureLine[];
  extra?: Record<string, unknown>;
}

/** An import that failed with a code of its family. */
export class Failed extends Error {
  readonly code: ImportErrorCode;
  constructor(code: ImportErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

export const isHttpUrl = (s: string) => {
  try {
    const u = new URL(s);
    return u.protocol === "http:" || u.protocol === "https:";
  } catch {
    return false;
  }
};

/** Stand-in page URL of a file or pasted text (extraction resolves relative links against it). */
export const fileUrl = (type: string, hash: string) => `https://import.invalid/${type}/${hash.slice(0, 16)}`;

/** What the readers need of the import service. */
export interface ImportSourceDeps {
  config: Config;
  uploads: UploadService;
  fetchPage: (url: string, opts: { signal: AbortSignal }) => Promise<GatewayResult>;
  vision: VisionReader | null;
  log: Logger;
  progress: (id: string, p: number, signal: AbortSignal) => Promise<void>;
}

/** Reads a job's source; failures are thrown as {@link Failed}. */
export class ImportSourceReader {
  private readonly config: Config;
  private readonly uploads: UploadService;
  private readonly fetchPage: ImportSourceDeps["fetchPage"];
  private readonly vision: VisionReader | null;
  private readonly log: Logger;
  private readonly progress: ImportSourceDeps["progress"];

  constructor(deps: ImportSourceDeps) {
    this.config = deps.config;
    this.uploads = deps.uploads;
    this.fetchPage = deps.fetchPage;
    this.vision = deps.vision;
    this.log = deps.log;
    this.progress = deps.progress;
  }

  /** The job's source, read. */
  async ingest(job: ImportJobRow, signal: AbortSignal): Promise<Ingested> {
    loaded ??= await loadReaders();
    const ref = job.source_ref;
    if (UPLOAD_TOKEN.test(ref)) {
      const up = await this.uploads.get(ref, job.user_id);
      if (!up)
        throw new Failed("download_error", "The uploaded file is gone (uploads expire); upload it again.");
      return this.readBytes(job, up.kind, up.bytes, up.sha256, null, signal);
    }
    if (isHttpUrl(ref)) return this.readUrl(job, ref, signal);
    // Pasted text given inline.
    return this.readText(ref, sha256Hex(ref), fileUrl("text", sha256Hex(ref)), "text");
  }

  private readText(text: string, hash: string, url: string, reader: string, title?: string | null): Ingested {
    if (!text.trim()) throw new Failed("extraction_failed", "The text is empty.");
    return {
      source: readers().textSource(text, url, title),
      reader,
      sourceText: text,
      contentHash: hash,
      url: null,
    };
  }

  private async readBytes(
    job: ImportJobRow,
    kind: "pdf" | "image" | "text" | "captions",
    bytes: Buffer,
    hash: string,
    url: string | null,
    signal: AbortSignal,
  ): Promise<Ingested> {
    const base = url ?? fileUrl(kind, hash);
    if (kind === "text") return { ...this.readText(bytes.toString("utf8"), hash, base, "text"), url };
    if (kind === "captions") {
      const text = readers().captionsToText(bytes.toString("utf8"));
      return { ...this.readText(text, hash, base, "captions"), url };
    }
    const c = this.config.Imports;
    if (kind === "image" && this.vision) {
      const seen = await this.visionRead(job, bytes, hash, url, signal);
      if (seen) return seen;
    }
    const res = await readDocument(
      {
        kind,
        bytes,
        caps: {
          maxPages: c.MaxPdfPages,
          maxOcrPages: c.MaxOcrPages,
          maxImagePixels: c.MaxImagePixels,
          maxRenderPixels: c.MaxRenderPixels,
          maxInflatedBytes: c.MaxPdfInflatedMb * 1024 * 1024,
        },
      },
      {
        heapMb: c.WorkerHeapMb,
        memoryMb: c.ReaderMemoryMb,
        timeoutMs: c.ReaderTimeoutSeconds * 1000,
        signal,
        // Reading is the ingest step, 5 → 25.
        onProgress: (f) => void this.progress(job.id, 5 + Math.floor(f * 19), signal).catch(() => {}),
      },
    );
    if (!res.ok) throw new Failed(res.code, res.message);
    const pages = res.pages;
    const withText = pages.filter((p) => p.text.trim());
    if (!withText.length)
      throw new Failed(
        "extraction_failed",
        kind === "image"
          ? "No text was found in the photo. Use a sharp, well-lit photo of printed text, or paste the text."
          : "No text was found in the PDF, neither a text layer nor readable scans.",
      );
    const ocr = pages.filter((p) => p.method === "ocr" && p.text.trim());
    const ocrConfidence = ocr.length
      ? Math.round(ocr.reduce((s, p) => s + (p.confidence ?? 0), 0) / ocr.length)
      : null;
    // The recipe may start on any page: read from the page it starts on, page breaks as blank lines.
    const { recipeStartPage, joinPdfPages, textSource } = readers();
    const start = recipeStartPage(withText.map((p) => p.text));
    const text = joinPdfPages(withText.slice(start).map((p) => ({ room: null, ...p.ends, text: p.text })));
    return {
      source: textSource(text, base),
      reader:
        kind === "image"
          ? "image-ocr"
          : ocr.length
            ? ocr.length === withText.length
              ? "pdf-ocr"
              : "pdf-text+ocr"
            : "pdf-text",
      sourceText:
        kind === "pdf" ? withText.map((p) => `--- page ${p.page} ---\n${p.text}`).join("\n\n") : text,
      contentHash: hash,
      url,
      pages: pages.map(({ page, method, confidence }) => ({ page, method, confidence })),
      unsure: withText.slice(start).flatMap((p) => p.unsure ?? []),
      extra: kind === "pdf" ? { recipeStartsOnPage: withText[start]!.page } : {},
      // Only OCR that carries the whole text gates the job; a PDF with a text layer is not refused for one blurry scan.
      ...(ocr.length === withText.length ? { ocrConfidence } : { ocrConfidence: null }),
    };
  }

  /** The photo through the vision model; null (after a log line) when it cannot, so OCR reads it. */
  private async visionRead(
    job: ImportJobRow,
    bytes: Buffer,
    hash: string,
    url: string | null,
    signal: AbortSignal,
  ): Promise<Ingested | null> {
    const max = this.config.Imports.MaxImagePixels;
    const { default: sharp } = await import("sharp");
    const meta = await sharp(bytes, { limitInputPixels: false })
      .metadata()
      .catch(() => null);
    if (!meta) return null;
    if ((meta.width ?? 0) * (meta.height ?? 0) > max)
      throw new Failed(
        "oom",
        `The photo is ${meta.width}×${meta.height} pixels, more than the ${(max / 1e6).toFixed(0)} megapixels this server reads. Send a smaller photo.`,
      );
    const seen = await this.vision!.read(bytes, job.id);
    if (signal.aborted) throw new Failed("timeout", "stopped");
    if (!seen.ok) {
      this.log.warn({ jobId: job.id, reason: seen.message }, "vision reading failed; using OCR");
      return null;
    }
    await this.progress(job.id, 24, signal);
    return {
      source: readers().textSource(seen.text, url ?? fileUrl("image", hash)),
      reader: "image-vision",
      sourceText: seen.text,
      contentHash: hash,
      url,
      extra: { visionCached: seen.cached },
    };
  }

  private async readUrl(job: ImportJobRow, url: string, signal: AbortSignal): Promise<Ingested> {
    const res = await this.fetchPage(url, { signal });
    if (!res.ok)
      throw new Failed(
        importCodeOf(res.code) === "oom" ? "oom" : "download_error",
        `Download failed: ${res.reason}`,
      );
    const hash = sha256Hex(res.body);
    const ct = (res.contentType ?? "").toLowerCase();
    if (res.kind === "pdf") return this.readBytes(job, "pdf", res.body, hash, res.url, signal);
    if (ct.startsWith("image/")) return this.readBytes(job, "image", res.body, hash, res.url, signal);
    if (ct.startsWith("text/vtt") || ct.startsWith("application/x-subrip"))
      return this.readBytes(job, "captions", res.body, hash, res.url, signal);
    if (ct.startsWith("text/plain")) return this.readBytes(job, "text", res.body, hash, res.url, signal);
    if (res.kind !== "html")
      throw new Failed(
        "unsupported_format",
        `The link is ${res.contentType ?? "an unknown file type"}, which can't be imported. Use a web page, PDF, photo, text or captions (.vtt, .srt).`,
      );
    const { text: html } = readers().decodeHtml(res.body, res.contentType);
    if (job.source_type === "video") return this.readVideoPage(html, res.url, hash);
    return {
      source: { html, url: res.url, fromText: false },
      reader: "url",
      sourceText: "",
      contentHash: hash,
      url: res.url,
    };
  }

  /** A video page: its Recipe structured data, else the VideoObject transcript or description. */
  private async readVideoPage(html: string, url: string, hash: string): Promise<Ingested> {
    // The extraction core comes with the first video page, not with every process.
    const { extractRecipe } = await import("../../extract/extractRecipe.ts");
    const structured = extractRecipe({ html, url });
    if (structured.ok && structured.method !== "Heuristic")
      return {
        source: { html, url, fromText: false },
        reader: "video-page",
        sourceText: "",
        contentHash: hash,
        url,
      };
    const v = await readers().videoPageText(html);
    if (!v)
      throw new Failed(
        "extraction_failed",
        "The video page has no recipe, transcript or description to read. Upload the video's captions (.vtt or .srt) instead.",
      );
    return {
      ...this.readText(v.text, hash, url, "video-page", v.title),
      url,
      extra: { videoText: v.origin },
    };
  }
}
