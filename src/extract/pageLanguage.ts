import { languageOfTag, type RecipeLanguage } from "../domain/recipeLanguage.ts";

// The head and the structured data say it; a page is read this far and no further.
export const PAGE_LANGUAGE_SCAN = 512 * 1024;

/**
 * The language a page says it is written in, when it is one of the eight Ladle reads: the
 * recipe's schema.org `inLanguage`, else `<html lang>`, else `og:locale`. Regular expressions over
 * the page's start rather than a parse: these three are attributes and one JSON key, and the
 * extraction that parses the page has already run by the time the language is wanted.
 */
export function pageLanguage(html: string): RecipeLanguage | null {
  const page = html.slice(0, PAGE_LANGUAGE_SCAN);
  const inLanguage = /"inLanguage"\s*:\s*"([^"]{2,20})"/.exec(page)?.[1];
  const htmlLang = /<html\b[^>]*?\slang\s*=\s*["']?([A-Za-z_-]{2,20})/i.exec(page)?.[1];
  const ogLocale =
    /<meta\b[^>]*?property\s*=\s*["']og:locale["'][^>]*?content\s*=\s*["']([A-Za-z_-]{2,20})/i.exec(
      page,
    )?.[1] ??
    /<meta\b[^>]*?content\s*=\s*["']([A-Za-z_-]{2,20})["'][^>]*?property\s*=\s*["']og:locale["']/i.exec(
      page,
    )?.[1];
  return languageOfTag(inLanguage) ?? languageOfTag(htmlLang) ?? languageOfTag(ogLocale);
}
