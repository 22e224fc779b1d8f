import { languageOfTag, type RecipeLanguage } from "../domain/recipeLanguage.ts";

// The head and the structured data say it; a page is read this far and no further.
export const PAGE_LANGUAGE_SCAN = 512 * 1024;

// The page's start, where `<html>` and the head's meta tags are: looked at first, the rest of the
// scan only when they are not there.
const HEAD_SCAN = 16 * 1024;

// A match of `"inLanguage": "…"` is at most this long (the key, 20 characters of value and spaces).
const IN_LANGUAGE_WINDOW = 256;

/** What is read of the page: a string, or the extraction's page text in pieces (PageText). */
interface Text {
  readonly length: number;
  slice(start: number, end?: number): string;
  indexOf(s: string, from?: number): number;
}

const IN_LANGUAGE = /^"inLanguage"\s*:\s*"([^"]{2,20})"/;
const HTML_LANG = /<html\b[^>]*?\slang\s*=\s*["']?([A-Za-z_-]{2,20})/i;
const OG_LOCALE = /<meta\b[^>]*?property\s*=\s*["']og:locale["'][^>]*?content\s*=\s*["']([A-Za-z_-]{2,20})/i;
const OG_LOCALE_AFTER =
  /<meta\b[^>]*?content\s*=\s*["']([A-Za-z_-]{2,20})["'][^>]*?property\s*=\s*["']og:locale["']/i;

/**
 * The language a page says it is written in, when it is one of the eight Ladle reads: the
 * recipe's schema.org `inLanguage`, else `<html lang>`, else `og:locale`. Regular expressions over
 * the page's start rather than a parse: these three are attributes and one JSON key, and the
 * extraction that parses the page has already run by the time the language is wanted. Each is
 * looked for only when the one before said nothing, `inLanguage` by its key's occurrences and the
 * tags in the page's first 16 KB first: an import read the whole 512 KB three times over (6% of
 * its extraction thread), where a page says it in its first tag.
 */
export function pageLanguage(html: Text): RecipeLanguage | null {
  const end = Math.min(html.length, PAGE_LANGUAGE_SCAN);
  let inLanguage: string | undefined;
  for (let i = html.indexOf('"inLanguage"'); i >= 0 && i < end; i = html.indexOf('"inLanguage"', i + 1)) {
    inLanguage = IN_LANGUAGE.exec(html.slice(i, Math.min(end, i + IN_LANGUAGE_WINDOW)))?.[1];
    if (inLanguage !== undefined) break;
  }
  const said = languageOfTag(inLanguage);
  if (said) return said;
  // The first match in the page's start is the first in the scan (a tag does not run past a ">").
  const head = html.slice(0, Math.min(end, HEAD_SCAN));
  let scan: string | null = null;
  const find = (re: RegExp): string | undefined =>
    re.exec(head)?.[1] ?? (end > head.length ? re.exec((scan ??= html.slice(0, end)))?.[1] : undefined);
  const htmlLang = languageOfTag(find(HTML_LANG));
  if (htmlLang) return htmlLang;
  return languageOfTag(find(OG_LOCALE) ?? find(OG_LOCALE_AFTER));
}
