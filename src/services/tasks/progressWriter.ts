import type { TaskEventType } from "../../domain/task.ts";
import type { TaskRow } from "../../storage/schema.ts";
import type { TasksRepo } from "../../storage/tasks.repo.ts";
import type { EventHub } from "../shared/eventHub.ts";
import { announcedWrite } from "./announcedWrite.ts";
import { BatchingWriter } from "./batchingWriter.ts";

/** How long a progress write waits for others to share its statement. */
const GATHER_MS = 20;

interface Progress {
  id: string;
  current_phase: string | null;
  progress: number;
  events: { type: TaskEventType; data: Record<string, unknown> }[];
}

/**
 * Running tasks' phase progress, written for every task of this process together: the writes
 * asked for within a few milliseconds (and while the previous statement runs) share one statement.
 * A worker with dozens of imports in flight wrote a statement per phase boundary per task (2.6 per
 * import in the queue bench); this makes it a few per second, whatever the rate. Each task still
 * decides when its progress is due (runTask); this only carries it.
 */
export class ProgressWriter {
  private readonly batches: BatchingWriter<Progress, TaskRow | undefined>;

  constructor(tasks: TasksRepo, events: EventHub) {
    this.batches = new BatchingWriter(
      announcedWrite(events, (batch: Progress[], returnEvents) =>
        tasks.advanceProgressMany(batch, returnEvents),
      ),
      { gatherMs: GATHER_MS },
    );
  }

  /**
   * Writes a running task's phase and progress with the events before it; resolves with the
   * updated row (without `result`) once written, undefined when the task was no longer Running.
   * The events are announced in this process once written.
   */
  write(
    id: string,
    patch: { current_phase: string | null; progress: number },
    events: Progress["events"],
  ): Promise<TaskRow | undefined> {
    return this.batches.write({ id, ...patch, events });
  }
}
