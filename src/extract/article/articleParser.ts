import { WorkerPool } from "../workerPool.ts";
import type { ReadArticleOptions, ReadArticleResult } from "./readArticle.ts";

export interface ArticleParserOptions {
  /** Worker threads reading pages at once. */
  workers: number;
  /** One page's time limit; the worker is replaced when it is exceeded. */
  timeoutMs: number;
  /** Heap cap of each worker (MB): a page that needs more fails instead of the process. */
  memoryMb: number;
  /** Passed to readArticle. */
  read: Omit<ReadArticleOptions, "newImageId">;
}

/**
 * Runs readArticle in memory-capped worker threads so that jsdom and Readability never block the
 * worker process's event loop (queue heartbeats, HTTP). A page that takes too long or runs out of
 * memory fails with E_EXTRACT_NO_CONTENT and its worker is replaced.
 */
export class ArticleParser {
  private readonly pool: WorkerPool<
    { html: string; url: string; opts: ArticleParserOptions["read"] },
    ReadArticleResult
  >;
  private readonly read: ArticleParserOptions["read"];

  constructor(opts: ArticleParserOptions) {
    this.read = opts.read;
    this.pool = new WorkerPool<
      { html: string; url: string; opts: ArticleParserOptions["read"] },
      ReadArticleResult
    >({
      entry: new URL("./articleWorker.ts", import.meta.url),
      workers: opts.workers,
      // One page per thread: a page queued behind another would count against the heap cap of
      // the one being read (Readability's DOM is large), so a page that fits alone could fail.
      depth: 1,
      timeoutMs: opts.timeoutMs,
      memoryMb: opts.memoryMb,
      failure: (message) => ({
        ok: false,
        code: "E_EXTRACT_NO_CONTENT",
        message: `The page could not be read: ${message}.`,
      }),
    });
  }

  /** Reads one page in a worker thread. */
  parse(html: string, url: string): Promise<ReadArticleResult> {
    return this.pool.run({ html, url, opts: this.read });
  }

  async close(): Promise<void> {
    await this.pool.close();
  }
}
