import { z } from "zod";
import type { JobDefinition } from "../../queue/jobTypes.ts";

/** The import family's queue: one message per job; the job id is the singleton key. */
export const IMPORT_JOB: JobDefinition<{ jobId: string }> = {
  name: "ladle-import",
  schema: z.object({ jobId: z.uuid() }),
  options: {
    /** Attempts after the first, for a worker that died (the handler itself always ends the job). */
    retryLimit: 2,
    retryDelay: 2,
    heartbeatSeconds: 10,
    /** Above the 600 s soft limit, so the soft limit always speaks first. */
    expireInSeconds: 15 * 60,
    deleteAfterSeconds: 24 * 3600,
  },
};
