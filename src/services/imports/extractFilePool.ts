import os from "node:os";
import type { Config } from "../../config.ts";
import { fail } from "../../errors.ts";
import { WorkerPool } from "../../extract/workerPool.ts";
import type { ExtractFileResult } from "./extractFile.ts";

/**
 * One page to extract: its text, its bytes (decoded in the thread by BOM / `<meta charset>`), or a
 * saved file the thread reads itself (see {@link ExtractFilePool.extractFileLine}).
 */
export interface ExtractFileRequest {
  url: string;
  html?: string;
  body?: Uint8Array;
  file?: string;
}

/** What a thread answers: the result, or for a `file` request its NDJSON line. */
export type ExtractFileAnswer = ExtractFileResult | string;

/** What a `ladle extract` NDJSON line says of one file's result. */
export function extractLineObject(file: string, res: ExtractFileResult): object {
  return res.ok
    ? { file, ok: true, draft: res.draft }
    : { file, ok: false, code: res.code, message: res.message };
}

/** The `ladle extract` NDJSON line (with its newline) of one file's result. */
export function extractLine(file: string, res: ExtractFileResult): string {
  return JSON.stringify(extractLineObject(file, res)) + "\n";
}

/** The `ladle extract` NDJSON line of a file that could not be read or decoded. */
export function unreadableLine(file: string, err: Error): string {
  return JSON.stringify({ file, ok: false, code: "FILE_UNREADABLE", message: err.message }) + "\n";
}

/** What a pool thread is started with. */
export interface ExtractFileWorkerData {
  config: Config;
}

/** How many threads: the configured CPU concurrency, else one per core. */
export function extractThreads(config: Config): number {
  return config.Server.CpuConcurrency || os.availableParallelism();
}

/**
 * `extractFile` (extract + validate + guardrail over HTML in hand) on every core: a pool of worker
 * threads, started on the first request, each answering one page at a time; results come back in
 * whatever order the pages finish, each to its own promise (callers keep their order). Built on
 * the repository's WorkerPool (memory cap and time limit per page, a crashed thread replaced).
 * Threads load only the extraction modules.
 */
export class ExtractFilePool {
  private readonly pool: WorkerPool<ExtractFileRequest, ExtractFileAnswer>;

  /** `depth`: pages each thread holds at once (see {@link WorkerPoolOptions.depth}). */
  constructor(config: Config, threads = extractThreads(config), depth?: number) {
    const a = config.Articles;
    this.pool = new WorkerPool<ExtractFileRequest, ExtractFileAnswer>({
      entry: new URL("./extractFileWorker.ts", import.meta.url),
      workers: Math.max(1, threads),
      depth,
      timeoutMs: a.ParseTimeoutMs,
      memoryMb: a.ParseMemoryMb,
      workerData: { config } satisfies ExtractFileWorkerData,
      failure: (message) => fail("INTERNAL", `extraction crashed: ${message}`),
    });
  }

  /** Extracts one page in a pool thread; never rejects (a failure is an `ok: false` result). */
  extract(req: Omit<ExtractFileRequest, "file">): Promise<ExtractFileResult> {
    return this.pool.run(req) as Promise<ExtractFileResult>;
  }

  /**
   * The `ladle extract` NDJSON line of a saved page, read, decoded, extracted and serialized in a
   * pool thread: only the file name goes to the thread and only the line comes back. Posting the
   * page's bytes copied each page once more (a few hundred KB of fresh memory: ~15 µs per 4 KB page
   * on a VM); a draft structured-cloned back was rebuilt object by object here, then stringified.
   * Never rejects: a failure is an `ok: false` line.
   */
  async extractFileLine(file: string, url: string): Promise<string> {
    const answer = await this.pool.run({ file, url });
    return typeof answer === "string" ? answer : extractLine(file, answer);
  }

  /** Starts up to `threads` threads (default all); resolves once each is ready (see {@link WorkerPool.start}). */
  start(threads?: number): Promise<void> {
    return this.pool.start(threads);
  }

  /** Keeps at most `threads` threads (see {@link WorkerPool.keep}). */
  keep(threads: number): void {
    this.pool.keep(threads);
  }

  /** Stops the threads; requests still waiting get a failure. */
  close(): Promise<void> {
    return this.pool.close();
  }
}
