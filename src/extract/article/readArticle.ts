import { randomUUID } from "node:crypto";
import { Readability } from "@mozilla/readability";
import { JSDOM, VirtualConsole } from "jsdom";
import { canonicalText } from "./canonicalText.ts";
import { dropBoilerplate, jsonLdArticleBody } from "./dropBoilerplate.ts";
import { sanitizeArticle } from "./sanitizeArticle.ts";

/** What the article path keeps of a page. */
export interface Article {
  title: string | null;
  byline: string | null;
  excerpt: string | null;
  siteName: string | null;
  lang: string | null;
  publishedTime: string | null;
  /** Sanitized HTML; every `img` points at `/api/images/{id}`. */
  htmlSanitized: string;
  canonicalText: string;
  /** The proxied images: opaque id and the origin URL the proxy will fetch. */
  images: { id: string; url: string }[];
}

/** Extraction failure codes. */
export type ReadArticleCode = "E_EXTRACT_NO_CONTENT" | "E_SANITIZE_FAILED" | "E_CANONICALIZE_FAILED";

export type ReadArticleResult =
  { ok: true; article: Article } | { ok: false; code: ReadArticleCode; message: string };

export interface ReadArticleOptions {
  /** Pages with more characters than this are not parsed. */
  maxChars?: number;
  /** Readability's element cap: larger documents are refused (DOM-size cap). */
  maxElements?: number;
  /** The opaque image id for an origin URL; default a random UUID. */
  newImageId?: () => string;
}

/** Canonical text shorter than this (white space aside) is not an article. */
const MIN_TEXT_CHARS = 20;

const str = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null);

/**
 * The article path for one fetched page: Mozilla Readability on jsdom (no scripts,
 * no sub-resources), then sanitization with link and image rewriting, then canonical text. Pure
 * apart from CPU: run it off the event loop (articleParser.ts).
 */
export function readArticle(html: string, url: string, opts: ReadArticleOptions = {}): ReadArticleResult {
  const maxChars = opts.maxChars ?? 3_000_000;
  if (html.length > maxChars)
    return {
      ok: false,
      code: "E_EXTRACT_NO_CONTENT",
      message: `The page has ${html.length} characters, more than the ${maxChars} that are parsed.`,
    };
  let parsed: ReturnType<Readability<string>["parse"]>;
  let lang: string | null;
  try {
    const dom = new JSDOM(html, { url, virtualConsole: new VirtualConsole() });
    const doc = dom.window.document;
    dropBase(doc);
    lang = str(doc.documentElement.getAttribute("lang"));
    const articleBody = jsonLdArticleBody(doc);
    // Classes kept for the boilerplate pass (sanitization drops them afterwards).
    parsed = new Readability(doc, { maxElemsToParse: opts.maxElements ?? 0, keepClasses: true }).parse();
    if (parsed?.content) parsed.content = withoutBoilerplate(doc, parsed.content, articleBody, parsed.byline);
    dom.window.close();
  } catch (err) {
    const msg = (err as Error).message ?? String(err);
    return {
      ok: false,
      code: "E_EXTRACT_NO_CONTENT",
      message: /too many elements|Aborting parsing document/i.test(msg)
        ? `The page is too large to read (${msg}).`
        : `The page could not be read: ${msg}`,
    };
  }
  let content = parsed?.content && parsed.textContent?.trim() ? parsed.content : null;
  let fallbackTitle: string | null = null;
  if (!content) {
    // Readability found nothing on a page that still has text: fall back to its main container.
    const fallback = fallbackContent(html, url);
    if (!fallback)
      return {
        ok: false,
        code: "E_EXTRACT_NO_CONTENT",
        message: "No readable article was found on the page.",
      };
    content = fallback.content;
    fallbackTitle = fallback.title;
  }

  const images = new Map<string, string>();
  const newId = opts.newImageId ?? randomUUID;
  let htmlSanitized: string;
  try {
    htmlSanitized = sanitizeArticle(content, url, (origin) => {
      let id = images.get(origin);
      if (!id) images.set(origin, (id = newId()));
      return `/api/images/${id}`;
    });
  } catch (err) {
    return { ok: false, code: "E_SANITIZE_FAILED", message: `Sanitizing failed: ${(err as Error).message}` };
  }
  let text: string;
  try {
    text = canonicalText(htmlSanitized);
  } catch (err) {
    return {
      ok: false,
      code: "E_CANONICALIZE_FAILED",
      message: `Canonical text failed: ${(err as Error).message}`,
    };
  }
  // Only images that survived sanitization are proxied.
  const kept = [...images].filter(([, id]) => htmlSanitized.includes(`/api/images/${id}"`));
  // A word or two (a lone "Home" link) is no article, unless it is all the page says or it heads
  // pictures: then the short text is the page itself, not a scrap picked out of a larger one.
  const chars = text.replace(/\s+/g, "").length;
  if (chars < MIN_TEXT_CHARS && !(chars && (kept.length || isWholePage(html, url, chars))))
    return { ok: false, code: "E_EXTRACT_NO_CONTENT", message: "The page has no readable text." };
  return {
    ok: true,
    article: {
      title: str(parsed?.title) ?? fallbackTitle,
      byline: str(parsed?.byline),
      excerpt: str(parsed?.excerpt),
      siteName: str(parsed?.siteName),
      lang: str(parsed?.lang) ?? lang,
      publishedTime: str(parsed?.publishedTime),
      htmlSanitized,
      canonicalText: text,
      images: kept.map(([u, id]) => ({ id, url: u })),
    },
  };
}

