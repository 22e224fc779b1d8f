import { transform, transformStyleAttribute, type Url } from "lightningcss";

// Stylesheets of a kept page: every url() read and rewritten by a CSS parser (lightningcss, the
// Parcel project's), never by regular expressions, so a url hidden in a comment, an escape or a
// string is treated as the browser would treat it.

/** Resolves a stylesheet's reference against its sheet; null for anything but http(s) and raster data. */
export function cssTarget(ref: string, base: string): string | null {
  const v = ref.trim();
  if (/^data:/i.test(v)) return null;
  try {
    const u = new URL(v, base);
    return u.protocol === "http:" || u.protocol === "https:" ? u.href : null;
  } catch {
    return null;
  }
}

export interface CssRefs {
  /** Absolute URLs of pictures and fonts the sheet uses, in order of appearance. */
  urls: string[];
  /** Absolute URLs of the sheets it imports. */
  imports: string[];
}

function run(
  code: string,
  base: string,
  visitUrl: (u: Url) => Url,
  onImport: (url: string) => void,
  inline: boolean,
) {
  const visitor = {
    Url: visitUrl,
    Rule: {
      import(rule: { value: { url: string } }) {
        const t = cssTarget(rule.value.url, base);
        if (t) onImport(t);
        return [];
      },
    },
  };
  const opts = { filename: "page.css", code: Buffer.from(code), errorRecovery: true, minify: true };
  return inline
    ? transformStyleAttribute({ ...opts, visitor: { Url: visitUrl } }).code.toString()
    : // The visitor's import rule returns no rules: an imported sheet is fetched and put before this one.
      transform({ ...opts, visitor: visitor as never }).code.toString();
}

/** The references of a stylesheet (or of a style attribute, `inline`). */
export function cssRefs(code: string, base: string, inline = false): CssRefs {
  const urls: string[] = [];
  const imports: string[] = [];
  try {
    run(
      code,
      base,
      (u) => {
        const t = cssTarget(u.url, base);
        if (t) urls.push(t);
        return u;
      },
      (t) => imports.push(t),
      inline,
    );
  } catch {
    // Unreadable even with error recovery: the sheet is left out, so it references nothing.
  }
  return { urls, imports };
}

/**
 * The sheet with each reference replaced by its kept copy (a data: URL) or by an empty data: URL,
 * so the kept page asks the network for nothing. Null when the sheet cannot be read at all.
 */
export function rewriteCss(
  code: string,
  base: string,
  kept: (absoluteUrl: string) => string | undefined,
  inline = false,
): string | null {
  try {
    const out = run(
      code,
      base,
      (u) => {
        const t = cssTarget(u.url, base);
        const raster = /^data:image\/(png|jpeg|gif|webp|avif);/i.test(u.url.trim());
        return { ...u, url: (t && kept(t)) || (raster ? u.url.trim() : "data:,") };
      },
      () => undefined,
      inline,
    );
    // A string holding "</style" must not end the style element it is written into.
    return out.replace(/<\/(style)/gi, "<\\/$1").replace(/<!--/g, "<\\!--");
  } catch {
    return null;
  }
}
