import { z } from "zod";
import type { JobDefinition } from "../../queue/jobTypes.ts";

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

/** A task's run on the queue: the task id is the job key, so a task is never queued twice at once. */
export const TASK_JOB: JobDefinition<TaskJob> = {
  /** Runs one task's phases. */
  name: "ladle-task",
  schema: zTaskJob,
  options: TASK_QUEUE_OPTIONS,
};
