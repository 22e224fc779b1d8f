// Hand-written: the spec's rules differ from normalize-url's defaults (which also drop www,
// force https and keep empty params); a dozen lines over WHATWG URL state them exactly.
import { hash } from "node:crypto";

// Tracking parameters dropped before hashing: click ids of ad and
// social networks, e-mail campaign ids, analytics cross-domain ids.
const TRACKING = new Set([
  "fbclid",
  "gclid",
  "gclsrc",
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
  "srsltid",
  "_ga",
  "_gl",
  "_kx",
  "oly_anon_id",
  "oly_enc_id",
  "vero_id",
  "vero_conv",
  "wickedid",
  "mkt_tok",
  "rb_clickid",
]);

// Whole families: Google Analytics (utm_), Matomo/Piwik campaigns, HubSpot ads.
const TRACKING_PREFIXES = ["utm_", "pk_", "mtm_", "piwik_", "hsa_"];

export function isTracking(key: string): boolean {
  const k = key.toLowerCase();
  return TRACKING.has(k) || TRACKING_PREFIXES.some((p) => k.startsWith(p));
}

const byKeyThenValue = (a: [string, string, boolean], b: [string, string, boolean]) =>
  a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0;

/**
 * The recipe URL normalization: lowercase scheme and host, default port and fragment dropped,
 * trailing slashes removed from the path, query parameters sorted by key then value, tracking
 * parameters removed. Input that is not an absolute URL is returned trimmed.
 */
export function normalizeUrl(input: string): string {
  return keysOf(input).normalized;
}

function normalize(input: string): string {
  let u: URL;
  try {
    // WHATWG URL lowercases scheme and host and drops the scheme's default port.
    u = new URL(input.trim());
  } catch {
    return input.trim();
  }
  // Each URL setter parses and writes the whole URL again (~4-10 µs here): a part is set only when
  // it changes, so a plain page URL (no fragment, query, trailing dot or slash) sets none. A "#" or
  // "?" in the href can only start the fragment or the query (elsewhere they are percent-encoded),
  // and an empty one ("…/r?", "…/r#") must go too.
  if (u.href.includes("#")) u.hash = "";
  if (u.hostname.endsWith(".")) u.hostname = u.hostname.replace(/\.+$/, "");

  // [key, value, had "="]: a bare `?print` stays bare rather than becoming `?print=`.
  const params: [string, string, boolean][] = [];
  for (const segment of u.search.slice(1).split("&")) {
    if (!segment) continue;
    const [pair] = [...new URLSearchParams(segment)];
    if (!pair || isTracking(pair[0])) continue;
    params.push([pair[0], pair[1], segment.includes("=")]);
  }
  params.sort(byKeyThenValue); // Array#sort is stable
  const query = params
    .map(([k, v, eq]) => {
      const s = new URLSearchParams([[k, v]]).toString();
      return eq ? s : s.slice(0, -1);
    })
    .join("&");

  const path = u.pathname.replace(/\/+$/, "");
  if ((path || "/") !== u.pathname) u.pathname = path || "/";
  if (u.href.includes("?")) u.search = "";
  // URL always writes "/" for an empty path of http(s); the rule says no trailing slash.
  const base = path ? u.href : u.href.replace(/\/$/, "");
  return query ? `${base}?${query}` : base;
}

// crypto.hash: one call, no Hash object (a string is hashed as UTF-8).

/**
 * The latest URLs' normalized forms and SHA-256s. An import asks for one URL's forms several times
 * (a submit: the task's metadata, the URL registry's key, normalized form and hash; a worker: the
 * shared fetch's key, then the draft's source once the page is read, other imports' in between),
 * and each asked normalized and hashed it again. The functions are pure: an entry is never stale.
 * Held to a worker's imports in flight (64 task slots by default), oldest dropped first.
 */
const KEPT = 128;
const seen = new Map<string, { normalized: string; digest: Buffer | null }>();

function keysOf(url: string): { normalized: string; digest: Buffer | null } {
  let k = seen.get(url);
  if (!k) {
    k = { normalized: normalize(url), digest: null };
    if (seen.size >= KEPT) seen.delete(seen.keys().next().value!);
    seen.set(url, k);
  }
  return k;
}

function digestOf(url: string): Buffer {
  const k = keysOf(url);
  return (k.digest ??= hash("sha256", k.normalized, "buffer"));
}

/** Registry key: SHA-256 hex of the normalized URL. */
export function urlKey(url: string): string {
  return digestOf(url).toString("hex");
}

/** `UrlHash`: Base64Url(SHA256(NormalizeUrl(url)))[..22] (RFC 4648, no padding). */
export function urlHash(url: string): string {
  return digestOf(url).toString("base64url").slice(0, 22);
}
