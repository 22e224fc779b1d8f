import type { EndsRide } from "../../fetcher/sharedFetch.ts";
import type { TaskOutcome } from "../../storage/advanceMany.ts";
import type { TaskRow } from "../../storage/schema.ts";
import type { TasksRepo } from "../../storage/tasks.repo.ts";
import type { EventHub } from "../shared/eventHub.ts";
import { announcedWrite } from "./announcedWrite.ts";
import { BatchingWriter } from "./batchingWriter.ts";

/** How long an outcome waits for others to share its statement. */
const GATHER_MS = 10;
/**
 * How long it waits while outcomes come one after another (a burst's tasks, ending one by one as
 * their extraction thread finishes them, 20-100 ms apart): 10 ms mostly gathered one outcome, and
 * the outcome was a worker's largest statement per import (0.63 of 2.39). A task of a lone import
 * still waits 10 ms; one of a burst at most 100 ms more before it shows final.
 */
const STREAM_MS = 100;
/** Outcomes of one statement at most (each carries its draft and page snapshot, a few KB). */
const MAX_BATCH = 32;

/**
 * Running tasks' outcomes (their final state, the events of the way there and their artifacts),
 * written for every task of this process together: outcomes asked for within a few milliseconds
 * (and while the previous statement runs) share one statement. Every import paid a statement of
 * its own for its outcome, the largest of a worker's statements per import (profile mode of the
 * queue bench: 1.0 of 2.8). One statement is all or nothing: when it fails, every outcome of it
 * fails, and none is written (each task's job is retried and writes its outcome once). Running
 * tasks' phase progress rides in the same statements (ProgressWriter): it had one of its own.
 */
export class OutcomeWriter {
  private readonly batches: BatchingWriter<TaskOutcome, TaskRow | undefined>;

  /**
   * `takeEnds`: the unkept pages' fetch lease ends waiting for a statement (SharedFetcher's), which
   * each outcome statement carries: a lone lease end was a worker statement of its own per ~7
   * imports, and a task's page lease now ends at the latest with its own outcome.
   */
  constructor(tasks: TasksRepo, events: EventHub, takeEnds?: () => EndsRide | null) {
    this.batches = new BatchingWriter(
      announcedWrite(events, async (batch: TaskOutcome[], returnEvents) => {
        const ride = takeEnds?.() ?? null;
        try {
          const written = await tasks.advanceMany(batch, returnEvents, ride?.ends ?? []);
          ride?.settle(written.ended);
          return written;
        } catch (err) {
          ride?.settle(null);
          throw err;
        }
      }),
      { gatherMs: GATHER_MS, streamMs: STREAM_MS, maxBatch: MAX_BATCH },
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
