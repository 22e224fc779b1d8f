import type { EventLoopUtilization } from "node:perf_hooks";
import { Worker } from "node:worker_threads";
import { SpareBuffers } from "./spareBuffers.ts";
import {
  idleCores,
  machineCpu,
  nextThreadCount,
  ownShare,
  type MachineCpu,
  type ThreadWindow,
} from "./threadBudget.ts";

/** How a worker pool runs its threads. */
export interface WorkerPoolOptions<Res, Req = unknown> {
  /** The worker-thread entry (see {@link serveWorker}). */
  entry: URL;
  /** Threads working at once; more requests wait. */
  workers: number;
  /**
   * Start with one thread and add or drop threads (up to `workers`) by what the machine gives them
   * (see nextThreadCount), so that several processes on one host share its cores. A dropped thread
   * stays alive and warm, only idle, and takes work again when the pool grows.
   */
  adaptive?: boolean;
  /** An adaptive pool's rule (tests give their own); default nextThreadCount. */
  nextThreads?: (w: ThreadWindow) => number;
  /** Requests each thread holds at once (the one it reads and the next ones queued); default 2. */
  depth?: number;
  /** One request's time limit; the thread is replaced when it is exceeded. */
  timeoutMs: number;
  /**
   * Longest a new thread may take to load its modules before its requests fail (a hang's bound,
   * not the page's limit: loading took over 20 s on a loaded 2-core machine); default 5 minutes.
   */
  startLimitMs?: number;
  /** Heap cap of each thread (MB): a request that needs more fails instead of the process. */
  memoryMb: number;
  /** The answer when a request cannot be served (time or memory limit, a crash, shut down). */
  failure(message: string): Res;
  /**
   * A request's bytes (a page's body) handed to a thread in a buffer of the pool's, transferred,
   * not structured-cloned (which copied them into the message as it grew and again out of it in
   * the thread); the thread gives the buffer back with its answer (see serveWorker's `giveBack`)
   * and the pool copies the next request's bytes into it. The caller's request is left whole: a
   * request queued behind a lost thread is sent again.
   */
  bytes?: { of(req: Req): Uint8Array | undefined; with(req: Req, bytes: Uint8Array): Req };
  /** Given to each thread as `workerData` (structured-cloned once per thread). */
  workerData?: unknown;
  /**
   * Stop every thread once the pool has had no request for this long (ms; default 30 s, 0 keeps
   * them): a thread holds its own heap and loaded readers (tens of MB), which a server at rest
   * should give back. The next request starts one again (about a second of start-up).
   */
  idleMs?: number;
}

interface Job<Req, Res> {
  req: Req;
  resolve: (r: Res) => void;
}

interface Slot<Req, Res> {
  worker: Worker;
  /** Requests sent to the thread, oldest first: the thread answers them in that order. */
  sent: Map<number, Job<Req, Res>>;
  /** The time limit of the request the thread is reading now (the oldest sent). */
  timer: NodeJS.Timeout | null;
  /** The thread's CPU time (µs) and event-loop time at the adaptive pool's last look. */
  cpuUs?: number;
  elu?: EventLoopUtilization;
  /** Resolved once the thread has loaded its modules and serves requests (or is gone). */
  ready: Promise<void>;
  /** The thread has loaded its modules: a request's time limit runs from then (startTimer). */
  started?: boolean;
}

/**
 * A thread's first script: Node's on-disk compile cache (type-stripped sources and their compiled
 * code) is enabled before the entry is loaded. Started at the entry itself, the thread stripped the
 * entry's TypeScript without the cache: it loaded the stripper (amaro, ~100 ms of CPU a thread)
 * before its first page. CommonJS, as an eval'd script is; `import()` loads the ES module entry.
 */
function bootstrap(entry: URL): string {
  return `require("node:module").enableCompileCache?.(); import(${JSON.stringify(entry.href)});`;
}

/** How often an adaptive pool looks at its threads and the machine (ms). */
const ADAPT_EVERY_MS = 1000;

