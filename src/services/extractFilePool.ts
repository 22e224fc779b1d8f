import os from "node:os";
import type { Config } from "../config.ts";
import { fail } from "../errors.ts";
import { WorkerPool } from "../extract/workerPool.ts";
import type { ExtractFileResult } from "./extractFile.ts";

/** One page to extract: its text, or its bytes (decoded in the thread by BOM / `<meta charset>`). */
export interface ExtractFileRequest {
  url: string;
  html?: string;
  body?: Uint8Array;
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
  private readonly pool: WorkerPool<ExtractFileRequest, ExtractFileResult>;

  constructor(config: Config, threads = extractThreads(config)) {
    const a = config.Articles;
    this.pool = new WorkerPool<ExtractFileRequest, ExtractFileResult>({
      entry: new URL("./extractFileWorker.ts", import.meta.url),
      workers: Math.max(1, threads),
      timeoutMs: a.ParseTimeoutMs,
      memoryMb: a.ParseMemoryMb,
      workerData: { config } satisfies ExtractFileWorkerData,
      failure: (message) => fail("INTERNAL", `extraction crashed: ${message}`),
    });
  }

  /** Extracts one page in a pool thread; never rejects (a failure is an `ok: false` result). */
  extract(req: ExtractFileRequest): Promise<ExtractFileResult> {
    return this.pool.run(req);
  }

  /** Stops the threads; requests still waiting get a failure. */
  close(): Promise<void> {
    return this.pool.close();
  }
}
