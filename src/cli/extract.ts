import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { loadConfig, type Config } from "../config.ts";
import { decodeHtml } from "../fetcher/decodeBody.ts";
import { extractFile } from "../services/extractFile.ts";

/**
 * `ladle extract [--base-url URL] FILE...`: offline extraction, one NDJSON line per file on
 * stdout; a broken file gives an `ok: false` line and never stops the rest. Files are decoded by
 * their BOM or `<meta charset>`, like fetched pages.
 */
export async function extractCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { "base-url": { type: "string" } },
  });
  if (positionals.length === 0) {
    process.stderr.write("usage: ladle extract [--base-url URL] FILE...\n");
    return 2;
  }
  const baseUrl = values["base-url"];
  if (baseUrl !== undefined && !URL.canParse(baseUrl)) {
    process.stderr.write(`ladle extract: --base-url is not an absolute URL: ${baseUrl}\n`);
    return 2;
  }
  // A bad configuration stops here naming the key (ConfigError → exit 2), as for every command.
  const config: Config = loadConfig();
  const out: string[] = [];
  const flush = () => {
    if (out.length) process.stdout.write(out.join(""));
    out.length = 0;
  };
  for (const file of positionals) {
    let line: object;
    let html: string | null = null;
    try {
      // Saved pages keep the bytes the site sent: BOM, then <meta charset>, else UTF-8 (as fetched pages).
      html = decodeHtml(await readFile(file), null).text;
    } catch (err) {
      line = { file, ok: false, code: "FILE_UNREADABLE", message: (err as Error).message };
    }
    if (html !== null) {
      const url = baseUrl ?? pathToFileURL(path.resolve(file)).href;
      const res = await extractFile(config, html, url);
      line = res.ok
        ? { file, ok: true, draft: res.draft }
        : { file, ok: false, code: res.code, message: res.message };
    }
    out.push(JSON.stringify(line!) + "\n");
    if (out.length >= 64) flush();
  }
  flush();
  return 0;
}
