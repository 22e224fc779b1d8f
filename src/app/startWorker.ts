import type { Logger } from "pino";
import { wakeCompilers } from "../../bin/restingCompilers.js";
import type { Config } from "../config.ts";
import { JobQueue } from "../queue/queue.ts";
import type { WorkerJob } from "../queue/workerJob.ts";
import type { Database } from "../storage/db.ts";
import type { Role } from "./ladleOptions.ts";

/**
 * Opens the job queue on the database. `schedule` only where workers run: an API process sends
 * jobs and never takes them.
 */
export async function openQueue(
  database: Database,
  config: Config,
  role: Role,
  log: Logger,
  superviseIntervalSeconds?: number,
): Promise<JobQueue> {
  const queue = new JobQueue({
    connection: database.connection,
    schedule: role !== "api",
    // An API process loads pg-boss with the first job it sends (or a readiness probe), not at rest.
    // Not on the embedded database: a send inside a transaction would wait for its one connection.
    lazy: role === "api" && database.kind === "server",
    // The embedded database's socket server cannot route NOTIFY between connections.
    listen: database.kind === "server",
    ownerShare: config.Server.QueueOwnerShare,
    // A worker process rests without V8's optimizing compilers until its first job (bin/ladle.js).
    ...(role === "api" ? {} : { beforeFirstJob: wakeCompilers }),
    ...(superviseIntervalSeconds ? { superviseIntervalSeconds } : {}),
    onError: (err) => {
      if (!database.health.noteError(err)) log.warn({ err }, "queue error");
    },
  });
  await queue.start();
  return queue;
}

/** A worker process's work: every family's jobs, each started the same way. */
export async function startWorker(queue: JobQueue, jobs: readonly WorkerJob[]): Promise<void> {
  for (const job of jobs) await job.start(queue);
}
