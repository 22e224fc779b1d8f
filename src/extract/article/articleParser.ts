import { Worker } from "node:worker_threads";
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

interface Slot {
  worker: Worker;
  busy: boolean;
}

interface Job {
  html: string;
  url: string;
  resolve: (r: ReadArticleResult) => void;
}

const WORKER_URL = new URL("./articleWorker.ts", import.meta.url);

/**
 * Runs readArticle in memory-capped worker threads so that jsdom and Readability never block the
 * worker process's event loop (queue heartbeats, HTTP). A page that takes too long or runs out of
 * memory fails with E_EXTRACT_NO_CONTENT and its worker is replaced. Hand-written (about 80 lines)
 * because the pool libraries add a dependency for what worker_threads' resourceLimits already do.
 */
export class ArticleParser {
  private readonly opts: ArticleParserOptions;
  private readonly slots: Slot[] = [];
  private readonly waiting: Job[] = [];
  private closed = false;
  private seq = 0;

  constructor(opts: ArticleParserOptions) {
    this.opts = opts;
  }

  /** Reads one page in a worker thread. */
  parse(html: string, url: string): Promise<ReadArticleResult> {
    if (this.closed) return Promise.resolve(failure("the article reader is shut down"));
    return new Promise((resolve) => {
      this.waiting.push({ html, url, resolve });
      this.pump();
    });
  }

  private pump(): void {
    while (this.waiting.length) {
      let slot = this.slots.find((s) => !s.busy);
      if (!slot) {
        if (this.slots.length >= this.opts.workers) return;
        slot = { worker: this.spawn(), busy: false };
        this.slots.push(slot);
      }
      this.run(slot, this.waiting.shift()!);
    }
  }

  private spawn(): Worker {
    const w = new Worker(WORKER_URL, {
      resourceLimits: { maxOldGenerationSizeMb: this.opts.memoryMb },
      stdout: false,
      stderr: false,
    });
    w.unref();
    return w;
  }

  private run(slot: Slot, job: Job): void {
    slot.busy = true;
    const seq = ++this.seq;
    const w = slot.worker;
    let settled = false;
    const finish = (result: ReadArticleResult, replace: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      w.off("message", onMessage);
      w.off("error", onError);
      w.off("exit", onExit);
      if (replace) {
        void w.terminate();
        const i = this.slots.indexOf(slot);
        if (i >= 0) this.slots.splice(i, 1);
      } else slot.busy = false;
      job.resolve(result);
      if (!this.closed) this.pump();
    };
    const onMessage = (m: { seq: number; result: ReadArticleResult }) => {
      if (m.seq === seq) finish(m.result, false);
    };
    const onError = (err: Error) =>
      finish(
        failure(
          (err as { code?: string }).code === "ERR_WORKER_OUT_OF_MEMORY"
            ? `reading the page needed more than ${this.opts.memoryMb} MB`
            : `the reader failed: ${err.message}`,
        ),
        true,
      );
    const onExit = () => finish(failure("the reader stopped"), true);
    const timer = setTimeout(
      () =>
        finish(
          failure(`reading the page took longer than ${Math.round(this.opts.timeoutMs / 1000)} s`),
          true,
        ),
      this.opts.timeoutMs,
    );
    w.on("message", onMessage);
    w.once("error", onError);
    w.once("exit", onExit);
    w.postMessage({ seq, html: job.html, url: job.url, opts: this.opts.read });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const j of this.waiting.splice(0)) j.resolve(failure("the article reader is shut down"));
    await Promise.all(this.slots.splice(0).map((s) => s.worker.terminate()));
  }
}

function failure(message: string): ReadArticleResult {
  return { ok: false, code: "E_EXTRACT_NO_CONTENT", message: `The page could not be read: ${message}.` };
}
