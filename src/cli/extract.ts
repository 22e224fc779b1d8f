import os from "node:os";
import { loadConfig, type Config } from "../config.ts";
import type { ExtractFileResult } from "../services/extractFile.ts";
import { parseHtmlFilesArgs, writeFileLinesInOrder, writeHtmlFileLines } from "./htmlFiles.ts";

/**
 * Extraction threads for a run: Server.CpuConcurrency when set, else the cores left idle by the
 * rest of the machine (cores less the 1-minute load average, at least one). On a busy machine a
 * second thread got no more CPU and cost half again as much CPU per page (its own JIT warm-up and
 * caches, contention): 512 pages took 12.6 s with two threads against 9.2 s in one at load 5.
 */
function cliThreads(config: Config): number {
  if (config.Server.CpuConcurrency) return config.Server.CpuConcurrency;
  const cores = os.availableParallelism();
  return Math.max(1, Math.min(cores, Math.round(cores - os.loadavg()[0]!)));
}

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
 * extracted on the idle cores (a worker-thread pool, src/services/extractFilePool.ts); one file,
 * or a machine with no idle core, in this thread, which then starts no thread.
 */
export async function extractCommand(argv: string[]): Promise<number> {
  const args = parseHtmlFilesArgs("extract", argv);
  if (args === 2) return 2;
  // A bad configuration stops here naming the key (ConfigError → exit 2), as for every command.
  const config: Config = loadConfig();
  const threads = Math.min(args.files.length, cliThreads(config));
  if (threads > 1) {
    const { ExtractFilePool } = await import("../services/extractFilePool.ts");
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