/** Below this share of Readability's text, the boilerplate pass is not trusted: its output stays. */
const KEEP_AT_LEAST = 0.6;

/** Readability's content without the boilerplate blocks it kept, unless that leaves much less. */
function withoutBoilerplate(
  doc: Document,
  content: string,
  articleBody: string | null,
  byline: string | null | undefined,
): string {
  const root = doc.createElement("div");
  root.innerHTML = content;
  const before = (root.textContent ?? "").replace(/\s+/g, "").length;
  const dropped = dropBoilerplate(root, { articleBody, byline: byline ?? null });
  if (!dropped.length) return content;
  const after = (root.textContent ?? "").replace(/\s+/g, "").length;
  return after >= before * KEEP_AT_LEAST ? root.innerHTML : content;
}

/**
 * `<base>` tags are removed and relative URLs resolve against `canonical_url`. Readability
 * makes links absolute against `document.baseURI`, which a page's `<base href>` would otherwise
 * point at any host; without it the base is the URL the document was opened with.
 */
function dropBase(doc: Document): void {
  for (const b of doc.querySelectorAll("base")) b.remove();
}

/**
 * Whether `chars` characters of text (white space aside) are all a page's body says once its
 * navigation, header, footer and forms are left out (a page of navigation alone says nothing).
 */
function isWholePage(html: string, url: string, chars: number): boolean {
  try {
    const dom = new JSDOM(html, { url, virtualConsole: new VirtualConsole() });
    const body = dom.window.document.body;
    for (const junk of body ? body.querySelectorAll(BOILERPLATE) : []) junk.remove();
    const own = (body?.textContent ?? "").replace(/\s+/g, "").length;
    dom.window.close();
    return own > 0 && own <= chars;
  } catch {
    return false;
  }
}

/** Below this much text a page has no article to fall back to. */
const FALLBACK_MIN_CHARS = 200;
const BOILERPLATE =
  "script, style, noscript, template, nav, header, footer, aside, form, dialog, [role=navigation], [role=banner], [role=contentinfo], [aria-hidden=true], [hidden]";

/**
 * When Readability returns nothing (short pages, unusual markup), the page's `<article>`, `<main>`
 * or body without navigation, headers, footers and forms, if that leaves enough text to read.
 */
function fallbackContent(html: string, url: string): { content: string; title: string | null } | null {
  try {
    const dom = new JSDOM(html, { url, virtualConsole: new VirtualConsole() });
    const doc = dom.window.document;
    dropBase(doc);
    const candidates = [...doc.querySelectorAll("article, main, [role=main]"), doc.body].filter(Boolean);
    for (const el of candidates) {
      const copy = el!.cloneNode(true) as Element;
      for (const junk of copy.querySelectorAll(BOILERPLATE)) junk.remove();
      const text = (copy.textContent ?? "").replace(/\s+/g, " ").trim();
      if (text.length >= FALLBACK_MIN_CHARS) {
        const title = str(doc.title);
        dom.window.close();
        return { content: `<div>${copy.innerHTML}</div>`, title };
      }
    }
    dom.window.close();
  } catch {
    // no fallback
  }
  return null;
}
