import { z } from "zod";

/** Processing states. */
export const PROCESSING_STATUSES = ["pending", "extracting", "ready_for_reading", "failed"] as const;
export type ProcessingStatus = (typeof PROCESSING_STATUSES)[number];

/** Transitions: pending → extracting → ready_for_reading; pending|extracting → failed; failed → extracting (retry). */
const TRANSITIONS: Record<ProcessingStatus, ProcessingStatus[]> = {
  pending: ["extracting", "failed"],
  extracting: ["ready_for_reading", "failed"],
  failed: ["extracting"],
  ready_for_reading: [],
};

/** True when allows moving from `from` to `to`. */
export function canTransition(from: ProcessingStatus, to: ProcessingStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/** The states a transition to `to` may start from. */
export function statesBefore(to: ProcessingStatus): ProcessingStatus[] {
  return PROCESSING_STATUSES.filter((s) => canTransition(s, to));
}

/** Stable failure codes, the only ones a failed media row stores (a challenge or login wall is E_FETCH_FORBIDDEN). */
export const ARTICLE_FAILURE_CODES = [
  "E_URL_INVALID",
  "E_FETCH_FAILED",
  "E_FETCH_FORBIDDEN",
  "E_FETCH_UNSUPPORTED_CONTENT_TYPE",
  "E_FETCH_KIND_MISMATCH_PDF",
  "E_FETCH_KIND_MISMATCH_EPUB",
  "E_EXTRACT_NO_CONTENT",
  "E_SANITIZE_FAILED",
  "E_CANONICALIZE_FAILED",
] as const;
export type ArticleFailureCode = (typeof ARTICLE_FAILURE_CODES)[number];

/**
 * `canonical_url`: WHATWG parsing lowercases scheme and host and drops default ports; the
 * fragment is stripped; the query is kept as is. Null for anything but an absolute http(s) URL.
 */
export function canonicalArticleUrl(input: string): string | null {
  let u: URL;
  try {
    u = new URL(input.trim());
  } catch {
    return null;
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") return null;
  if (!u.hostname) return null;
  u.hash = "";
  return u.href;
}

/** `POST /media/web-articles`. */
export const zSubmitArticleRequest = z
  .object({
    url: z.string().min(1).max(8192),
    library_id: z.string().optional(),
  })
  .meta({ id: "SubmitWebArticleRequest" });

/** A media item as `GET /media/{id}` shows it (metadata only). */
export const zMedia = z
  .object({
    id: z.string(),
    kind: z.literal("web_article"),
    title: z.string().nullable(),
    processing_status: z.enum(PROCESSING_STATUSES),
    failure_code: z.string().nullable(),
    failure_message: z.string().nullable(),
    source_url: z.string(),
    canonical_url: z.string(),
    byline: z.string().nullable(),
    excerpt: z.string().nullable(),
    site_name: z.string().nullable(),
    lang: z.string().nullable(),
    published_time: z.string().nullable(),
    processing_attempts: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
    /** "browser": the cook's own browser sent the page (the server never fetched it). */
    sent_from: z.literal("browser").optional(),
  })
  .meta({ id: "Media" });
export type Media = z.infer<typeof zMedia>;

/** A fragment as `GET /media/{id}/fragments` shows it (canonical text is never sent). */
export const zFragment = z
  .object({ id: z.string(), ordinal: z.number().int(), html_sanitized: z.string() })
  .meta({ id: "Fragment" });
