import type { TaskRow } from "../../storage/schema.ts";
import type { TasksRepo } from "../../storage/tasks.repo.ts";
import { BatchingWriter } from "./batchingWriter.ts";

type Claimed = (TaskRow & { prev_status: string }) | undefined;

/**
 * Claims of this process's task runs, written together: the jobs of one queue fetch start in the
 * same turn of the event loop, and their claims share one statement instead of one each (a
 * statement per import in the queue bench). Claims asked for while a statement runs join the next.
 */
export class TaskClaimer {
  private readonly batches: BatchingWriter<string, Claimed>;

  constructor(tasks: TasksRepo) {
    this.batches = new BatchingWriter(async (ids) => {
      const rows = await tasks.claimManyWithPrevious([...new Set(ids)]);
      // A task asked for twice (a job delivered again while its run is still here) is claimed once
      // by the statement; a later caller sees it Running, as a second claim in a row would.
      const given = new Set<string>();
      return ids.map((id) => {
        const row = rows.get(id);
        const out = row && given.has(id) ? { ...row, prev_status: "Running" } : row;
        given.add(id);
        return out;
      });
    }, "turn");
  }

  /** `TasksRepo.claimWithPrevious`, carried with other claims of the same moment. */
  claim(id: string): Promise<Claimed> {
    return this.batches.write(id);
  }
}
