import type { ErrorCode } from "../errors.ts";
import type { ContentKind, GatewayCode, GatewayResult } from "./fetched.ts";

/**
 * What an outcome says about the site itself, for its circuit breaker (breakers measure
 * the site, not the user). `down`: the origin is unwell: no connection, no answer in time, a 5xx,
 * a 429 or 408 (also as a bot wall's status). `up`: it answered (a page, or a 4xx such as 404 or
 * 410: that is the page's answer, whichever user asked for it). `unknown`: nothing was learned
 * (refused by our own policy or robots.txt, a DNS failure, a bot wall on another status, a
 * rendering failure).
 */
const ANTI_BOT = new Set(["cloudflare-challenge", "captcha", "bot-protection"]);

export function siteHealth(
  r: Pick<GatewayResult, "ok"> & { code?: GatewayCode; status?: number; details?: Record<string, unknown> },
): "up" | "down" | "unknown" {
  if (r.ok) return "up";
  // The spec README's rule: what says a domain refuses us or is unwell counts; a 404 or 410 is one
  // submitter's mistake and counts for nobody else.
  const unwell = (s: number | undefined) => !!s && (s >= 500 || s === 429 || s === 408 || s === 403);
  switch (r.code) {
    case "TIMEOUT":
    case "CONNECTION_FAILED":
      return "down";
    case "BLOCKED":
      // An anti-bot wall refuses us; a login or consent wall is the page's own answer.
      return ANTI_BOT.has((r.details?.evidence as { kind?: string } | undefined)?.kind ?? "") ||
        unwell(r.status)
        ? "down"
        : "unknown";
    case "HTTP_ERROR":
      if (!r.status) return "down";
      return unwell(r.status) ? "down" : "up";
    case "TOO_LARGE":
    case "TOO_MANY_REDIRECTS":
      return "up";
    default:
      return "unknown";
  }
}

/** Gateway outcomes → recipe task error codes (Tasks API family). */
export function recipeTaskCode(code: GatewayCode): ErrorCode {
  switch (code) {
    case "URL_INVALID":
    case "SCHEME_NOT_ALLOWED":
    case "CREDENTIALS_NOT_ALLOWED":
    case "HOST_NOT_ALLOWED":
    case "ADDRESS_NOT_ALLOWED":
      return "URL_NOT_ALLOWED";
    case "DOMAIN_DENIED":
      return "DOMAIN_DENIED";
    case "TOO_MANY_REDIRECTS":
      return "TOO_MANY_REDIRECTS";
    case "TOO_LARGE":
      return "FETCH_TOO_LARGE";
    case "TIMEOUT":
      return "FETCH_TIMEOUT";
    case "HTTP_ERROR":
      return "FETCH_HTTP_ERROR";
    case "BLOCKED":
      return "FETCH_BLOCKED";
    case "ROBOTS_DISALLOWED":
      return "ROBOTS_DISALLOWED";
    case "CIRCUIT_OPEN":
      return "DOMAIN_CIRCUIT_OPEN";
    case "RENDER_FAILED":
      return "RENDER_FAILED";
    case "DNS_FAILED":
    case "CONNECTION_FAILED":
      return "FETCH_FAILED";
  }
}

/** Codes. */
export type ImportErrorCode = "download_error" | "unsupported_format";

export function importCode(outcome: GatewayCode | ContentKind): ImportErrorCode {
  return outcome === "other" ? "unsupported_format" : "download_error";
}

/** Codes. */
export type ArticleErrorCode =
  | "E_URL_INVALID"
  | "E_FETCH_FAILED"
  | "E_FETCH_FORBIDDEN"
  | "E_FETCH_UNSUPPORTED_CONTENT_TYPE"
  | "E_FETCH_KIND_MISMATCH_PDF"
  | "E_FETCH_KIND_MISMATCH_EPUB";

export function articleCode(outcome: GatewayCode | ContentKind): ArticleErrorCode {
  switch (outcome) {
    case "URL_INVALID":
    case "SCHEME_NOT_ALLOWED":
      return "E_URL_INVALID";
    case "CREDENTIALS_NOT_ALLOWED":
    case "HOST_NOT_ALLOWED":
    case "ADDRESS_NOT_ALLOWED":
    case "DOMAIN_DENIED":
    case "ROBOTS_DISALLOWED":
    case "BLOCKED": // a challenge or login wall: the site refuses us, which files under a disallowed host
      return "E_FETCH_FORBIDDEN";
    case "pdf":
      return "E_FETCH_KIND_MISMATCH_PDF";
    case "epub":
      return "E_FETCH_KIND_MISMATCH_EPUB";
    case "other":
      return "E_FETCH_UNSUPPORTED_CONTENT_TYPE";
    default:
      return "E_FETCH_FAILED";
  }
}
