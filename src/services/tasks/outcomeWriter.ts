import type { TaskOutcome } from "../../storage/advanceMany.ts";
import type { TaskRow } from "../../storage/schema.ts";
import type { TasksRepo } from "../../storage/tasks.repo.ts";
import { toEvent, type EventHub } from "../shared/eventHub.ts";

/** How long an outcome waits for others to share its statement. */
const GATHER_MS = 10;

interface Pending extends TaskOutcome {
  resolve(row: TaskRow | undefined): void;
  reject(err: unknown): void;
}

/**
 * Running tasks' outcomes (their final state, the events of the way there and their artifacts),
 * written for every task of this process together: outcomes asked for within a few milliseconds
 * (and while the previous statement runs) share one statement. Every import paid a statement of
 * its own for its outcome, the largest of a worker's statements per import (profile mode of the
 * queue bench: 1.0 of 2.8). One statement is all or nothing: when it fails, every outcome of it
 * fails, and none is written (each task's job is retried and writes its outcome once).
 */
export class OutcomeWriter {
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
   * Writes a running task's outcome; resolves with the updated row (without `result`) once written,
   * undefined when the task was no longer Running (its `onUpdate` events then not written). The
   * events are announced in this process once written.
   */
  write(outcome: TaskOutcome): Promise<TaskRow | undefined> {
    return new Promise((resolve, reject) => {
      this.queued.push({ ...outcome, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    // One statement at a time: outcomes asked for meanwhile join the next one.
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
      const { rows, events } = await this.tasks.advanceMany(
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
