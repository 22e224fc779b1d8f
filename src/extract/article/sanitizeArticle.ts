import sanitizeHtml from "sanitize-html";

/** Elements kept (spec README, the constitution's sanitization rules). */
export const KEPT_TAGS = [
  "a", "abbr", "b", "blockquote", "br", "caption", "cite", "code", "dd", "del", "details", "dfn", "div",
  "dl", "dt", "em", "figcaption", "figure", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "i", "img", "ins",
  "kbd", "li", "mark", "ol", "p", "pre", "q", "s", "samp", "section", "small", "span", "strong", "sub",
  "summary", "sup", "table", "tbody", "td", "tfoot", "th", "thead", "time", "tr", "u", "ul",
]; // prettier-ignore

/** Elements removed together with their content; every other unknown element is unwrapped. */
export const REMOVED_TAGS = [
  "script", "style", "noscript", "template", "iframe", "frame", "frameset", "object", "embed", "applet",
  "svg", "math", "form", "input", "button", "select", "textarea", "canvas", "audio", "video", "source",
  "track", "meta", "link", "base", "head", "title",
]; // prettier-ignore

const KEPT_ATTRIBUTES: Record<string, string[]> = {
  "*": ["lang", "dir"],
  a: ["href", "title", "target", "rel", "referrerpolicy"],
  img: ["src", "alt", "title", "width", "height"],
  td: ["colspan", "rowspan", "scope"],
  th: ["colspan", "rowspan", "scope"],
  ol: ["start", "reversed"],
  li: ["value"],
  time: ["datetime"],
  q: ["cite"],
  blockquote: ["cite"],
};

/** Lazy-loading attributes that hold the real image when `src` is a placeholder. */
const LAZY_SRC = ["data-src", "data-lazy-src", "data-original", "data-url", "data-lazy", "data-hi-res-src"];
const LAZY_SRCSET = ["data-srcset", "data-lazy-srcset", "srcset"];

/** An absolute http(s) URL (or mailto, when allowed) resolved against `base`; null otherwise. */
export function resolveUrl(value: string | undefined, base: string, mailto = false): string | null {
  if (!value) return null;
  const v = value.trim();
  if (!v) return null;
  let u: URL;
  try {
    u = new URL(v, base || undefined);
  } catch {
    return null;
  }
  if (u.protocol === "http:" || u.protocol === "https:" || (mailto && u.protocol === "mailto:"))
    return u.href;
  return null;
}

/** The largest candidate of a srcset ("a.jpg 480w, b.jpg 800w" or "a.jpg 1x, b.jpg 2x"). */
export function bestSrcsetCandidate(srcset: string | undefined): string | null {
  if (!srcset) return null;
  let best: { url: string; score: number } | null = null;
  // Candidates are split on commas followed by white space or a descriptor end (URLs may contain commas).
  for (const part of srcset.split(/,\s+|,(?=\S+\s+\d)/)) {
    const [url, desc = "1x"] = part.trim().split(/\s+/);
    if (!url) continue;
    const n = parseFloat(desc);
    const score = Number.isFinite(n) ? (desc.endsWith("w") ? n : n * 1000) : 1000;
    if (!best || score > best.score) best = { url, score };
  }
  return best?.url ?? null;
}

const isPlaceholder = (src: string | undefined) =>
  !src ||
  /^data:/i.test(src.trim()) ||
  /(^|\/)(blank|spacer|pixel|placeholder|lazy[^/]*)\.(gif|png|svg)$/i.test(src);

/** The origin URL an `img` shows: its real `src`, else a lazy-loading attribute, else the largest srcset candidate. */
export function imageOrigin(attribs: Record<string, string>, base: string): string | null {
  const candidates: (string | null | undefined)[] = [];
  if (!isPlaceholder(attribs.src)) candidates.push(attribs.src);
  for (const a of LAZY_SRC) candidates.push(attribs[a]);
  for (const a of LAZY_SRCSET) candidates.push(bestSrcsetCandidate(attribs[a]));
  for (const c of candidates) {
    const url = resolveUrl(c ?? undefined, base);
    if (url) return url;
  }
  return null;
}

/**
 * Server-side sanitization and rewriting:
 * the element and attribute allowlists, removed elements dropped with their content, unknown ones
 * unwrapped; links made absolute with `target=_blank`, `rel=noopener noreferrer` and
 * `referrerpolicy=no-referrer`; every image's origin URL handed to `imageSrc`, whose answer (the
 * opaque proxy path) becomes its `src`; an image without a usable http(s) origin is dropped.
 */
export function sanitizeArticle(
  html: string,
  baseUrl: string,
  imageSrc: (originUrl: string) => string,
): string {
  return sanitizeHtml(html, {
    allowedTags: KEPT_TAGS,
    allowedAttributes: KEPT_ATTRIBUTES,
    nonTextTags: REMOVED_TAGS,
    disallowedTagsMode: "discard",
    // URLs are resolved and checked in transformTags; what reaches here is absolute http(s)/mailto or a proxy path.
    allowedSchemes: ["http", "https", "mailto"],
    allowedSchemesByTag: { img: [] },
    allowedSchemesAppliedToAttributes: ["href", "src", "cite"],
    allowProtocolRelative: false,
    parseStyleAttributes: false,
    transformTags: {
      a: (tagName, attribs) => {
        const href = resolveUrl(attribs.href, baseUrl, true);
        return {
          tagName,
          attribs: {
            ...pick(attribs, ["title", "lang", "dir"]),
            ...(href ? { href } : {}),
            target: "_blank",
            rel: "noopener noreferrer",
            referrerpolicy: "no-referrer",
          },
        };
      },
      img: (tagName, attribs) => {
        const origin = imageOrigin(attribs, baseUrl);
        const kept = pick(attribs, ["alt", "title", "width", "height", "lang", "dir"]);
        return { tagName, attribs: origin ? { src: imageSrc(origin), ...kept } : kept };
      },
      q: citeTransform(baseUrl),
      blockquote: citeTransform(baseUrl),
    },
    // An image whose origin was not usable is dropped rather than left broken.
    exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
  });
}

function citeTransform(baseUrl: string) {
  return (tagName: string, attribs: Record<string, string>) => {
    const cite = resolveUrl(attribs.cite, baseUrl);
    const rest = pick(attribs, ["lang", "dir"]);
    return { tagName, attribs: cite ? { ...rest, cite } : rest };
  };
}

function pick(attribs: Record<string, string>, names: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const n of names) if (attribs[n] !== undefined) out[n] = attribs[n];
  return out;
}
