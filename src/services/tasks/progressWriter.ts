import type { TaskEventType } from "../../domain/task.ts";
import type { TaskRow } from "../../storage/schema.ts";
import type { TasksRepo } from "../../storage/tasks.repo.ts";
import { toEvent, type EventHub } from "../shared/eventHub.ts";

/** How long a progress write waits for others to share its statement. */
const GATHER_MS = 20;

interface Pending {
  id: string;
  current_phase: string | null;
  progress: number;
  events: { type: TaskEventType; data: Record<string, unknown> }[];
  resolve(row: TaskRow | undefined): void;
  reject(err: unknown): void;
}

/**
 * Running tasks' phase progress, written for every task of this process together: the writes
 * asked for within a few milliseconds (and while the previous statement runs) share one statement.
 * A worker with dozens of imports in flight wrote a statement per phase boundary per task (2.6 per
 * import in the queue bench); this makes it a few per second, whatever the rate. Each task still
 * decides when its progress is due (runTask); this only carries it.
 */
export class ProgressWriter {
  private readonly tasks: TasksRepo;
  private readonly events: EventHub;
  private queued: Pending[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> | null = null;

  constructor(tasks: TasksRepo, events: EventHub) {
    this.tasks = tasks;
    this.events = events;
  }

  /**
   * Writes a running task's phase and progress with the events before it; resolves with the
   * updated row (without `result`) once written, undefined when the task was no longer Running.
   * The events are announced in this process once written.
   */
  write(
    id: string,
    patch: { current_phase: string | null; progress: number },
    events: { type: TaskEventType; data: Record<string, unknown> }[],
  ): Promise<TaskRow | undefined> {
    return new Promise((resolve, reject) => {
      this.queued.push({ id, ...patch, events, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    // One statement at a time: writes asked for meanwhile join the next one.
    if (this.timer || this.writing) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.writing = this.flush().finally(() => {
        this.writing = null;
        if (this.queued.length) this.schedule();
      });
    }, GATHER_MS);
  }

  private async flush(): Promise<void> {
    const batch = this.queued;
    this.queued = [];
    try {
      const { rows, events } = await this.tasks.advanceProgressMany(
        batch,
        this.events.listening(batch.map((p) => p.id)),
      );
      this.events.announce(events.map(toEvent));
      for (const p of batch) p.resolve(rows.get(p.id));
    } catch (err) {
      for (const p of batch) p.reject(err);
    }
  }
}
