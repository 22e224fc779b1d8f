import os from "node:os";
import { loadConfig, type Config } from "../config.ts";
import { freeCores, machineCpu, type MachineCpu } from "../extract/threadBudget.ts";
import type { ExtractFilePool } from "../services/imports/extractFilePool.ts";
import { FileLineQueue, parseHtmlFilesArgs } from "./htmlFiles.ts";

/** The machine's and this process's CPU time at a moment (see threadBudget.ts), and when. */
interface CpuTimes {
  cpu: MachineCpu;
  at: number;
}

function cpuNow(): CpuTimes {
  return { cpu: machineCpu(), at: performance.now() };
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
  if (os.availableParallelism() < 2) return 1;
  // A window of at least 100 ms (the kernel counts CPU time in 10 ms ticks).
  const wait = 100 - (performance.now() - since.at);
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  return Math.min(os.availableParallelism(), freeCores(since.cpu, machineCpu()));
}

// Pages each pool thread holds at once: this thread answers its messages only between its own
// pages, so a thread needs more than the next page queued to stay busy meanwhile. Four ran dry
// whenever one of this thread's pages took longer than four of the thread's (a cold page, a long
// one): over the 512 corpus pages the pool thread sat idle a median 7.7% of its time (2-11%),
// 1.4% with sixteen (0.6-3.2%). Sixteen only while many files are left: near the end of the list
// a pool thread holds four at most, so that this thread, out of files, does not wait for a dozen
// pages queued in the other.
const POOL_DEPTH = 16;
const POOL_TAIL_DEPTH = 4;
// Files left below which the lanes beyond POOL_TAIL_DEPTH stop taking files.
const POOL_TAIL = 64;
// Files left from which pool threads get files before they have loaded (what this thread extracts
// in the ~400 ms a thread needs to load and warm up is far fewer).
const EARLY_HANDOFF = 128;

/**
 * `ladle extract [--base-url URL] FILE...`: offline extraction, one NDJSON line per file on
 * stdout, in the order given; a broken file gives an `ok: false` line and never stops the rest.
 * Files are decoded by their BOM or `<meta charset>`, like fetched pages. This thread starts
 * extracting at once; with several files, pool threads on the idle cores (measured meanwhile,
 * src/services/extractFilePool.ts) join once they have loaded and take files from the same queue.
 */
export async function extractCommand(argv: string[]): Promise<number> {
  const since = cpuNow();
  const args = parseHtmlFilesArgs("extract", argv);
  if (args === 2) return 2;
  // A bad configuration stops here naming the key (ConfigError → exit 2), as for every command.
  const config: Config = loadConfig();
  const queue = new FileLineQueue(args);
  const helpers = new PoolHelpers();
  if (args.files.length > 1) void helpers.join(config, since, queue);
  try {
    const { extractFileLine } = await import("../services/imports/extractFileLine.ts");
    // A file is read and extracted here with no I/O to wait for (see extractFileLine): this thread
    // turns to its event loop between files (setImmediate), so that the pool threads' lines are
    // taken and they get their next files meanwhile, and lines go out as they are done.
    const here = queue.work(async (file, url) => {
      await new Promise((r) => setImmediate(r));
      return extractFileLine(config, file, url);
    });
    await queue.write(64);
    await here;
  } finally {
    await helpers.close();
  }
  return 0;
}

/**
 * Pool threads for the cores left idle besides this thread's: the first started at once (loading
 * the modules takes a thread about 150 ms of CPU) while the idle cores are measured and this
 * thread extracts; kept only on cores found idle, each takes files from the queue once loaded.
 * Closed as soon as the files are done, even while still loading: a short run never waits for them.
 */
class PoolHelpers {
  private pool: ExtractFilePool | null = null;
  private closed = false;

  async join(config: Config, since: CpuTimes, queue: FileLineQueue): Promise<void> {
    const most = Math.min(queue.left, (config.Server.CpuConcurrency || os.availableParallelism()) - 1);
    if (most < 1) return;
    const { ExtractFilePool } = await import("../services/imports/extractFilePool.ts");
    if (this.closed) return;
    const pool = (this.pool = new ExtractFilePool(config, most, POOL_DEPTH));
    // One thread on speculation (all a two-core machine has), the others once the cores are known
    // idle: a busy many-core machine would pay every thread's loading for nothing.
    void pool.start(1);
    let kept = true;
    const lineFor = (file: string, url: string) => pool.extractFileLine(file, url);
    const lanes: Promise<void>[] = [];
    // A thread's lanes (requests it holds at once): the first POOL_TAIL_DEPTH to the end of the
    // list, the others while many files are left; none takes another file once the pool is dropped.
    const addLanes = (from: number, to: number) => {
      for (let i = from; i < to && !this.closed; i++)
        lanes.push(
          queue.work(lineFor, () => kept && (i % POOL_DEPTH < POOL_TAIL_DEPTH || queue.left > POOL_TAIL)),
        );
    };
    // On a long list the speculative thread is given its files at once, queued before it has
    // loaded, so that it starts on them as soon as it has: given them only once the idle cores were
    // measured, it waited for this thread's first page, whose cold ~0.3 s holds the event loop
    // (the measuring window's timer fires after it). Only when it is the one pool thread there may
    // be (with more, the pool would start a thread per file waiting), and when it will be kept:
    // set so, or the machine idle over the moment since the command started (a short, coarse look;
    // on a machine it finds busy the thread is given files once measured, as before: a thread then
    // dropped after its first files had cost 10% more CPU over the 512 pages, its pages cold). A
    // short list is all done here by then, so no file of it waits for a thread still loading.
    const sureToKeep = config.Server.CpuConcurrency > 0 || freeCores(since.cpu, machineCpu()) > 1;
    const early = most === 1 && queue.left >= EARLY_HANDOFF && sureToKeep;
    if (early) addLanes(0, POOL_DEPTH);
    // Our own threads' CPU time counts as free cores: another busy process takes a share of it.
    const threads = Math.min(queue.left, (await cliThreads(config, since)) - 1);
    if (this.closed) return;
    if (threads < 1) {
      // Not kept: it ends the files it was given and takes no more.
      kept = false;
      await Promise.all(lanes);
      return void (await this.close());
    }
    pool.keep(threads);
    const started = pool.start();
    if (!early) await started;
    addLanes(early ? POOL_DEPTH : 0, threads * POOL_DEPTH);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.pool?.close();
  }
}
