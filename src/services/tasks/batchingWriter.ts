/**
 * When a batch is written: `{ gatherMs }` waits that long for others to join (writes of one
 * moment that are not asked for in the same turn); `"turn"` writes after the current turn of the
 * event loop (writes started together, e.g. the jobs of one queue fetch).
 *
 * `streamMs`: while writes come in a stream (the one that opens a batch came less than `streamMs`
 * after the write before it), the batch gathers for `streamMs` instead of `gatherMs`. A burst's
 * tasks end one by one, each when its extraction thread is done with it (20-100 ms apart), so a
 * 10 ms window mostly held one write; a lone write (nothing came just before) still waits only
 * `gatherMs`. `maxBatch`: a batch that holds that many is written without waiting longer.
 */
export type Gather = { gatherMs: number; streamMs?: number; maxBatch?: number } | "turn";

interface Pending<In, Out> {
  item: In;
  resolve(out: Out): void;
  reject(err: unknown): void;
}

/**
 * Carries the writes of this process that arrive together in one call of `write` (one statement):
 * writes asked for within the gather window, and while the previous batch is written, share the
 * next batch. One batch at a time. `write` answers each item in the order given; when it throws,
 * every write of the batch fails. The outcome, progress and claim writers of tasks each had their
 * own copy of this scheduler. Hand-written: DataLoader, the usual batcher, starts a new batch per
 * window even while one is in flight and answers by key through a cache; these writes want one
 * statement at a time, the next one gathering meanwhile.
 */
export class BatchingWriter<In, Out> {
  private readonly writeBatch: (batch: In[]) => Promise<Out[]>;
  private readonly gather: Gather;
  private queued: Pending<In, Out>[] = [];
  private scheduled = false;
  private writing: Promise<void> | null = null;
  private timer: NodeJS.Timeout | undefined;
  /** When the last write was asked for (`streamMs`), and the gap before the one that opened the batch. */
  private lastAt = -Infinity;
  private openingGap = Infinity;

  constructor(write: (batch: In[]) => Promise<Out[]>, gather: Gather) {
    this.writeBatch = write;
    this.gather = gather;
  }

  /** Resolves with `write`'s answer for this item once its batch is written. */
  write(item: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      const now = performance.now();
      if (!this.queued.length) this.openingGap = now - this.lastAt;
      this.lastAt = now;
      this.queued.push({ item, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    const g = this.gather;
    // A full batch goes now, unless one is in flight (it goes when that one is written).
    if (g !== "turn" && g.maxBatch && this.queued.length >= g.maxBatch && this.scheduled) {
      clearTimeout(this.timer);
      this.scheduled = false;
    }
    // One batch at a time: writes asked for meanwhile join the next one.
    if (this.scheduled || this.writing) return;
    this.scheduled = true;
    const run = () => {
      this.scheduled = false;
      this.writing = this.flush().finally(() => {
        this.writing = null;
        if (this.queued.length) this.schedule();
      });
    };
    if (g === "turn") {
      setImmediate(run);
      return;
    }
    const full = !!g.maxBatch && this.queued.length >= g.maxBatch;
    const streaming = g.streamMs !== undefined && this.openingGap < g.streamMs;
    this.timer = setTimeout(run, full ? 0 : streaming ? g.streamMs : g.gatherMs);
  }

  private async flush(): Promise<void> {
    const batch = this.queued;
    this.queued = [];
    try {
      const out = await this.writeBatch(batch.map((p) => p.item));
      batch.forEach((p, i) => p.resolve(out[i] as Out));
    } catch (err) {
      for (const p of batch) p.reject(err);
    }
  }
}
