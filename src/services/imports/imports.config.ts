import { z } from "zod";
import { MIN_OCR_CONFIDENCE } from "./ocrConfidence.ts";

// The Imports section (import jobs: uploads, readers, limits).
// Declared beside the code that reads it; src/config.ts composes every section into one validated object.

/** Import jobs: limits, upload caps, OCR. */
export const zImports = z.object({
  /** Soft limit of one job (600 s); a job past it fails with `timeout`. Fractions allowed (tests). */
  SoftTimeoutSeconds: z.coerce.number().positive().default(600),
  /** Import jobs run at once per worker process (concurrency_limit=4). */
  Concurrency: z.coerce.number().int().positive().default(4),
  /** Upload caps by sniffed type, bytes: PDF 25 MB, image 15 MB, text 1 MB, captions 2 MB. */
  MaxPdfBytes: z.coerce
    .number()
    .int()
    .positive()
    .default(25 * 1024 * 1024),
  MaxImageBytes: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 1024 * 1024),
  MaxTextBytes: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  MaxCaptionsBytes: z.coerce
    .number()
    .int()
    .positive()
    .default(2 * 1024 * 1024),
  /**
   * A page the cook's own browser sends (the bookmarklet, the extension): its serialised document
   * may be at most this many KB; a larger one is refused before it is read.
   */
  MaxCaptureKb: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 1024),
  /** Uploads not used by a job are dropped after this many hours. */
  UploadTtlHours: z.coerce
    .number()
    .positive()
    .default(24 * 7),
  /** A PDF with more pages fails with `oom`. */
  MaxPdfPages: z.coerce.number().int().positive().default(200),
  /** Pages without text that are rendered and OCR'd, at most. */
  MaxOcrPages: z.coerce.number().int().positive().default(20),
  /** A photo with more pixels fails with `oom`; a PDF page is rendered at most this large. */
  MaxImagePixels: z.coerce.number().int().positive().default(40_000_000),
  MaxRenderPixels: z.coerce.number().int().positive().default(6_000_000),
  /** V8 heap of the process that reads one PDF or photo (at least 32 MB); beyond it the job fails with `oom`. */
  WorkerHeapMb: z.coerce.number().int().min(32).default(512),
  /**
   * Resident memory of the process that reads one PDF or photo (heap, buffers, rendering, OCR), MB;
   * past it the process is killed and the job fails with `oom`.
   */
  ReaderMemoryMb: z.coerce.number().int().min(128).default(768),
  /** One PDF or photo read (all its pages' OCR included) is stopped after this long, with `timeout`. */
  ReaderTimeoutSeconds: z.coerce.number().positive().default(300),
  /** A PDF whose compressed streams unpack to more than this (MB, together) fails with `oom` before it is read. */
  MaxPdfInflatedMb: z.coerce.number().positive().default(128),
  /**
   * A collection file (Paprika, Tandoor, Mealie... export) whose archives unpack to more than this
   * (MB, every zip and gzip in it together, however nested) is refused before it is read.
   */
  MaxCollectionInflatedMb: z.coerce.number().positive().default(256),
  /** A vision-capable provider of Llm:Providers that reads photos (before OCR); empty: OCR only. */
  VisionProvider: z.string().optional(),
  /** OCR below this mean confidence (0-100) fails with `extraction_failed`. */
  MinOcrConfidence: z.coerce.number().min(0).max(100).default(MIN_OCR_CONFIDENCE),
});
