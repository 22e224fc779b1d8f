/** Queue names. */
export const QUEUES = {
  /** Runs one task's phases. Job key: the task id. */
  task: "ladle-task",
  /** Periodic housekeeping: draft expiry and artifact retention. */
  maintenance: "ladle-maintenance",
  /** Every family's reconciler (src/queue/reconciler.ts), once per period across processes. */
  reconcile: "ladle-reconcile",
  /** Scheduled backups (`Backups:Schedule`), one run per period across processes. */
  backup: "ladle-backup",
} as const;

/** Every 10 minutes. */
export const MAINTENANCE_CRON = "*/10 * * * *";

/** Every minute: rows whose job vanished or died are put right within about a minute. */
export const RECONCILE_CRON = "* * * * *";
