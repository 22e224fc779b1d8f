import { loadConfig, type Config } from "../config.ts";
import type { ExtractFileResult } from "../services/extractFile.ts";
import { parseHtmlFilesArgs, writeFileLinesInOrder, writeHtmlFileLines } from "./htmlFiles.ts";

/** An NDJSON line of `ladle extract`. */
function lineOf(file: string, res: ExtractFileResult): object {
  return res.ok
    ? { file, ok: true, draft: res.draft }
    : { file, ok: false, code: res.code, message: res.message };
}

/**
 * `ladle extract [--base-url URL] FILE...`: offline extraction, one NDJSON line per file on
 * stdout, in the order given; a broken file gives an `ok: false` line and never stops the rest.
 * Files are decoded by their BOM or `<meta charset>`, like fetched pages. Several files are
 * extracted on every core (a worker-thread pool, src/services/extractFilePool.ts); one file in
 * this thread, which starts no thread for it.
 */
export async function extractCommand(argv: string[]): Promise<number> {
  const args = parseHtmlFilesArgs("extract", argv);
  if (args === 2) return 2;
  // A bad configuration stops here naming the key (ConfigError → exit 2), as for every command.
  const config: Config = loadConfig();
  const { ExtractFilePool, extractThreads } = await import("../services/extractFilePool.ts");
  const threads = Math.min(args.files.length, extractThreads(config));
  if (threads > 1) {
    const pool = new ExtractFilePool(config, threads);
    try {
      await writeFileLinesInOrder(args, 64, threads, async (body, url, file) =>
        lineOf(file, await pool.extract({ body, url })),
      );
    } finally {
      await pool.close();
    }
    return 0;
  }
  const { extractFile } = await import("../services/extractFile.ts");
  await writeHtmlFileLines(args, 64, async (html, url, file) =>
    lineOf(file, await extractFile(config, html, url)),
  );
  return 0;
}
