/**
 * When a batch is written: `{ gatherMs }` waits that long for others to join (writes of one
 * moment that are not asked for in the same turn); `"turn"` writes after the current turn of the
 * event loop (writes started together, e.g. the jobs of one queue fetch).
 */
export type Gather = { gatherMs: number } | "turn";

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

  constructor(write: (batch: In[]) => Promise<Out[]>, gather: Gather) {
    this.writeBatch = write;
    this.gather = gather;
  }

  /** Resolves with `write`'s answer for this item once its batch is written. */
  write(item: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      this.queued.push({ item, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
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
    if (this.gather === "turn") setImmediate(run);
    else setTimeout(run, this.gather.gatherMs);
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
