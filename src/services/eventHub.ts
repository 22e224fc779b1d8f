import { EventEmitter } from "node:events";
import type { TaskEvent, TaskEventType } from "../domain/task.ts";
import type { EventsRepo } from "../storage/events.repo.ts";
import type { TaskEventRow } from "../storage/schema.ts";

function toEvent(row: TaskEventRow): TaskEvent {
  return {
    id: String(row.id),
    taskId: row.task_id,
    type: row.type as TaskEventType,
    data: row.data as Record<string, unknown>,
    at: new Date(row.created_at).toISOString(),
  };
}

/**
 * Task events: each is written once to `task_events` (durable, ordered, visible to every process)
 * and emitted in-process at once. Subscribers in another process than the publisher see events
 * through a poll of the table, so a separate worker process needs no extra channel.
 */
export class EventHub {
  private readonly local = new EventEmitter();
  private readonly repo: EventsRepo;
  /** Cross-process poll interval; default 500 ms. */
  private readonly pollMs: number;

  constructor(repo: EventsRepo, pollMs = 500) {
    this.repo = repo;
    this.pollMs = pollMs;
    this.local.setMaxListeners(0);
  }

  async publish(taskId: string, type: TaskEventType, data: Record<string, unknown>): Promise<TaskEvent> {
    const row = await this.repo.insert({ taskId, type, data, at: new Date() });
    const event = toEvent(row);
    this.local.emit(taskId, event);
    return event;
  }

  /** Stored events after `afterId` (null = from the start). */
  async history(taskId: string, afterId: string | null): Promise<TaskEvent[]> {
    return (await this.repo.since(taskId, afterId)).map(toEvent);
  }

  /**
   * Delivers each new event of `taskId` once, in order, whichever process published it.
   * Returns an unsubscribe function.
   */
  subscribe(taskId: string, afterId: string | null, onEvent: (e: TaskEvent) => void): () => void {
    let last = afterId === null ? 0n : BigInt(afterId);
    let closed = false;
    const deliver = (e: TaskEvent) => {
      const id = BigInt(e.id);
      if (closed || id <= last) return;
      last = id;
      onEvent(e);
    };
    // Local events may arrive before an in-flight poll returns; the id check keeps order and uniqueness.
    const onLocal = (e: TaskEvent) => {
      // A gap means an event from another process is missing: let the poll fill it first.
      void this.catchUp(taskId, () => last, deliver).then(() => deliver(e));
    };
    this.local.on(taskId, onLocal);
    const timer = setInterval(() => void this.catchUp(taskId, () => last, deliver), this.pollMs);
    timer.unref();
    return () => {
      closed = true;
      clearInterval(timer);
      this.local.off(taskId, onLocal);
    };
  }

  private async catchUp(taskId: string, last: () => bigint, deliver: (e: TaskEvent) => void): Promise<void> {
    try {
      const rows = await this.repo.since(taskId, last() === 0n ? null : String(last()));
      for (const r of rows) deliver(toEvent(r));
    } catch {
      // A failed poll is retried on the next tick.
    }
  }
}
