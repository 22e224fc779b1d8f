import { z } from "zod";
import type { JobDefinition } from "../../queue/queue.ts";

/** Payload of a parse-request job. */
export const zParseRequestJob = z.object({ requestId: z.uuid() });
export type ParseRequestJob = z.infer<typeof zParseRequestJob>;

/**
 * Parses one request's URL (the document's Kafka "parse-requests" topic). Job key: the request id,
 * so a request is never queued twice at once. A job whose worker died is retried after the
 * heartbeat lapses; the handler takes a PROCESSING request back up. A request still unfinished
 * after the last attempt is failed by the reaper.
 */
export const PARSE_REQUEST_JOB: JobDefinition<ParseRequestJob> = {
  name: "ladle-parse-request",
  schema: zParseRequestJob,
  options: {
    retryLimit: 2,
    retryDelay: 1,
    retryBackoff: true,
    heartbeatSeconds: 10,
    expireInSeconds: 15 * 60,
    deleteAfterSeconds: 24 * 3600,
  },
};

/**
 * The stale-request reaper (the document's "Scheduled job to timeout stale PROCESSING"): fails
 * requests PROCESSING for longer than `ParseRequests:StuckAfterMinutes`, re-sends PENDING ones whose
 * job was lost, and drops expired shared-fetch results. A periodic job on the shared scheduler
 * (`queue.workPeriodic`), one run per period across processes.
 */
export const PARSE_REAPER_QUEUE = "ladle-parse-reaper";
