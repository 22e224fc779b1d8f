// Hand-written: the spec's rules (§6.1) differ from normalize-url's defaults (which also drop www,
// force https and keep empty params); a dozen lines over WHATWG URL state them exactly.
import { createHash } from "node:crypto";

// Tracking parameters dropped before hashing (recipe-ingest-agent.md §6.1).
const TRACKING = new Set([
  "fbclid",
  "gclid",
  "dclid",
  "gbraid",
  "wbraid",
  "msclkid",
  "mc_cid",
  "mc_eid",
  "igshid",
  "yclid",
  "_hsenc",
  "_hsmi",
  "ref_src",
  "twclid",
  "ttclid",
  "li_fat_id",
  "epik",
  "s_cid",
  "ncid",
  "_ga",
  "_gl",
  "oly_anon_id",
  "oly_enc_id",
  "vero_id",
  "wickedid",
  "mkt_tok",
]);

function isTracking(key: string): boolean {
  const k = key.toLowerCase();
  return k.startsWith("utm_") || TRACKING.has(k);
}

/**
 * The recipe URL normalization: lowercase scheme and host, default port and fragment dropped,
 * trailing slashes removed, query parameters sorted, tracking parameters removed.
 * Input that is not an absolute URL is returned trimmed.
 */
export function normalizeUrl(input: string): string {
  let u: URL;
  try {
    u = new URL(input.trim());
  } catch {
    return input.trim();
  }
  u.hash = "";
  const params = [...u.searchParams.entries()].filter(([k]) => !isTracking(k));
  params.sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  u.search = params.length ? "?" + new URLSearchParams(params).toString() : "";
  u.hostname = u.hostname.toLowerCase().replace(/\.$/, "");
  let path = u.pathname.replace(/\/+$/, "");
  u.pathname = path || "/";
  const s = u.href;
  // URL always writes "/" for an empty path; the rule says no trailing slash.
  path = u.pathname === "/" ? s.replace(/\/(?=\?|$)/, "") : s;
  return path;
}

function sha256(s: string): Buffer {
  return createHash("sha256").update(s, "utf8").digest();
}

/** Registry key: SHA-256 hex of the normalized URL. */
export function urlKey(url: string): string {
  return sha256(normalizeUrl(url)).toString("hex");
}

/** `UrlHash` (§6.1): Base64Url(SHA256(NormalizeUrl(url)))[..22]. */
export function urlHash(url: string): string {
  return sha256(normalizeUrl(url)).toString("base64url").slice(0, 22);
}
