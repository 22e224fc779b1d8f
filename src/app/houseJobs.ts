import type { WorkerJob } from "../queue/workerJob.ts";

/** Periodic housekeeping (maintenance.ts): draft expiry, artifact and key retention, curated refresh. */
const MAINTENANCE_QUEUE = "ladle-maintenance";
/** Every 10 minutes. */
const MAINTENANCE_CRON = "*/10 * * * *";

/** Every family's reconciler (src/queue/reconciler.ts), once per period across processes. */
const RECONCILE_QUEUE = "ladle-reconcile";
/** Every minute: rows whose job vanished or died are put right within about a minute. */
const RECONCILE_CRON = "* * * * *";

/**
 * Work of the whole house rather than of one family, started like every family's jobs: the
 * maintenance round and the reconciler's rounds.
 */
export function houseJobs(maintenance: () => Promise<void>, reconcile: () => Promise<void>): WorkerJob[] {
  return [
    { start: (q) => q.workPeriodic(MAINTENANCE_QUEUE, MAINTENANCE_CRON, maintenance) },
    { start: (q) => q.workPeriodic(RECONCILE_QUEUE, RECONCILE_CRON, reconcile) },
  ];
}
