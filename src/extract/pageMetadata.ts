import { Parser } from "htmlparser2";
import { MAX_EXCERPT_CHARS, MAX_TITLE_CHARS } from "../domain/item.ts";
import { siteHost, withoutSiteName } from "./siteName.ts";
import { cleanText } from "./text.ts";

/** What a bookmark takes from a page's head. */
export interface PageMetadata {
  title: string | null;
  excerpt: string | null;
  /** og:image, then twitter:image, resolved to an absolute http(s) URL. */
  previewImageUrl: string | null;
  siteName: string | null;
}

// Interstitial titles that name a wall, not the page: never a bookmark's title, whatever let the
// page through (the gateway already fails known challenges with BLOCKED before we get here).
const WALL_TITLE =
  /^(just a moment|attention required|please wait|one more step|checking (if the site connection is secure|your browser)|verify(ing)? (that )?you are (a )?human|are you a robot|access denied|security check|ddos protection|pardon our interruption|captcha)\b/i;

/** True when a title is a bot-wall's ("Just a moment…"), not the page's. */
export function isWallTitle(title: string): boolean {
  return WALL_TITLE.test(title.trim());
}

/** Shortens at a word boundary and marks the cut with an ellipsis. */
export function clip(s: string, max: number): string {
  if (s.length <= max) return s;
  const cut = s.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** An absolute http(s) URL for `raw` against `base`, or null. */
export function absoluteHttpUrl(raw: string | null | undefined, base: string): string | null {
  const v = raw?.trim();
  if (!v) return null;
  try {
    const u = new URL(v, base);
    if (u.protocol !== "http:" && u.protocol !== "https:") return null;
    if (u.username || u.password) return null;
    return u.toString();
  } catch {
    return null;
  }
}

// Everything we read lives in <head>; a page without one is read this far and no further.
const HEAD_SCAN_LIMIT = 512 * 1024;

/**
 * Reads title, excerpt, preview image and site name from a page's head in one tokenizer pass,
 * stopping at `</head>`: Open Graph first, then Twitter cards, then `<title>` and
 * `<meta name="description">`. Relative image URLs resolve against `<base href>` or `pageUrl`.
 */
export function extractPageMetadata(html: string, pageUrl: string): PageMetadata {
  const headEnd = html.search(/<\/head\s*>|<body[\s>]/i);
  const head = html.slice(0, headEnd >= 0 ? headEnd : HEAD_SCAN_LIMIT);
  const meta = new Map<string, string>();
  let base: string | null = null;
  let titleText: string | null = null;
  let inTitle = false;
  let inSvg = 0;
  const parser = new Parser(
    {
      onopentag(name, a) {
        if (name === "svg") inSvg++;
        else if (name === "title" && !inSvg && titleText === null) {
          inTitle = true;
          titleText = "";
        } else if (name === "meta" && a.content) {
          const key = (a.property ?? a.name ?? a.itemprop ?? "").trim().toLowerCase();
          if (key && !meta.has(key)) meta.set(key, a.content);
        } else if (name === "base" && a.href && base === null) base = a.href;
      },
      ontext(t) {
        if (inTitle) titleText += t;
      },
      onclosetag(name) {
        if (name === "svg") inSvg = Math.max(0, inSvg - 1);
        else if (name === "title") inTitle = false;
      },
    },
    { decodeEntities: true, lowerCaseAttributeNames: true },
  );
  parser.end(head);

  const first = (...keys: string[]): string | null => {
    for (const k of keys) {
      const v = cleanText(meta.get(k) ?? "");
      if (v) return v;
    }
    return null;
  };
  const baseUrl = absoluteHttpUrl(base, pageUrl) ?? pageUrl;
  const titles = [first("og:title"), first("twitter:title"), cleanText(titleText ?? "") || null];
  const siteName = first("og:site_name", "application-name");
  // "Hummus Recipe | Feel Good Foodie": the site's name is shown beside a bookmark, not in its title.
  const found = titles.find((t): t is string => !!t && !isWallTitle(t));
  const title = found ? withoutSiteName(withoutSiteName(found, siteName), siteHost(pageUrl)) : null;
  const excerpt = first("og:description", "description", "twitter:description");
  const image = [
    meta.get("og:image"),
    meta.get("og:image:url"),
    meta.get("og:image:secure_url"),
    meta.get("twitter:image"),
    meta.get("twitter:image:src"),
  ]
    .map((v) => absoluteHttpUrl(v, baseUrl))
    .find((v) => v !== null);
  return {
    title: title ? clip(title, MAX_TITLE_CHARS) : null,
    excerpt: excerpt ? clip(excerpt, MAX_EXCERPT_CHARS) : null,
    previewImageUrl: image ?? null,
    siteName,
  };
}
