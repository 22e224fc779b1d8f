import { fail } from "../../errors.ts";
import { metrics } from "../../metrics.ts";
import type { PipelineContext } from "../../pipeline/context.ts";
import type { TaskRow } from "../../storage/schema.ts";
import type { TasksRepo } from "../../storage/tasks.repo.ts";
import type { TaskEventType } from "../../domain/task.ts";

/**
 * Attempts that died at the page (the worker's process stopped while the page's own work was
 * running) before the task fails: a page that takes its worker down every time ends failed.
 */
export const MAX_PAGE_CRASHES = 3;
/**
 * Attempts lost with their process in all, wherever they were: the bound that ends every task,
 * even one whose loss is never seen at the page (it stops its worker before its work is noted).
 */
export const MAX_LOST_ATTEMPTS = 10;

/** What the queue says of the attempt before this one (`JobContext.lost`, `forgive`). */
export interface AttemptInfo {
  lost: boolean;
  forgive(): Promise<void>;
  /**
   * The job's row (`JobContext`), when the queue runs the task: a first run's outcome statement
   * completes it, and `completed` tells the queue it need not.
   */
  id?: string;
  schema?: string;
  name?: string;
  completed?(): void;
}

interface Deps {
  readonly tasks: TasksRepo;
  publish(row: TaskRow, type: TaskEventType, extra?: Record<string, unknown>): Promise<void>;
}

/**
 * A task claimed again after its previous attempt was lost with the worker's process (a kill, a
 * crash, an out-of-memory): counted here instead of by the queue's retries, which are left for
 * failures of the task itself. Under load a worker holds many claimed tasks that wait for a CPU
 * slot, and every kill of it took a retry from each (the soak's WORKER_CRASHED at load 30: jobs
 * that lived through three kills without running). So:
 *
 * - the retry pg-boss took is given back;
 * - the loss counts against the page only if that attempt had begun the page's work, which a
 *   resumed attempt notes (one statement, on this rare path only) when its first CPU work starts;
 * - the task fails with WORKER_CRASHED after MAX_PAGE_CRASHES losses at the page, or
 *   MAX_LOST_ATTEMPTS losses anywhere.
 *
 * Returns the row to run on and the CPU runner that notes the page's work, or null when the task
 * was failed (or is no longer Running).
 */
export async function resumeAfterLoss(
  svc: Deps,
  taskId: string,
  attempt: AttemptInfo,
  cpu: PipelineContext["cpu"],
): Promise<{ row: TaskRow; cpu: NonNullable<PipelineContext["cpu"]> } | null> {
  const row = await svc.tasks.noteLoss(taskId);
  if (!row) return null;
  const m = (row.metadata ?? {}) as { losses?: number; pageCrashes?: number };
  const losses = m.losses ?? 0;
  const pageCrashes = m.pageCrashes ?? 0;
  if (pageCrashes >= MAX_PAGE_CRASHES || losses >= MAX_LOST_ATTEMPTS) {
    const failure = fail(
      "WORKER_CRASHED",
      pageCrashes >= MAX_PAGE_CRASHES
        ? `The worker stopped ${pageCrashes} times while reading this page; it is not tried again.`
        : `The worker running this stopped ${losses} times without finishing; submit it again.`,
      { losses, pageCrashes },
    );
    const error = { code: failure.code, message: failure.message, details: failure.details };
    const failed = await svc.tasks.failIfUnfinished(taskId, error);
    if (failed) {
      await svc.publish(failed, "ingest.progress", {
        error: { code: failure.code, message: failure.message },
      });
      metrics.tasksFinished.inc({ status: "Failed" });
    }
    return null;
  }
  await attempt.forgive();
  const run = cpu ?? (<T>(fn: () => Promise<T>) => fn());
  let noted: Promise<void> | null = null;
  return {
    row,
    // Noted inside the CPU slot: a task still waiting for one has not begun its page's work.
    cpu: <T>(fn: () => Promise<T>) =>
      run(async () => {
        noted ??= svc.tasks.markPageBegun(taskId);
        await noted;
        return fn();
      }),
  };
}
