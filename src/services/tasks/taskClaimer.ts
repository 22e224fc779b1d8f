import type { TaskRow } from "../../storage/schema.ts";
import type { TasksRepo } from "../../storage/tasks.repo.ts";

interface Pending {
  id: string;
  resolve(row: (TaskRow & { prev_status: string }) | undefined): void;
  reject(err: unknown): void;
}

/**
 * Claims of this process's task runs, written together: the jobs of one queue fetch start in the
 * same turn of the event loop, and their claims share one statement instead of one each (a
 * statement per import in the queue bench). Claims asked for while a statement runs join the next.
 */
export class TaskClaimer {
  private readonly tasks: TasksRepo;
  private queued: Pending[] = [];
  private scheduled = false;
  private writing: Promise<void> | null = null;

  constructor(tasks: TasksRepo) {
    this.tasks = tasks;
  }

  /** `TasksRepo.claimWithPrevious`, carried with other claims of the same moment. */
  claim(id: string): Promise<(TaskRow & { prev_status: string }) | undefined> {
    return new Promise((resolve, reject) => {
      this.queued.push({ id, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.writing) return;
    this.scheduled = true;
    // After the current turn: every job started by the same fetch has asked by then.
    setImmediate(() => {
      this.scheduled = false;
      this.writing = this.flush().finally(() => {
        this.writing = null;
        if (this.queued.length) this.schedule();
      });
    });
  }

  private async flush(): Promise<void> {
    const batch = this.queued;
    this.queued = [];
    try {
      const rows = await this.tasks.claimManyWithPrevious([...new Set(batch.map((p) => p.id))]);
      // A task asked for twice (a job delivered again while its run is still here) is claimed once
      // by the statement; a later caller sees it Running, as a second claim in a row would.
      const given = new Set<string>();
      for (const p of batch) {
        const row = rows.get(p.id);
        p.resolve(row && given.has(p.id) ? { ...row, prev_status: "Running" } : row);
        given.add(p.id);
      }
    } catch (err) {
      for (const p of batch) p.reject(err);
    }
  }
}