/**
 * Pure CPU work (page parsing: recipe extraction, Readability) in memory-capped worker threads, so
 * that it never blocks a process's event loop (queue heartbeats, HTTP, other jobs' I/O) and a
 * worker process uses every core. A request that takes too long or runs out of memory gets
 * `failure(...)` and its thread is replaced. Hand-written (about 150 lines) because the pool
 * libraries add a dependency for what worker_threads' resourceLimits already do.
 *
 * Each thread holds up to `depth` requests (default 2): the next page is already in the thread's
 * queue when it answers one, so it never waits for this thread to read the answer and send more
 * (a busy event loop here would otherwise leave the core idle between pages).
 */
export class WorkerPool<Req, Res> {
  private readonly opts: WorkerPoolOptions<Res, Req>;
  private readonly depth: number;
  /** Most threads (`workers`, lowered by keep). */
  private max: number;
  private readonly slots: Slot<Req, Res>[] = [];
  private readonly waiting: Job<Req, Res>[] = [];
  private closed = false;
  private seq = 0;
  /** Threads that get work: the first `limit` slots (all of them unless adaptive). */
  private limit: number;
  private backlogged = false;
  private adaptTimer: NodeJS.Timeout | null = null;
  private adapting = false;
  private machineAt: MachineCpu | null = null;
  private wantedFewer = false;
  /** The machine's idle cores over the last window looked at. */
  private idleBefore: number | undefined;
  private idleTimer: NodeJS.Timeout | null = null;
  /** Buffers given back by the threads for the next requests' bytes (see `bytes`). */
  private readonly spares: SpareBuffers;

  constructor(opts: WorkerPoolOptions<Res, Req>) {
    this.opts = opts;
    this.depth = Math.max(1, opts.depth ?? 2);
    this.max = Math.max(1, opts.workers);
    this.limit = opts.adaptive ? 1 : this.max;
    // As many as can be away at once, and one more for the next request.
    this.spares = new SpareBuffers(this.max * this.depth + 1);
  }

  /** Buffers kept for requests' bytes (tests). */
  get spareBuffers(): number {
    return this.spares.size;
  }

  /** Threads that get work now. */
  get threads(): number {
    return this.limit;
  }

  /** Threads alive now (working, waiting for work, or loading). */
  get running(): number {
    return this.slots.length;
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
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    if (this.opts.adaptive && !this.adaptTimer && !this.closed) {
      // The first window starts with the first request, so the first look can already decide: a
      // lone worker's second thread came two seconds into a burst, ~10% fewer imports a second.
      this.machineAt = machineCpu();
      this.adaptTimer = setInterval(() => void this.adapt(), ADAPT_EVERY_MS);
      this.adaptTimer.unref();
    }
    while (this.waiting.length && !this.closed) {
      // An idle thread first, then a new one, then one with room in its queue.
      const active = this.slots.length > this.limit ? this.slots.slice(0, this.limit) : this.slots;
      let slot = active.find((s) => s.sent.size === 0);
      if (!slot && this.slots.length < this.limit) {
        slot = this.spawn();
        this.slots.push(slot);
      }
      slot ??= active.find((s) => s.sent.size < this.depth);
      if (!slot) {
        this.backlogged = true;
        return;
      }
      const job = this.waiting.shift()!;
      const seq = ++this.seq;
      slot.sent.set(seq, job);
      if (slot.sent.size === 1) this.startTimer(slot);
      const bytes = this.opts.bytes?.of(job.req);
      if (bytes) {
        const copy = this.spares.copy(bytes);
        slot.worker.postMessage({ seq, req: this.opts.bytes!.with(job.req, copy) }, [copy.buffer]);
      } else slot.worker.postMessage({ seq, req: job.req });
    }
    const idleMs = this.opts.idleMs ?? 30_000;
    if (idleMs > 0 && !this.closed && this.slots.length && this.slots.every((s) => !s.sent.size)) {
      this.idleTimer = setTimeout(() => this.release(), idleMs);
      this.idleTimer.unref();
    }
  }

  /** Stops every thread of a pool without work; an adaptive pool starts again from one thread. */
  private release(): void {
    this.idleTimer = null;
    if (this.waiting.length || this.slots.some((s) => s.sent.size)) return;
    if (this.adaptTimer) clearInterval(this.adaptTimer);
    this.adaptTimer = null;
    if (this.opts.adaptive) this.limit = 1;
    this.machineAt = null;
    this.idleBefore = undefined;
    this.wantedFewer = false;
    this.spares.clear();
    for (const slot of this.slots.splice(0)) void slot.worker.terminate();
  }

