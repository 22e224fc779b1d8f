import type { TaskEvent, TaskState } from "../domain/task.ts";
import type { OpContext } from "./operation.ts";

/** Phase names in words, as the web UI says them (progress messages). */
export const PHASE_WORDS: Record<string, string> = {
  "Ingest.Discover": "searching for recipe pages",
  "Ingest.Fetch": "fetching the page",
  "Ingest.Extract": "reading the recipe",
  "Ingest.Validate": "checking the recipe",
  "Ingest.RepairJson": "fixing the language model's answer",
  "Ingest.RepairParaphrase": "rewriting copied text",
  "Ingest.ReviewReady": "ready for review",
  "Ingest.Normalize": "tidying the recipe",
};

/** Waiting states of a task: anything else is settled (ReviewReady or terminal). */
const UNSETTLED = new Set(["Pending", "Running"]);

/** Resolves after `ms`, or at once when `wake` is called. */
function pause(ms: number, signal: AbortSignal | undefined): { done: Promise<void>; wake: () => void } {
  let wake = () => {};
  const done = new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    const stop = () => {
      clearTimeout(t);
      resolve();
    };
    wake = stop;
    signal?.addEventListener("abort", stop, { once: true });
  });
  return { done, wake };
}

/**
 * Waits until a task is settled (ReviewReady, Committed, Failed…) or `seconds` pass, reporting
 * each phase as progress. Events arrive from whichever process runs the task (EventHub polls the
 * table); the task row is re-read on each event and every second, so nothing is missed.
 */
export async function waitForTask(
  ctx: OpContext,
  taskId: string,
  seconds: number,
): Promise<TaskState | null> {
  const end = Date.now() + seconds * 1000;
  let pending = pause(1000, ctx.signal);
  let last = -1;
  const heard = (e: TaskEvent) => {
    const progress = Number(e.data.progress ?? 0);
    if (progress > last) {
      last = progress;
      const phase = PHASE_WORDS[String(e.data.phase)] ?? String(e.data.status ?? e.type);
      ctx.progress({ progress, total: 100, message: phase });
    }
  };
  const unsubscribe = ctx.ladle.events.subscribe(taskId, null, (e) => {
    heard(e);
    pending.wake();
  });
  try {
    for (;;) {
      const res = await ctx.ladle.tasks.get(taskId, ctx.caller);
      if (!res.ok) return null;
      if (!UNSETTLED.has(res.value.status) || Date.now() >= end || ctx.signal?.aborted) {
        // The row can be read settled before its events reached this process (another worker ran
        // it in less than a poll): the client still hears each phase, then the end, before the answer.
        if (!UNSETTLED.has(res.value.status)) {
          const history = await ctx.ladle.events.history(taskId, null).catch(() => []);
          for (const e of history) heard(e);
        }
        if (res.value.status === "ReviewReady" && last < 100)
          ctx.progress({ progress: 100, total: 100, message: PHASE_WORDS["Ingest.ReviewReady"]! });
        return res.value;
      }
      await pending.done;
      pending = pause(Math.min(1000, Math.max(0, end - Date.now())), ctx.signal);
    }
  } finally {
    unsubscribe();
  }
}

/** Waits for a text or file import job to finish (or `seconds` to pass), reporting its progress. */
export async function waitForImportJob(ctx: OpContext, jobId: string, seconds: number) {
  const end = Date.now() + seconds * 1000;
  let pending = pause(400, ctx.signal);
  let last = -1;
  const report = (progress: number, status: string) => {
    if (progress <= last) return;
    last = progress;
    ctx.progress({ progress, total: 100, message: status });
  };
  const off = ctx.ladle.imports.onProgress(jobId, (e) => {
    report(e.progress, e.status);
    pending.wake();
  });
  try {
    for (;;) {
      const row = await ctx.ladle.imports.get(jobId, ctx.caller.id);
      if (!row) return null;
      report(row.progress, row.status);
      const settled = row.status === "completed" || row.status === "failed";
      if (settled || Date.now() >= end || ctx.signal?.aborted) return row;
      await pending.done;
      pending = pause(Math.min(400, Math.max(0, end - Date.now())), ctx.signal);
    }
  } finally {
    off();
  }
}

/** Waits for an article to be read (or to fail), reporting its state. */
export async function waitForArticle(ctx: OpContext, id: string, seconds: number) {
  const end = Date.now() + seconds * 1000;
  const steps: Record<string, number> = { pending: 10, extracting: 50, ready_for_reading: 100, failed: 100 };
  for (;;) {
    const res = await ctx.ladle.articles.get(ctx.caller, id);
    if (!res.ok) return res;
    const s = res.value.processing_status;
    ctx.progress({ progress: steps[s] ?? 0, total: 100, message: s.replace(/_/g, " ") });
    if (s === "ready_for_reading" || s === "failed" || Date.now() >= end || ctx.signal?.aborted) return res;
    await pause(Math.min(500, Math.max(0, end - Date.now())), ctx.signal).done;
  }
}
