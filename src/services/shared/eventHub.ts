import { EventEmitter } from "node:events";
import type { TaskEvent, TaskEventType } from "../../domain/task.ts";
import type { EventsRepo } from "../../storage/events.repo.ts";
import type { TaskEventRow } from "../../storage/schema.ts";

/** A stored event row as clients see it. */
export function toEvent(row: TaskEventRow): TaskEvent {
  return {
    id: String(row.id),
    taskId: row.task_id,
    type: row.type as TaskEventType,
    data: row.data as Record<string, unknown>,
    at: new Date(row.created_at).toISOString(),
  };
}

/** What makes two events "the same" for a retried run: type, phase, state, status and progress. */
export function eventKey(type: string, data: Record<string, unknown>): string {
  return JSON.stringify([
    type,
    data.phase ?? null,
    data.state ?? null,
    data.status ?? null,
    data.progress ?? null,
  ]);
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

  /** Publishes several events of one task with one write, in order. */
  async publishMany(
    taskId: string,
    events: { type: TaskEventType; data: Record<string, unknown> }[],
  ): Promise<TaskEvent[]> {
    const at = new Date();
    const rows = await this.repo.insertMany(events.map((e) => ({ taskId, type: e.type, data: e.data, at })));
    const out = rows.map(toEvent);
    for (const e of out) this.local.emit(taskId, e);
    return out;
  }

  /**
   * Writes events through `repo` (a repository on the caller's transaction) without announcing
   * them; call `announce` once the transaction committed.
   */
  async write(
    repo: EventsRepo,
    taskId: string,
    events: { type: TaskEventType; data: Record<string, unknown> }[],
  ): Promise<TaskEvent[]> {
    const at = new Date();
    const rows = await repo.insertMany(events.map((e) => ({ taskId, type: e.type, data: e.data, at })));
    return rows.map(toEvent);
  }

  /** Identities (see eventKey) of the events a task already has: a retried run does not repeat them. */
  async storedKeys(taskId: string): Promise<Set<string>> {
    const rows = await this.repo.all(taskId);
    return new Set(rows.map((r) => eventKey(r.type, r.data as Record<string, unknown>)));
  }

  /**
   * Whether a subscriber in this process listens to any of these tasks. Nobody: a writer need not
   * read its events back to announce them (subscribers poll the table, and find them there).
   */
  listening(taskIds: Iterable<string>): boolean {
    for (const id of taskIds) if (this.local.listenerCount(id) > 0) return true;
    return false;
  }

  /** Emits committed events to this process's subscribers. */
  announce(events: TaskEvent[]): void {
    for (const e of events) this.local.emit(e.taskId, e);
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
    // Poll cursor for other processes' events, and the ids already delivered (local events come first).
    let cursor = afterId === null ? 0n : BigInt(afterId);
    const delivered = new Set<string>();
    let closed = false;
    const deliver = (e: TaskEvent) => {
      if (closed || delivered.has(e.id) || BigInt(e.id) <= (afterId === null ? 0n : BigInt(afterId))) return;
      delivered.add(e.id);
      onEvent(e);
    };
    const onLocal = (e: TaskEvent) => deliver(e);
    this.local.on(taskId, onLocal);
    let polling = false;
    // Failed polls in a row (the database away) and ticks to skip: each failure doubles the pause,
    // up to 64 ticks (32 s at 500 ms), so open streams do not knock every tick during an outage.
    let failures = 0;
    let skip = 0;
    const poll = async () => {
      if (polling || closed) return;
      if (skip > 0) {
        skip--;
        return;
      }
      polling = true;
      try {
        for (const row of await this.repo.since(taskId, cursor === 0n ? null : String(cursor))) {
          const e = toEvent(row);
          cursor = BigInt(e.id);
          deliver(e);
        }
        failures = 0;
      } catch {
        // Retried after the pause; the stream stays open and resumes from its cursor.
        skip = 2 ** Math.min(++failures, 6) - 1;
      } finally {
        polling = false;
      }
    };
    const timer = setInterval(() => void poll(), this.pollMs);
    timer.unref();
    return () => {
      closed = true;
      clearInterval(timer);
      this.local.off(taskId, onLocal);
    };
  }
}
