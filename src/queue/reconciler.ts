import type { Logger } from "pino";
import { fail, type Failure } from "../errors.ts";
import { metrics } from "../metrics.ts";
import type { JobQueue } from "./queue.ts";

/**
 * One family's rows that the reconciler watches. A family whose jobs are sent with the row id as
 * the key (`queue.send(def, data, { key: row.id })`, or `<row id>:<attempt…>` when a row has several
 * jobs in turn, as articles do) hands one with its job (`WorkerJob.reconcile`, queue/workerJob.ts),
 * which the composition root registers:
 *
 * ```ts
 * reconcile: {
 *   family: "import-jobs",
 *   queue: IMPORT_JOB.name,
 *   findStale: (before, limit) => repo.findUnfinishedSince(before, limit), // [{ id, requeues }]
 *   requeue: (id) => queue.send(IMPORT_JOB, { id }, { key: id }),
 *   failDead: (id, failure) => repo.failIfUnfinished(id, failure),       // true when it failed it
 * },
 * ```
 */
export interface ReconcilerFamily {
  /** Name in logs and metrics. */
  family: string;
  /** The pg-boss queue its jobs go to (`JobDefinition.name`). */
  queue: string;
  /**
   * Rows not in a final state and unchanged since `before`, oldest first (at most `limit`), with
   * how many times the reconciler already re-queued each (kept by the family, e.g. in metadata).
   */
  findStale(before: Date, limit: number): Promise<{ id: string; requeues: number }[]>;
  /** Sends the row's job again (and counts the re-queue). */
  requeue(id: string, requeues: number): Promise<unknown>;
  /** Fails the row with `failure` if it is still unfinished; true when it did. */
  failDead(id: string, failure: Failure): Promise<boolean>;
}

export interface ReconcilerOptions {
  /** A row must be unchanged this long before it is judged (a job may be on its way). Default 60 s. */
  staleAfterMs: number;
  /** Re-queues of one row before it is failed instead. Default 3. */
  maxRequeues: number;
  /** Rows per family per run. Default 500. */
  batch: number;
}

export interface ReconcileReport {
  [family: string]: { requeued: number; failed: number };
}

// Job states in which the row will still be worked on: nothing to do.
const LIVE = new Set(["created", "retry", "active"]);

/**
 * Task state is the truth: rows whose job vanished (never sent, deleted, completed without a final
 * state) are re-queued; rows whose job is dead (failed after its retries, typically workers killed
 * under it) fail with WORKER_CRASHED, the attempts and last error in the details. Runs on the shared
 * scheduler (one run per minute across processes) and on demand.
 */
export class Reconciler {
  private readonly families = new Map<string, ReconcilerFamily>();
  private readonly queue: JobQueue;
  private readonly log: Logger;
  private readonly opts: ReconcilerOptions;
  private readonly now: () => Date;

  constructor(
    queue: JobQueue,
    log: Logger,
    opts: Partial<ReconcilerOptions> = {},
    now: () => Date = () => new Date(),
  ) {
    this.queue = queue;
    this.log = log;
    this.now = now;
    this.opts = { staleAfterMs: 60_000, maxRequeues: 3, batch: 500, ...opts };
  }

  /** Adds a family (a second registration of the same name replaces the first). */
  register(family: ReconcilerFamily): void {
    this.families.set(family.family, family);
  }

  /** Reconciles every family once. `staleAfterMs` overrides the configured age (tests use 0). */
  async runOnce(opts: { staleAfterMs?: number } = {}): Promise<ReconcileReport> {
    const report: ReconcileReport = {};
    const before = new Date(this.now().getTime() - (opts.staleAfterMs ?? this.opts.staleAfterMs));
    for (const f of this.families.values()) {
      const r = { requeued: 0, failed: 0 };
      report[f.family] = r;
      try {
        const stale = await f.findStale(before, this.opts.batch);
        if (!stale.length) continue;
        const jobs = await this.queue.newestJobs(
          f.queue,
          stale.map((s) => s.id),
        );
        for (const row of stale) {
          const job = jobs.get(row.id) ?? null;
          if (job && LIVE.has(job.state)) continue;
          if (job?.state === "failed" || row.requeues >= this.opts.maxRequeues) {
            const failure = fail(
              "WORKER_CRASHED",
              job?.state === "failed"
                ? `The worker running this stopped ${job.attempts} time(s) without finishing; submit it again.`
                : `The job was lost ${row.requeues} time(s); submit it again.`,
              {
                attempts: job?.attempts ?? 0,
                lastError: job?.lastError ?? null,
                jobState: job?.state ?? null,
                requeues: row.requeues,
              },
            );
            if (await f.failDead(row.id, failure)) {
              r.failed++;
              metrics.reconcilerActions.inc({ family: f.family, action: "failed" });
              this.log.warn(
                { family: f.family, id: row.id, ...failure.details },
                "reconciler failed a dead row",
              );
            }
          } else {
            await f.requeue(row.id, row.requeues + 1);
            r.requeued++;
            metrics.reconcilerActions.inc({ family: f.family, action: "requeued" });
            this.log.warn(
              { family: f.family, id: row.id, jobState: job?.state ?? null, requeues: row.requeues + 1 },
              "reconciler re-queued a row with no live job",
            );
          }
        }
      } catch (err) {
        this.log.error({ err, family: f.family }, "reconciler run failed");
      }
    }
    return report;
  }
}
