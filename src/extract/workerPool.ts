import { Worker } from "node:worker_threads";

/** How a worker pool runs its threads. */
export interface WorkerPoolOptions<Res> {
  /** The worker-thread entry (see {@link serveWorker}). */
  entry: URL;
  /** Threads working at once; more requests wait. */
  workers: number;
  /** One request's time limit; the thread is replaced when it is exceeded. */
  timeoutMs: number;
  /** Heap cap of each thread (MB): a request that needs more fails instead of the process. */
  memoryMb: number;
  /** The answer when a request cannot be served (time or memory limit, a crash, shut down). */
  failure(message: string): Res;
  /** Given to each thread as `workerData` (structured-cloned once per thread). */
  workerData?: unknown;
}

interface Slot {
  worker: Worker;
  busy: boolean;
}

interface Job<Req, Res> {
  req: Req;
  resolve: (r: Res) => void;
}

/**
 * Pure CPU work (page parsing: recipe extraction, Readability) in memory-capped worker threads, so
 * that it never blocks a process's event loop (queue heartbeats, HTTP, other jobs' I/O) and a
 * worker process uses every core. A request that takes too long or runs out of memory gets
 * `failure(...)` and its thread is replaced. Hand-written (about 100 lines) because the pool
 * libraries add a dependency for what worker_threads' resourceLimits already do.
 */
export class WorkerPool<Req, Res> {
  private readonly opts: WorkerPoolOptions<Res>;
  private readonly slots: Slot[] = [];
  private readonly waiting: Job<Req, Res>[] = [];
  private closed = false;
  private seq = 0;

  constructor(opts: WorkerPoolOptions<Res>) {
    this.opts = opts;
  }

  /** Runs one request in a worker thread. */
  run(req: Req): Promise<Res> {
    if (this.closed) return Promise.resolve(this.opts.failure("the reader is shut down"));
    return new Promise((resolve) => {
      this.waiting.push({ req, resolve });
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
      this.dispatch(slot, this.waiting.shift()!);
    }
  }

  private spawn(): Worker {
    const w = new Worker(this.opts.entry, {
      resourceLimits: { maxOldGenerationSizeMb: this.opts.memoryMb },
      workerData: this.opts.workerData,
      stdout: false,
      stderr: false,
    });
    w.unref();
    return w;
  }

  private dispatch(slot: Slot, job: Job<Req, Res>): void {
    slot.busy = true;
    const seq = ++this.seq;
    const w = slot.worker;
    let settled = false;
    const finish = (result: Res, replace: boolean) => {
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
    const onMessage = (m: { seq: number; result: Res }) => {
      if (m.seq === seq) finish(m.result, false);
    };
    const onError = (err: Error) =>
      finish(
        this.opts.failure(
          (err as { code?: string }).code === "ERR_WORKER_OUT_OF_MEMORY"
            ? `reading the page needed more than ${this.opts.memoryMb} MB`
            : `the reader failed: ${err.message}`,
        ),
        true,
      );
    const onExit = () => finish(this.opts.failure("the reader stopped"), true);
    const timer = setTimeout(
      () =>
        finish(
          this.opts.failure(`reading the page took longer than ${Math.round(this.opts.timeoutMs / 1000)} s`),
          true,
        ),
      this.opts.timeoutMs,
    );
    w.on("message", onMessage);
    w.once("error", onError);
    w.once("exit", onExit);
    w.postMessage({ seq, req: job.req });
  }

  /** Answers waiting requests with a failure and stops the threads. */
  async close(): Promise<void> {
    this.closed = true;
    for (const j of this.waiting.splice(0)) j.resolve(this.opts.failure("the reader is shut down"));
    await Promise.all(this.slots.splice(0).map((s) => s.worker.terminate()));
  }
}

/**
 * The worker-thread side: answers each request with `handle(req)` (its value, or what its promise
 * resolves to), or `onError(message)` when it throws or rejects. Call it from the entry module
 * given to {@link WorkerPool}.
 */
export async function serveWorker<Req, Res>(
  handle: (req: Req) => Res | Promise<Res>,
  onError: (message: string) => Res,
): Promise<void> {
  const { parentPort } = await import("node:worker_threads");
  parentPort!.on("message", (msg: { seq: number; req: Req }) => {
    const answer = (result: Res) => parentPort!.postMessage({ seq: msg.seq, result });
    let result: Res | Promise<Res>;
    try {
      result = handle(msg.req);
    } catch (err) {
      result = onError((err as Error).message);
    }
    if (result instanceof Promise) result.then(answer, (err: Error) => answer(onError(err.message)));
    else answer(result);
  });
}
