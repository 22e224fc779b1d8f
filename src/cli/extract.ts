import os from "node:os";
import { loadConfig, type Config } from "../config.ts";
import { parseHtmlFilesArgs, writeFileLinesInOrder } from "./htmlFiles.ts";

/** CPU time of the whole machine so far (ms, every core: all and idle), and this process's own. */
export interface CpuTimes {
  idle: number;
  all: number;
  own: number;
  at: number;
}

function cpuNow(): CpuTimes {
  let idle = 0;
  let all = 0;
  for (const c of os.cpus()) {
    idle += c.times.idle;
    all += c.times.idle + c.times.user + c.times.nice + c.times.sys + c.times.irq;
  }
  const u = process.cpuUsage();
  return { idle, all, own: (u.user + u.system) / 1000, at: performance.now() };
}

/**
 * Extraction threads for a run: Server.CpuConcurrency when set, else the cores this process can
 * have: those idle over the last moment plus the one it was using itself (at least one). Read from
 * the machine's CPU times over a short window, not the load average: that lags by a minute and
 * counts processes that have finished (a previous run of this very command). On a busy machine a
 * second thread got no more CPU and cost half again as much CPU per page (its own JIT warm-up and
 * caches, contention): 512 pages took 12.6 s with two threads against 9.2 s in one at load 5.
 */
async function cliThreads(config: Config, since: CpuTimes): Promise<number> {
  if (config.Server.CpuConcurrency) return config.Server.CpuConcurrency;
  const cores = os.availableParallelism();
  if (cores < 2) return 1;
  // A window of at least 100 ms (the kernel counts CPU time in 10 ms ticks).
  const wait = 100 - (performance.now() - since.at);
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  return freeCores(since, cpuNow(), cores);
}

/** The cores idle between two readings plus the share this process used itself (1 to `cores`). */
export function freeCores(since: CpuTimes, now: CpuTimes, cores: number): number {
  const span = now.all - since.all;
  if (span <= 0) return 1;
  const free = ((now.idle - since.idle + (now.own - since.own)) / span) * cores;
  return Math.max(1, Math.min(cores, Math.round(free)));
}

/**
 * `ladle extract [--base-url URL] FILE...`: offline extraction, one NDJSON line per file on
 * stdout, in the order given; a broken file gives an `ok: false` line and never stops the rest.
 * Files are decoded by their BOM or `<meta charset>`, like fetched pages. Several files are
 * extracted on the idle cores (a worker-thread pool, src/services/extractFilePool.ts); one file,
 * or a machine with no idle core, in this thread, which then starts no thread.
 */
export async function extractCommand(argv: string[]): Promise<number> {
  const since = cpuNow();
  const args = parseHtmlFilesArgs("extract", argv);
  if (args === 2) return 2;
  // A bad configuration stops here naming the key (ConfigError → exit 2), as for every command.
  const config: Config = loadConfig();
  const threads = args.files.length > 1 ? Math.min(args.files.length, await cliThreads(config, since)) : 1;
  if (threads > 1) {
    const { ExtractFilePool } = await import("../services/extractFilePool.ts");
    const pool = new ExtractFilePool(config, threads);
    try {
      await writeFileLinesInOrder(args, 64, threads, (file, url) => pool.extractFileLine(file, url));
    } finally {
      await pool.close();
    }
    return 0;
  }
  const { extractFileLine } = await import("../services/extractFileLine.ts");
  await writeFileLinesInOrder(args, 64, 1, (file, url) => extractFileLine(config, file, url));
  return 0;
}
