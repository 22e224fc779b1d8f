import { setTimeout as sleep } from "node:timers/promises";
import PQueue from "p-queue";

export interface LimiterOptions {
  /** Requests in flight at once, all domains; default 16. */
  globalConcurrency: number;
  /** Requests in flight at once per domain; default 2. */
  perDomainConcurrency: number;
  /** At most this many request starts per domain per interval (a burst); default 5. */
  perDomainIntervalCap: number;
  /** The interval, ms; default 5000 (so 1 request/s sustained, bursts of 5). 0 disables. */
  perDomainIntervalMs: number;
}

/** Per-domain rate and concurrency caps under one global concurrency cap (p-queue). */
export class DomainLimiter {
  private readonly opts: LimiterOptions;
  private readonly global: PQueue;
  private readonly domains = new Map<string, { queue: PQueue; delayMs: number }>();

  constructor(opts: LimiterOptions) {
    this.opts = opts;
    this.global = new PQueue({ concurrency: opts.globalConcurrency });
  }

  private queueFor(domain: string, crawlDelayMs: number): PQueue {
    const cur = this.domains.get(domain);
    if (cur && cur.delayMs === crawlDelayMs) return cur.queue;
    // A Crawl-delay means one request at a time, the delay after each (see `run`), whatever the
    // burst setting.
    const queue =
      crawlDelayMs > 0
        ? new PQueue({ concurrency: 1 })
        : this.opts.perDomainIntervalMs > 0
          ? new PQueue({
              concurrency: this.opts.perDomainConcurrency,
              interval: this.opts.perDomainIntervalMs,
              intervalCap: this.opts.perDomainIntervalCap,
            })
          : new PQueue({ concurrency: this.opts.perDomainConcurrency });
    this.domains.set(domain, { queue, delayMs: crawlDelayMs });
    return queue;
  }

  /**
   * Runs `fn` once the domain's rate and both concurrency caps allow. `signal` gives up waiting
   * (the promise rejects and nothing runs); a higher `priority` goes before others of the domain.
   */
  run<T>(
    domain: string,
    crawlDelayMs: number,
    fn: () => Promise<T>,
    o: { signal?: AbortSignal; priority?: number } = {},
  ): Promise<T> {
    // The domain slot is taken first so a domain waiting out its rate holds no global slot.
    const queue = this.queueFor(domain, crawlDelayMs);
    const task = () => this.global.add(fn, o.signal ? { signal: o.signal } : {}) as Promise<T>;
    const options = { ...(o.signal ? { signal: o.signal } : {}), priority: o.priority ?? 0 };
    if (crawlDelayMs <= 0) return queue.add(task, options) as Promise<T>;
    // A Crawl-delay counts from the end of the previous request, not its start: the site then sees
    // at least the delay between answering one request and the next arriving, whatever the
    // network's delays (a start-to-start interval let a slow first request land closer). The caller
    // has its answer at once; the domain's slot is held for the delay after it.
    return new Promise<T>((resolve, reject) => {
      queue
        .add(async () => {
          await task().then(resolve, reject);
          await sleep(crawlDelayMs, undefined, { ref: false });
        }, options)
        .catch(reject);
    });
  }

  /** Requests waiting or running, for metrics. */
  pending(): number {
    return this.global.pending + this.global.size;
  }
}
