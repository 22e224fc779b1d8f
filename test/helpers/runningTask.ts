import type { TasksRepo } from "../../src/storage/tasks.repo.ts";

/** A running Ingest task of no user, its own thread: the row the storage and writer tests start from. */
export async function insertRunningTask(tasks: TasksRepo, id: string): Promise<void> {
  await tasks.insert({
    id,
    threadId: id,
    agentType: "Ingest",
    status: "Running",
    payload: {},
    metadata: {},
    requestedBy: null,
  });
}
