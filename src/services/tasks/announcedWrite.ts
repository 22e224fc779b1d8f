import type { TaskEventRow, TaskRow } from "../../storage/schema.ts";
import { toEvent, type EventHub } from "../shared/eventHub.ts";

/** A repo statement that advances tasks, returning their rows and (when asked) the events it wrote. */
type AdvanceStatement<T> = (
  batch: T[],
  returnEvents: boolean,
) => Promise<{ rows: Map<string, TaskRow>; events: TaskEventRow[] }>;

/**
 * A batch write for `BatchingWriter` that advances tasks with `statement`, announces the events it
 * wrote to this process's listeners, and answers each item with its task's row (undefined when the
 * task was no longer Running). The outcome and progress writers share it.
 */
export function announcedWrite<T extends { id: string }>(
  events: EventHub,
  statement: AdvanceStatement<T>,
): (batch: T[]) => Promise<(TaskRow | undefined)[]> {
  return async (batch) => {
    const written = await statement(batch, events.listening(batch.map((item) => item.id)));
    events.announce(written.events.map(toEvent));
    return batch.map((item) => written.rows.get(item.id));
  };
}
