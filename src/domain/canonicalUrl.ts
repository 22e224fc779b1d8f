// The duplicate key: a more aggressive canonicalization than the spec's normalizeUrl, which
// stays exact because its hash is part of the contract. Two addresses with the same duplicate key
// show the same page to a cook: the same recipe through an AMP cache, a print view, a mobile host,
// a newsletter link with tracking parameters. Only the duplicate check reads it.
import { createHash } from "node:crypto";
import { isTracking } from "./normalizeUrl.ts";

/** Host prefixes that serve the same page as the bare host. */
const SAME_PAGE_HOST = /^(?:www\d*|m|mobile|amp|print)\./;

/** Path segments that only pick a view of the page (AMP, print). */
const VIEW_SEGMENTS = new Set(["amp", "print", "printable", "print-recipe", "wprm_print"]);

/** Query parameters that pick a view or a reply form rather than another page. */
const VIEW_PARAMS = new Set([
  "amp",
  "amp_js_v",
  "usqp",
  "outputtype",
  "print",
  "printable",
  "print-recipe",
  "m", // Blogger's mobile view (?m=1)
  "replytocom",
  "share",
  "ref",
]);

/** `https://www-example-com.cdn.ampproject.org/c/s/www.example.com/x` → `https://www.example.com/x`. */
function unwrapAmpCache(u: URL): URL {
  if (!u.hostname.endsWith(".cdn.ampproject.org")) return u;
  const m = /^\/[a-z]\/(s\/)?(.+)$/.exec(u.pathname);
  if (!m) return u;
  try {
    return new URL(`${m[1] ? "https" : "http"}://${m[2]}${u.search}`);
  } catch {
    return u;
  }
}

/**
 * The canonical form a duplicate is matched on: host without `www.`/`m.`/`mobile.`/`amp.`, no
 * scheme, port, fragment or trailing slash, AMP and print views folded into the page, tracking and
 * view parameters dropped, the rest sorted. Null for anything but an absolute http(s) address.
 */
export function canonicalRecipeUrl(input: string): string | null {
  let u: URL;
  try {
    u = unwrapAmpCache(new URL(input.trim()));
  } catch {
    return null;
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") return null;
  let host = u.hostname.replace(/\.+$/, "");
  while (SAME_PAGE_HOST.test(host) && host.split(".").length > 2) host = host.replace(SAME_PAGE_HOST, "");
  const port = u.port && u.port !== "80" && u.port !== "443" ? `:${u.port}` : "";

  const segments = u.pathname
    .split("/")
    .filter(Boolean)
    .map((s) => s.replace(/\.amp(\.html?)?$/i, (_, ext: string | undefined) => ext ?? ""));
  const kept: string[] = [];
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i]!;
    if (VIEW_SEGMENTS.has(s.toLowerCase())) {
      // `/chili/print/1234`: the number after a print segment is the card's id, not another page.
      if (/^\d+$/.test(segments[i + 1] ?? "") && i + 2 === segments.length && kept.length) i++;
      continue;
    }
    kept.push(s);
  }
  if (/^index\.(html?|php)$/i.test(kept.at(-1) ?? "")) kept.pop();

  const params: string[] = [];
  for (const [k, v] of u.searchParams) {
    const key = k.toLowerCase();
    if (isTracking(key) || VIEW_PARAMS.has(key)) continue;
    params.push(new URLSearchParams([[k, v]]).toString());
  }
  params.sort();
  const path = kept.length ? `/${kept.join("/")}` : "";
  return `${host}${port}${path}${params.length ? `?${params.join("&")}` : ""}`;
}

/** The stored duplicate key (`dup_key` columns): SHA-256 hex of the canonical form, null when none. */
export function duplicateKey(url: string | null | undefined): string | null {
  if (!url) return null;
  const c = canonicalRecipeUrl(url);
  return c ? createHash("sha256").update(c, "utf8").digest("hex") : null;
}
