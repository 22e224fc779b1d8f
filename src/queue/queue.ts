import { PgBoss } from "pg-boss";
import type { ConnectionConfig } from "../storage/db.ts";
import { MAINTENANCE_CRON, QUEUES, TASK_QUEUE_OPTIONS, zTaskJob, type TaskJob } from "./jobs.ts";

export interface QueueOptions {
  connection: ConnectionConfig;
  /** Schema for pg-boss tables. Default "pgboss". */
  schema?: string;
  /**
   * How often pg-boss looks for dead workers (stale heartbeats) and expired jobs. Default 10 s, so a
   * job whose worker died is retried within about 20 s; tests lower it.
   */
  superviseIntervalSeconds?: number;
  /** Run cron schedules in this process. Default true. */
  schedule?: boolean;
  onError?: (err: Error) => void;
}

/** The Postgres-backed job queue (pg-boss) with Ladle's queues declared. */
export class JobQueue {
  readonly boss: PgBoss;
  private readonly workerIds = new Map<string, string>();

  constructor(opts: QueueOptions) {
    const { connectionString, host, port, database, user } = opts.connection;
    this.boss = new PgBoss({
      ...(connectionString ? { connectionString } : { host, port, database, user }),
      schema: opts.schema ?? "pgboss",
      max: 4,
      superviseIntervalSeconds: opts.superviseIntervalSeconds ?? 10,
      monitorIntervalSeconds: opts.superviseIntervalSeconds ?? 10,
      schedule: opts.schedule ?? true,
    });
    this.boss.on("error", (err: Error) => opts.onError?.(err));
  }

  async start(): Promise<void> {
    await this.boss.start();
    await this.boss.createQueue(QUEUES.task, { ...TASK_QUEUE_OPTIONS });
    await this.boss.createQueue(QUEUES.maintenance, { retryLimit: 0, deleteAfterSeconds: 3600 });
  }

  /** Enqueues a task run; the task id is the job key, so a task is never queued twice at once. */
  async enqueueTask(taskId: string): Promise<string | null> {
    const id = await this.boss.send(QUEUES.task, { taskId } satisfies TaskJob, { singletonKey: taskId });
    // Wake a local worker now instead of at its next poll.
    const wid = this.workerIds.get(QUEUES.task);
    if (wid) this.boss.notifyWorker(wid);
    return id;
  }

  /** Runs task jobs with `concurrency` handlers in this process. */
  async workTasks(concurrency: number, handler: (job: TaskJob) => Promise<void>): Promise<void> {
    const id = await this.boss.work(
      QUEUES.task,
      { batchSize: 1, localConcurrency: concurrency, pollingIntervalSeconds: 1 },
      async ([job]) => {
        if (!job) return;
        await handler(zTaskJob.parse(job.data));
      },
    );
    this.workerIds.set(QUEUES.task, id);
  }

  /** Schedules and runs periodic maintenance in this process. */
  async workMaintenance(handler: () => Promise<void>): Promise<void> {
    await this.boss.schedule(QUEUES.maintenance, MAINTENANCE_CRON, {});
    const id = await this.boss.work(QUEUES.maintenance, { pollingIntervalSeconds: 30 }, async () =>
      handler(),
    );
    this.workerIds.set(QUEUES.maintenance, id);
  }

  async stop(opts: { graceful?: boolean; timeoutMs?: number } = {}): Promise<void> {
    await this.boss.stop({ graceful: opts.graceful ?? true, timeout: opts.timeoutMs ?? 10_000 });
  }
}
