import type { JobQueue } from "./queue.ts";
import type { JobDefinition } from "./jobTypes.ts";
import type { ReconcilerFamily } from "./reconciler.ts";

/**
 * One background job as a family hands it to the composition root: the queue it declares, how a
 * worker process takes it, and its rows the reconciler compares with the queue. The root loops over
 * every family's jobs the same way, so adding a job touches only the family that owns it.
 */
export interface WorkerJob {
  /**
   * Declared when the queue opens: a send inside a creating transaction must never open the queue
   * on another connection (on the embedded database that waits forever).
   */
  readonly definition?: JobDefinition<never>;
  /** Starts taking the job in a worker process (handlers, or a cron schedule). */
  start(queue: JobQueue): Promise<void>;
  /** The family's rows that mirror these jobs, kept honest by the reconciler. */
  readonly reconcile?: ReconcilerFamily;
}
