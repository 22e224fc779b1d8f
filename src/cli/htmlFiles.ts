import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { decodeHtml } from "../fetcher/decodeBody.ts";

/** The files and the `--base-url` of a command that reads saved HTML files (`extract`, `article`). */
export interface HtmlFilesArgs {
  files: string[];
  baseUrl: string | undefined;
}

/**
 * Parses `ladle <command> [--base-url URL] FILE...`. Answers the files and base URL, or exit code 2
 * once the usage or the bad URL is on stderr. An unknown option throws, as `parseArgs` does.
 */
export function parseHtmlFilesArgs(command: string, argv: string[]): HtmlFilesArgs | 2 {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { "base-url": { type: "string" } },
  });
  if (positionals.length === 0) {
    process.stderr.write(`usage: ladle ${command} [--base-url URL] FILE...\n`);
    return 2;
  }
  const baseUrl = values["base-url"];
  if (baseUrl !== undefined && !URL.canParse(baseUrl)) {
    process.stderr.write(`ladle ${command}: --base-url is not an absolute URL: ${baseUrl}\n`);
    return 2;
  }
  return { files: positionals, baseUrl };
}

/**
 * Reads each file, decodes it and writes the object `lineFor` makes of it as one NDJSON line on
 * stdout, in the order given. A file that cannot be read or decoded gets an `ok: false` line with
 * code `FILE_UNREADABLE` and never stops the rest; an error thrown by `lineFor` does (lines still
 * buffered are not written). Lines go out `flushEvery` at a time, so a long list streams without
 * one write per file.
 */
export async function writeHtmlFileLines(
  { files, baseUrl }: HtmlFilesArgs,
  flushEvery: number,
  lineFor: (html: string, url: string, file: string) => object | Promise<object>,
): Promise<void> {
  const out: string[] = [];
  const flush = () => {
    if (out.length) process.stdout.write(out.join(""));
    out.length = 0;
  };
  for (const file of files) {
    let line: object;
    let html: string | null = null;
    try {
      // Saved pages keep the bytes the site sent: BOM, then <meta charset>, else UTF-8 (as fetched pages).
      html = decodeHtml(await readFile(file), null).text;
    } catch (err) {
      line = { file, ok: false, code: "FILE_UNREADABLE", message: (err as Error).message };
    }
    if (html !== null) {
      // Without --base-url the page stands at its file: URL (relative links resolve against it).
      const url = baseUrl ?? pathToFileURL(path.resolve(file)).href;
      line = await lineFor(html, url, file);
    }
    out.push(JSON.stringify(line!) + "\n");
    if (out.length >= flushEvery) flush();
  }
  flush();
}
