import type { JobWithMetadata, PgBoss } from "pg-boss";
import { metrics } from "../metrics.ts";
import { traceJob } from "../telemetry.ts";
import { JobReleased, lostWithItsProcess, type JobDefinition, type JobHandler } from "./jobTypes.ts";

/**
 * Runs one family's jobs in this process: claims as many jobs as there are free slots in one
 * fetch, runs each on its own (a slow job never holds the others' slots or their completion),
 * settles each as it ends, and fetches again at once while there is work: on a notification, on a
 * slot freeing after a full fetch (`refill` slots, while others still run), or at the backstop poll.
 */
/** Longest wait between attempts to reach the database while it is away. */
export const MAX_BACKOFF_MS = 30_000;
/** How long a finished job waits for others to share its completion write. */
const COMPLETE_BATCH_MS = 5;

/** What a dispatcher uses of its JobQueue (named here so this file does not import queue.ts). */
export interface DispatcherHost {
  readonly boss: PgBoss;
  /** pg-boss's schema (where a handler's own statement finds its job's row). */
  readonly schema: string;
  release(name: string, ids: string[]): Promise<void>;
  forgive(name: string, id: string): Promise<void>;
  reportError(err: Error): void;
}

export class Dispatcher<T> {
  private readonly running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  private stopping = false;
  private more = true;
  private wakeUp: (() => void) | null = null;
  private loop: Promise<void> | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  /** Fetches failed in a row (the database away), for the backoff. */
  private failedFetches = 0;

  private readonly queue: DispatcherHost;
  private readonly def: JobDefinition<T>;
  private readonly concurrency: number;
  private readonly handler: JobHandler<T>;
  private readonly batchSize: number;
  private readonly pollMs: number;
  private readonly share: number;
  /** Until then the fair pass is skipped: it last came back empty (see `claim`). */
  private fairIdleUntil = 0;
  /** A job was sent since the last fair pass (maybe a new owner's): the next fetch runs it. */
  private fairDue = true;
  /**
   * The last look found no job at all: until a job is sent, the backstop poll's look is the plain
   * pass alone (an idle family cost two statements a poll, seven families a fifth of a busy
   * worker's statements, and the whole of an idle one's).
   */
  private seenEmpty = false;
  /** Owners of the jobs the last fetch claimed: the next fair pass looks past them (see `claim`). */
  private served: string[] = [];
  /** The last fetch filled every slot it asked for: more jobs are likely queued (see `refill`). */
  private backlog = false;
  private readonly refill: number;

  constructor(
    queue: DispatcherHost,
    def: JobDefinition<T>,
    concurrency: number,
    handler: JobHandler<T>,
    batchSize: number,
    pollMs: number,
    share: number,
    /**
     * While a backlog is queued, the fewest free slots a fetch waits for (1: every freed slot is
     * fetched for at once). See `run`.
     */
    refill = 1,
  ) {
    this.queue = queue;
    this.def = def;
    this.concurrency = concurrency;
    this.handler = handler;
    this.batchSize = batchSize;
    this.pollMs = pollMs;
    this.share = share;
    this.refill = Math.max(1, Math.min(refill, concurrency, batchSize));
  }

  start(): void {
    this.loop = this.run();
    const hb = Number(this.def.options.heartbeatSeconds ?? 0);
    if (hb > 0) {
      // Refresh claims of running jobs; a process that dies stops this, and pg-boss retries its jobs.
      this.heartbeat = setInterval(
        () => {
          const ids = [...this.running.keys()];
          if (ids.length)
            this.queue.boss.touch(this.def.name, ids).catch((err: Error) => this.queue.reportError(err));
        },
        (hb * 1000) / 2,
      );
      this.heartbeat.unref();
    }
  }

