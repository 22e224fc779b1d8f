import type { ErrorCode } from "../errors.ts";
import type { ContentKind } from "./contentKind.ts";
import type { GatewayCode } from "./gateway.ts";

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

/** import-pipeline-io.md §4 codes. */
export type ImportErrorCode = "download_error" | "unsupported_format";

export function importCode(outcome: GatewayCode | ContentKind): ImportErrorCode {
  return outcome === "other" ? "unsupported_format" : "download_error";
}

/** web-article-ingestion.md §6 codes. */
export type ArticleErrorCode =
  | "E_URL_INVALID"
  | "E_FETCH_FAILED"
  | "E_FETCH_FORBIDDEN"
  | "E_FETCH_BLOCKED"
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
      return "E_FETCH_FORBIDDEN";
    case "BLOCKED":
      return "E_FETCH_BLOCKED";
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
