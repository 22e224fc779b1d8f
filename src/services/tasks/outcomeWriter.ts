import type { TaskOutcome } from "../../storage/advanceMany.ts";
import type { TaskRow } from "../../storage/schema.ts";
import type { TasksRepo } from "../../storage/tasks.repo.ts";
import type { EventHub } from "../shared/eventHub.ts";
import { announcedWrite } from "./announcedWrite.ts";
import { BatchingWriter } from "./batchingWriter.ts";

/** How long an outcome waits for others to share its statement. */
const GATHER_MS = 10;

/**
 * Running tasks' outcomes (their final state, the events of the way there and their artifacts),
 * written for every task of this process together: outcomes asked for within a few milliseconds
 * (and while the previous statement runs) share one statement. Every import paid a statement of
 * its own for its outcome, the largest of a worker's statements per import (profile mode of the
 * queue bench: 1.0 of 2.8). One statement is all or nothing: when it fails, every outcome of it
 * fails, and none is written (each task's job is retried and writes its outcome once).
 */
export class OutcomeWriter {
  private readonly batches: BatchingWriter<TaskOutcome, TaskRow | undefined>;

  constructor(tasks: TasksRepo, events: EventHub) {
    this.batches = new BatchingWriter(
      announcedWrite(events, (batch: TaskOutcome[], returnEvents) => tasks.advanceMany(batch, returnEvents)),
      { gatherMs: GATHER_MS },
    );
  }

  /**
   * Writes a running task's outcome; resolves with the updated row (without `result`) once written,
   * undefined when the task was no longer Running (its `onUpdate` events then not written). The
   * events are announced in this process once written.
   */
  write(outcome: TaskOutcome): Promise<TaskRow | undefined> {
    return this.batches.write(outcome);
  }
}