  /**
   * A job may be waiting (sent, released or missed): fetch now instead of at the next poll.
   * `owner`: the sent job's, when the wake-up says it.
   */
  wake(owner?: string | null): void {
    this.more = true;
    // It may be another owner's first job: the next fetch looks for owners under their share
    // even if the last look found none, so that job waits for one freed slot, not for a timer.
    // Not for a job of an owner the last fetch served: the fair pass looks past them, so it could
    // not find this job, which the plain pass takes at the next refill. A burst of one person's
    // imports ran the fair pass, and fetched for every freed slot, on each announcement.
    if (!owner || !this.served.includes(owner)) this.fairDue = true;
    this.wakeUp?.();
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      const free = this.concurrency - this.running.size;
      // Behind a backlog, a slot freed while others still run is not fetched for alone: the
      // fetch waits until `refill` slots are free, so that one fetch, one claim of the tasks and
      // one look at their pages serve that many jobs (jobs of a CPU-bound burst end one by one,
      // and each freed slot cost those three statements for one or two jobs). A job sent
      // meanwhile (maybe a new owner's: `fairDue`) is fetched for at once, as before.
      const gathering = this.backlog && !this.fairDue && this.running.size > 0 && free < this.refill;
      if (free > 0 && this.more && !gathering) {
        this.more = false;
        const want = Math.min(free, this.batchSize);
        let jobs: JobWithMetadata<unknown>[] = [];
        try {
          jobs = await this.claim(want);
          this.failedFetches = 0;
        } catch (err) {
          this.queue.reportError(err as Error);
          // The database away: back off (poll × 2, 4… up to 30 s) instead of knocking every poll;
          // the LISTEN connection's return wakes every dispatcher at once.
          this.failedFetches++;
        }
        for (const job of jobs) this.startJob(job);
        // A full batch says more may be waiting: go again as soon as `refill` slots are free.
        this.backlog = jobs.length === want;
        if (this.backlog) this.more = true;
        if (this.more && this.running.size < this.concurrency) continue;
      }
      const wait =
        this.failedFetches > 0
          ? Math.min(MAX_BACKOFF_MS, this.pollMs * 2 ** Math.min(this.failedFetches, 10))
          : this.pollMs;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          this.more = true;
          resolve();
        }, wait);
        this.wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wakeUp = null;
    }
  }

  /**
   * Claims up to `want` jobs, fairly across owners (a job's pg-boss group is its owner): first the
   * oldest jobs of owners running fewer than their share of this family anywhere (pg-boss's own
   * group concurrency, counted in the fetch statement), then, for slots still free, the oldest of
   * anyone's, so one owner alone still uses every slot. One owner's backlog thus delays another
   * owner's job by one freed slot, not by the backlog.
   */
  private async claim(want: number): Promise<JobWithMetadata<unknown>[]> {
    const boss = this.queue.boss;
    let fair: JobWithMetadata<unknown>[] = [];
    // One owner alone (the common case) gets nothing from the fair pass: after coming back empty
    // it is skipped until a job is sent (or FAIR_RECHECK_MS pass), so a busy lone owner costs one
    // statement per fetch once their jobs are queued, and another owner's job is looked for at the
    // first fetch after it was sent. Cleared before the statement: a wake during it counts again.
    // An empty queue that nobody sent to since: a job there now was announced by no one (a retry
    // whose delay ran out), and the plain pass takes the oldest; the look after it is fair again.
    if (this.fairDue || (!this.seenEmpty && performance.now() >= this.fairIdleUntil)) {
      this.fairDue = false;
      // pg-boss limits its candidates to the `want` oldest before it counts them by owner, so
      // when a busy owner's jobs all finished between two fetches (a quiet machine, quick jobs)
      // their backlog filled the candidates and another owner's job was never among them (seen:
      // 90-100 of a backlog started before a newcomer's one). The owners just served are looked
      // past: the plain pass below still gives them every slot nobody else wants.
      fair = await boss.fetch<unknown>(this.def.name, {
        batchSize: want,
        includeMetadata: true,
        groupConcurrency: this.share,
        ...(this.served.length ? { ignoreGroups: this.served } : {}),
      });
      // It rests, after finding no owner under their share, until a job is sent (`wake`) or the
      // backstop poll's interval passes: only a fallback for a job no notification announced (a
      // retry whose delay ran out; a LISTEN connection's return wakes every family), which an idle
      // family's poll finds no sooner either. It rested 200 ms, so a lone owner's backlog, fetched
      // every 100-300 ms, paid the empty fair pass on most fetches (profile mode of the queue
      // bench: 0.096 statement an import, as many as the plain fetch).
      if (!fair.length) this.fairIdleUntil = performance.now() + this.pollMs;
    }
    const rest =
      fair.length >= want
        ? []
        : await boss.fetch<unknown>(this.def.name, { batchSize: want - fair.length, includeMetadata: true });
    const jobs = fair.length ? [...fair, ...rest] : rest;
    this.seenEmpty = !jobs.length;
    this.served = [...new Set(jobs.flatMap((j) => (j.groupId ? [j.groupId] : [])))];
    return jobs;
  }

  private startJob(job: JobWithMetadata<unknown>): void {
    const controller = new AbortController();
    const name = this.def.name;
    const started = performance.now();
    metrics.jobAge.observe(
      { family: name },
      Math.max(0, (Date.now() - new Date(job.createdOn).getTime()) / 1000),
    );
    const done = (async () => {
      let outcome: "completed" | "failed" | "released" = "completed";
      // The handler's outcome statement completed the job itself (JobContext.completed).
      let completedByHandler = false;
      try {
        const data = this.def.schema.parse(job.data);
        await traceJob(name, job.data, () =>
          this.handler(data, {
            id: job.id,
            schema: this.queue.schema,
            name,
            completed: () => {
              completedByHandler = true;
            },
            attempt: job.retryCount + 1,
            lost: job.retryCount > 0 && lostWithItsProcess(job.output),
            forgive: () => this.queue.forgive(name, job.id),
            signal: controller.signal,
          }),
        );
        if (completedByHandler) return;
        if (controller.signal.aborted) throw new JobReleased("released at shutdown");
        await this.complete(job.id);
      } catch (err) {
        if (controller.signal.aborted || err instanceof JobReleased) {
          outcome = "released";
          await this.queue.release(name, [job.id]).catch((e: Error) => this.queue.reportError(e));
        } else {
          outcome = "failed";
          const e = err as Error;
          await this.queue.boss
            .fail(name, job.id, { message: e?.message ?? String(err), name: e?.name ?? "Error" })
            .catch((e2: Error) => this.queue.reportError(e2));
        }
      } finally {
        metrics.jobsProcessed.inc({ family: name, outcome });
        metrics.jobDuration.observe({ family: name, outcome }, (performance.now() - started) / 1000);
        this.running.delete(job.id);
        // A slot freed: fetch again if the last fetch suggested more work.
        if (this.more) this.wakeUp?.();
      }
    })();
    this.running.set(job.id, { controller, done });
  }

  private completing: { ids: string[]; done: Promise<void> } | null = null;

  /**
   * Marks a job completed. Jobs finishing within the same few milliseconds share one statement
   * (at a hundred jobs a second, one completion write per job was a tenth of the database's work).
   */
  private complete(id: string): Promise<void> {
    if (!this.completing) {
      const batch: { ids: string[]; done: Promise<void> } = { ids: [], done: Promise.resolve() };
      batch.done = new Promise<void>((r) => setTimeout(r, COMPLETE_BATCH_MS)).then(async () => {
        if (this.completing === batch) this.completing = null;
        await this.queue.boss.complete(this.def.name, batch.ids);
      });
      this.completing = batch;
    }
    this.completing.ids.push(id);
    return this.completing.done;
  }

  /** Stops fetching; waits up to `graceMs` for running jobs, then aborts and releases the rest. */
  async stop(graceMs: number): Promise<void> {
    this.stopping = true;
    this.wakeUp?.();
    await this.loop;
    const all = () => Promise.all([...this.running.values()].map((r) => r.done));
    let timer: NodeJS.Timeout | undefined;
    const timedOut = await Promise.race([
      all().then(() => false),
      new Promise<boolean>((r) => (timer = setTimeout(() => r(true), graceMs))),
    ]);
    clearTimeout(timer);
    if (timedOut) {
      for (const r of this.running.values()) r.controller.abort(new JobReleased("released at shutdown"));
      await all();
    }
    if (this.heartbeat) clearInterval(this.heartbeat);
  }

  inFlight(): number {
    return this.running.size;
  }
}
