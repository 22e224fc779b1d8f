import { z } from "zod";
import type { JobDefinition } from "../../queue/jobTypes.ts";

/** The collections family's queue: one message per bulk job, sent under its owner (fair queues). */
export const COLLECTION_JOB: JobDefinition<{ jobId: string }> = {
  name: "ladle-collection",
  schema: z.object({ jobId: z.uuid() }),
  options: {
    /** A killed worker's job comes back and resumes at its first pending entry. */
    retryLimit: 20,
    retryDelay: 1,
    heartbeatSeconds: 10,
    /** A long migration may run for hours; the heartbeat, not this, finds a dead worker. */
    expireInSeconds: 6 * 3600,
    deleteAfterSeconds: 24 * 3600,
  },
};
