import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { loadConfig } from "../config.ts";
import { readArticle } from "../extract/article/readArticle.ts";
import { decodeHtml } from "../fetcher/decodeBody.ts";

/**
 * `ladle article [--base-url URL] FILE...`: the article path offline (Readability, sanitization,
 * rewriting, canonical text), no network, one NDJSON line per file; a broken file gives an
 * `ok: false` line and never stops the rest. Relative links and images resolve against
 * `--base-url` (without it they cannot become http(s) and are dropped).
 */
export async function articleCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { "base-url": { type: "string" } },
  });
  if (positionals.length === 0) {
    process.stderr.write("usage: ladle article [--base-url URL] FILE...\n");
    return 2;
  }
  const baseUrl = values["base-url"];
  if (baseUrl !== undefined && !URL.canParse(baseUrl)) {
    process.stderr.write(`ladle article: --base-url is not an absolute URL: ${baseUrl}\n`);
    return 2;
  }
  const config = loadConfig();
  const out: string[] = [];
  const flush = () => {
    if (out.length) process.stdout.write(out.join(""));
    out.length = 0;
  };
  for (const file of positionals) {
    let line: object;
    let html: string | null = null;
    try {
      html = decodeHtml(await readFile(file), null).text;
    } catch (err) {
      line = { file, ok: false, code: "FILE_UNREADABLE", message: (err as Error).message };
    }
    if (html !== null) {
      const url = baseUrl ?? pathToFileURL(path.resolve(file)).href;
      const r = readArticle(html, url, {
        maxChars: config.Fetch.MaxDomChars,
        maxElements: config.Articles.MaxDomElements,
      });
      line = r.ok
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
    }
    out.push(JSON.stringify(line!) + "\n");
    if (out.length >= 16) flush();
  }
  flush();
  return 0;
}