  /**
   * Starts the threads now, up to `threads` of them (default all), not on the first requests, and
   * resolves once each serves requests or is gone: a caller with work of its own in this thread
   * hands work over only to a ready thread.
   */
  async start(threads = this.limit): Promise<void> {
    while (!this.closed && this.slots.length < Math.min(threads, this.limit)) this.slots.push(this.spawn());
    await Promise.all(this.slots.map((s) => s.ready));
  }

  /**
   * Keeps at most `n` threads (at least one) from now on; threads beyond it holding no request
   * stop at once (a caller that started threads before it knew how many cores it may use).
   */
  keep(n: number): void {
    this.max = Math.max(1, n);
    this.limit = Math.min(this.limit, this.max);
    for (const slot of this.slots.filter((s) => !s.sent.size).slice(0, this.slots.length - this.max)) {
      this.slots.splice(this.slots.indexOf(slot), 1);
      void slot.worker.terminate();
    }
  }

  private spawn(): Slot<Req, Res> {
    const worker = new Worker(bootstrap(this.opts.entry), {
      eval: true,
      // Its own young generation, whatever the process's: a page's parse makes many short-lived
      // objects, and the server may run with a small one to rest in little memory.
      resourceLimits: { maxOldGenerationSizeMb: this.opts.memoryMb, maxYoungGenerationSizeMb: 48 },
      workerData: this.opts.workerData,
      stdout: false,
      stderr: false,
    });
    worker.unref();
    let isReady = () => {};
    const ready = new Promise<void>((r) => (isReady = r));
    const slot: Slot<Req, Res> = { worker, sent: new Map(), timer: null, ready };
    worker.on("message", (m: { seq?: number; result: Res; back?: ArrayBuffer }) => {
      if (m.back) this.spares.keep(m.back);
      if (m.seq === undefined) {
        slot.started = true;
        isReady();
        if (slot.sent.size) this.startTimer(slot);
      } else this.answered(slot, m.seq, m.result);
    });
    worker.once("exit", () => isReady());
    worker.once("error", (err: Error) =>
      this.lost(
        slot,
        (err as { code?: string }).code === "ERR_WORKER_OUT_OF_MEMORY"
          ? `reading the page needed more than ${this.opts.memoryMb} MB`
          : `the reader failed: ${err.message}`,
      ),
    );
    worker.once("exit", () => this.lost(slot, "the reader stopped"));
    return slot;
  }

  /**
   * One look of an adaptive pool: the CPU its working threads got while they had work, the
   * machine's idle cores, whether requests waited; then one thread more, fewer or the same.
   */
  private async adapt(): Promise<void> {
    if (this.adapting) return;
    this.adapting = true;
    try {
      await this.look();
    } catch {
      // A look that fails changes nothing: the threads stay as they are until the next one.
    } finally {
      this.adapting = false;
    }
  }

  private async look(): Promise<void> {
    const machine = machineCpu();
    const since = this.machineAt;
    this.machineAt = machine;
    const active = this.slots.slice(0, this.limit);
    let cpuMs = 0;
    let busyMs = 0;
    await Promise.all(
      active.map(async (s) => {
        // A thread that just ended rejects, and Node before 24.6 has no thread CPU time: then the
        // window has no share to tell, and only idle cores move the count.
        const cpu =
          typeof s.worker.cpuUsage === "function"
            ? await s.worker.cpuUsage().then(
                (u) => u.user + u.system,
                () => undefined,
              )
            : undefined;
        const elu = s.worker.performance.eventLoopUtilization();
        if (cpu !== undefined && s.cpuUs !== undefined && s.elu) {
          cpuMs += (cpu - s.cpuUs) / 1000;
          busyMs += s.worker.performance.eventLoopUtilization(elu, s.elu).active;
        }
        s.cpuUs = cpu;
        s.elu = elu;
      }),
    );
    const backlogged = this.backlogged;
    this.backlogged = this.waiting.length > 0;
    if (!since || this.closed) return;
    const idle = idleCores(since, machine);
    const idleBefore = this.idleBefore;
    this.idleBefore = idle;
    const next = (this.opts.nextThreads ?? nextThreadCount)({
      threads: this.limit,
      max: this.max,
      backlogged,
      idleCores: idle,
      idleBefore,
      own: ownShare(since, machine),
      // Too little work in the window to tell: no evidence of contention.
      share: busyMs >= ADAPT_EVERY_MS / 10 ? cpuMs / busyMs : 1,
    });
    // Fewer threads only after two looks in a row ask for it: a burst of submissions keeps the API
    // busy for a second, and one such window took a lone worker down to one thread (~10% fewer
    // imports a second until the next look).
    const fewer = next < this.limit;
    const confirmed = fewer && this.wantedFewer;
    this.wantedFewer = fewer && !confirmed;
    if (next === this.limit || (fewer && !confirmed)) return;
    this.limit = next;
    // The next look measures the new count from its start.
    this.machineAt = null;
    for (const s of this.slots) s.elu = undefined;
    this.pump();
  }

