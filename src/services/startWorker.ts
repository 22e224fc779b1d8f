import type { Logger } from "pino";
import type { Config } from "../config.ts";
import type { PipelineContext } from "../pipeline/context.ts";
import { ARTICLE_JOB } from "../queue/articleJob.ts";
import { ENRICH_ITEM_JOB } from "../queue/enrichItemJob.ts";
import { FEED_JOB, FEED_SCHEDULER_CRON, FEED_SCHEDULER_QUEUE } from "../queue/feedJob.ts";
import { MAINTENANCE_CRON, QUEUES, RECONCILE_CRON } from "../queue/jobs.ts";
import { PARSE_REAPER_QUEUE, PARSE_REQUEST_JOB } from "../queue/parseRequestJobs.ts";
import { JobQueue, type JobDefinition } from "../queue/queue.ts";
import type { Reconciler } from "../queue/reconciler.ts";
import { WEBHOOK_DELIVERY_JOB } from "../queue/webhookJob.ts";
import type { Database } from "../storage/db.ts";
import type { ArticlesService } from "./articles.service.ts";
import type { BackupService } from "./backups.service.ts";
import type { FeedsService } from "./feeds/feeds.service.ts";
import { COLLECTION_JOB, type CollectionService } from "./collections.service.ts";
import { IMPORT_JOB, type ImportService } from "./imports.service.ts";
import type { ItemService } from "./items.service.ts";
import type { Role } from "./ladleOptions.ts";
import type { ParseRequestService } from "./parseRequests.service.ts";
import type { WebhookDelivery } from "./webhookDelivery.ts";

/** What a worker process runs (the Ladle), named here so this file does not import ladle.ts. */
export interface WorkerDeps {
  readonly queue: JobQueue | null;
  readonly config: Config;
  readonly log: Logger;
  readonly reconciler: Reconciler | null;
  readonly items: ItemService;
  readonly articles: ArticlesService;
  readonly feeds: FeedsService;
  readonly imports: ImportService;
  readonly collections: CollectionService;
  readonly webhookDelivery: WebhookDelivery;
  readonly parseRequests: ParseRequestService;
  readonly backups: BackupService;
  runTask(taskId: string, signal?: AbortSignal): Promise<void>;
  maintenance(): Promise<void>;
  reapParseRequests(): Promise<void>;
  pipelineContext(signal?: AbortSignal): Omit<PipelineContext, "onPhase">;
}

/**
 * Opens the job queue on the database and declares every family's queue. `schedule` only where
 * workers run: an API process sends jobs and never takes them.
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
    // The embedded database's socket server cannot route NOTIFY between connections.
    listen: database.kind === "server",
    ownerShare: config.Server.QueueOwnerShare,
    ...(superviseIntervalSeconds ? { superviseIntervalSeconds } : {}),
    onError: (err) => {
      if (!database.health.noteError(err)) log.warn({ err }, "queue error");
    },
  });
  await queue.start();
  // Every family's queue exists before the first request: a send inside a creating
  // transaction must never open the queue on another connection (on the embedded database,
  // whose one connection the transaction holds, that waits forever).
  for (const def of [
    IMPORT_JOB,
    ARTICLE_JOB,
    PARSE_REQUEST_JOB,
    ENRICH_ITEM_JOB,
    COLLECTION_JOB,
    WEBHOOK_DELIVERY_JOB,
    FEED_JOB,
  ] as JobDefinition<never>[])
    await queue.define(def);
  return queue;
}

/** A worker process's work: every family's jobs, the periodic maintenance and reconciler. */
export async function startWorker(ladle: WorkerDeps): Promise<void> {
  const queue = ladle.queue!;
  // Import tasks wait on the network most of the time: many I/O slots, CPU work bounded by `cpu`.
  await queue.workTasks(ladle.config.Server.IoConcurrency, async ({ taskId }, job) => {
    const t0 = Date.now();
    try {
      await ladle.runTask(taskId, job.signal);
      ladle.log.debug({ taskId, ms: Date.now() - t0, attempt: job.attempt }, "task done");
    } catch (err) {
      if (job.signal.aborted) ladle.log.info({ taskId }, "task released at shutdown");
      else ladle.log.error({ err, taskId, attempt: job.attempt }, "task run crashed; the queue will retry");
      throw err;
    }
  });
  // Screenshots start a browser page each: two at a time per worker process.
  await queue.work(ENRICH_ITEM_JOB, Math.min(2, ladle.config.Server.WorkerConcurrency), (job, ctx) =>
    ladle.items.runJob(job, ctx.signal),
  );
  ladle.reconciler?.register(ladle.items.reconcilerFamily());
  await queue.work(ARTICLE_JOB, ladle.config.Server.WorkerConcurrency, (job) => ladle.articles.run(job));
  ladle.reconciler?.register(ladle.articles.reconcilerFamily());
  // Feeds: a fetch per due feed every minute; a fetch whose worker died runs again (same run).
  await queue.work(FEED_JOB, Math.min(4, ladle.config.Server.WorkerConcurrency), (job, ctx) =>
    ladle.feeds.run(job, ctx.signal),
  );
  await queue.workPeriodic(FEED_SCHEDULER_QUEUE, FEED_SCHEDULER_CRON, async () => {
    await ladle.feeds.queueDue();
  });
  await ladle.imports.work(queue);
  await ladle.collections.work(queue, Math.max(2, ladle.config.Server.WorkerConcurrency));
  await ladle.webhookDelivery.work(queue, ladle.config.Server.WorkerConcurrency);
  await queue.workPeriodic(QUEUES.maintenance, MAINTENANCE_CRON, () => ladle.maintenance());
  if (ladle.config.Backups.Schedule)
    await queue.workPeriodic(QUEUES.backup, ladle.config.Backups.Schedule, async () => {
      await ladle.backups.scheduled();
    });
  await queue.workPeriodic(QUEUES.reconcile, RECONCILE_CRON, async () => {
    await ladle.reconciler?.runOnce();
  });
  await queue.work(PARSE_REQUEST_JOB, ladle.config.Server.WorkerConcurrency, ({ requestId }, job) =>
    ladle.parseRequests.process(requestId, ladle.pipelineContext(job.signal)),
  );
  await queue.workPeriodic(
    PARSE_REAPER_QUEUE,
    `*/${ladle.config.ParseRequests.ReaperIntervalMinutes} * * * *`,
    () => ladle.reapParseRequests(),
  );
}
