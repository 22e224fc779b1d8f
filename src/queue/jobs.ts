import { z } from "zod";

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

/** Payload of a `ladle-task` job. */
export const zTaskJob = z.object({ taskId: z.string().min(1) });
export type TaskJob = z.infer<typeof zTaskJob>;

/** Queue semantics, written where declared (graphile-worker habit). */
export const TASK_QUEUE_OPTIONS = {
  /** Attempts after the first, for infrastructure failures (an expected failure fails the task, not the job). */
  retryLimit: 2,
  retryDelay: 1,
  retryBackoff: true,
  /** A worker that dies stops heartbeating; its job is retried after this long (pg-boss minimum 10 s). */
  heartbeatSeconds: 10,
  /** Hard bound on one attempt. */
  expireInSeconds: 15 * 60,
  /** Completed jobs kept for a day for inspection. */
  deleteAfterSeconds: 24 * 3600,
} as const;

/** Every 10 minutes. */
export const MAINTENANCE_CRON = "*/10 * * * *";

/** Every minute: rows whose job vanished or died are put right within about a minute. */
export const RECONCILE_CRON = "* * * * *";