  /**
   * The limit runs from when the thread starts reading the request: not from when it was queued,
   * nor while a new thread still loads its modules (over 20 s on a loaded 2-core machine, which
   * failed the first page of a thread started for it). A thread that never finishes loading is
   * let go after `startLimitMs`.
   */
  private startTimer(slot: Slot<Req, Res>): void {
    if (slot.timer) clearTimeout(slot.timer);
    if (!slot.started) {
      slot.timer = setTimeout(
        () => this.lost(slot, "the reader did not start"),
        this.opts.startLimitMs ?? 300_000,
      );
      return;
    }
    slot.timer = setTimeout(
      () => this.lost(slot, `reading the page took longer than ${Math.round(this.opts.timeoutMs / 1000)} s`),
      this.opts.timeoutMs,
    );
  }

  private answered(slot: Slot<Req, Res>, seq: number, result: Res): void {
    const job = slot.sent.get(seq);
    if (!job) return;
    slot.sent.delete(seq);
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    if (slot.sent.size) this.startTimer(slot);
    job.resolve(result);
    this.pump();
  }

  /**
   * The thread is gone (crash, memory, time limit) or must go: the request it was reading gets the
   * failure; the ones queued behind it never started and go back to the front of the line.
   */
  private lost(slot: Slot<Req, Res>, message: string): void {
    const i = this.slots.indexOf(slot);
    if (i < 0) return;
    this.slots.splice(i, 1);
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    void slot.worker.terminate();
    const [current, ...queued] = [...slot.sent.values()];
    slot.sent.clear();
    if (this.closed) for (const j of queued) j.resolve(this.opts.failure("the reader is shut down"));
    else this.waiting.unshift(...queued);
    current?.resolve(this.opts.failure(this.closed ? "the reader is shut down" : message));
    this.pump();
  }

  /** Answers waiting and unanswered requests with a failure and stops the threads. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    if (this.adaptTimer) clearInterval(this.adaptTimer);
    this.adaptTimer = null;
    for (const j of this.waiting.splice(0)) j.resolve(this.opts.failure("the reader is shut down"));
    const slots = this.slots.splice(0);
    for (const s of slots) {
      if (s.timer) clearTimeout(s.timer);
      for (const j of s.sent.values()) j.resolve(this.opts.failure("the reader is shut down"));
      s.sent.clear();
    }
    await Promise.all(slots.map((s) => s.worker.terminate()));
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
  /**
   * The request's buffer to give back with the answer (a pool's `bytes`, read by then): it goes
   * back transferred, for the next request. Nothing of the answer may be a view on it.
   */
  giveBack?: (req: Req) => ArrayBuffer | undefined,
): Promise<void> {
  const { parentPort } = await import("node:worker_threads");
  parentPort!.on("message", (msg: { seq: number; req: Req }) => {
    const answer = (result: Res) => {
      const back = giveBack?.(msg.req);
      if (back?.byteLength) parentPort!.postMessage({ seq: msg.seq, result, back }, [back]);
      else parentPort!.postMessage({ seq: msg.seq, result });
    };
    let result: Res | Promise<Res>;
    try {
      result = handle(msg.req);
    } catch (err) {
      result = onError((err as Error).message);
    }
    if (result instanceof Promise) result.then(answer, (err: Error) => answer(onError(err.message)));
    else answer(result);
  });
  // No `seq`: the thread is ready (see WorkerPool.start).
  parentPort!.postMessage({});
}
