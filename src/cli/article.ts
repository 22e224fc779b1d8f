import { loadConfig } from "../config.ts";
import { readArticle } from "../extract/article/readArticle.ts";
import { parseHtmlFilesArgs, writeHtmlFileLines } from "./htmlFiles.ts";

/**
 * `ladle article [--base-url URL] FILE...`: the article path offline (Readability, sanitization,
 * rewriting, canonical text), no network, one NDJSON line per file; a broken file gives an
 * `ok: false` line and never stops the rest. Relative links and images resolve against
 * `--base-url` (without it they cannot become http(s) and are dropped).
 */
export async function articleCommand(argv: string[]): Promise<number> {
  const args = parseHtmlFilesArgs("article", argv);
  if (args === 2) return 2;
  const config = loadConfig();
  // A line holds a whole sanitized page, so fewer are buffered per write than in `extract`.
  await writeHtmlFileLines(args, 16, (html, url, file) => {
    const r = readArticle(html, url, {
      maxChars: config.Fetch.MaxDomChars,
      maxElements: config.Articles.MaxDomElements,
    });
    return r.ok
      ? {
          file,
          ok: true,
          article: {
            title: r.article.title,
            byline: r.article.byline,
            excerpt: r.article.excerpt,
            siteName: r.article.siteName,
            lang: r.article.lang,
            publishedTime: r.article.publishedTime,
            htmlSanitized: r.article.htmlSanitized,
            canonicalText: r.article.canonicalText,
            imageUrls: r.article.images.map((i) => i.url),
          },
        }
      : { file, ok: false, code: r.code, message: r.message };
  });
  return 0;
}
