import { z } from "zod";
import type { JobDefinition } from "../../queue/queue.ts";

/** Payload of a feed fetch: the feed and the run (its log line) this fetch writes. */
export const zFeedJob = z.object({ feedId: z.string().uuid(), runId: z.string().uuid() });
export type FeedJob = z.infer<typeof zFeedJob>;

/**
 * One fetch of a feed. Job key: the feed id, so a feed is fetched by one job at a time. A job
 * whose worker died runs again with the same run id and carries on where that run stopped
 * (entries remembered once, each marked done once).
 */
export const FEED_JOB: JobDefinition<FeedJob> = {
  name: "ladle-feed",
  schema: zFeedJob,
  options: {
    retryLimit: 3,
    retryDelay: 5,
    retryBackoff: true,
    heartbeatSeconds: 10,
    expireInSeconds: 15 * 60,
    deleteAfterSeconds: 24 * 3600,
  },
};

/** Every minute: the feeds whose interval ran out get a fetch job. */
export const FEED_SCHEDULER_QUEUE = "ladle-feed-scheduler";
export const FEED_SCHEDULER_CRON = "* * * * *";
