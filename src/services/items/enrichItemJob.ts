import { zEnrichItemJob, type EnrichItemJob } from "../../domain/item.ts";
import type { JobDefinition } from "../../queue/queue.ts";

/** Attempts of one async enrichment round, the first included (retries bounded). */
export const ENRICH_MAX_ATTEMPTS = 3;

/**
 * The async enrichment fallback of a bookmark. Job key: the item id.
 * The payload carries only the item and its owner: the worker reads the item and decides from its
 * state (full enrichment, or a screenshot only) — no hints that could go stale.
 */
export const ENRICH_ITEM_JOB: JobDefinition<EnrichItemJob> = {
  name: "ladle-item-enrich",
  schema: zEnrichItemJob,
  options: {
    // At most one queued and one running job per item: a re-enrichment during a run queues one more.
    policy: "stately",
    // An expected failure (timeout, 5xx) throws to be retried until the item's attempt count
    // reaches ENRICH_MAX_ATTEMPTS; the last attempt writes `failed` itself.
    retryLimit: ENRICH_MAX_ATTEMPTS - 1,
    retryDelay: 15,
    retryBackoff: true,
    heartbeatSeconds: 10,
    /** Fetch, browser start and screenshot together stay well under this. */
    expireInSeconds: 5 * 60,
    deleteAfterSeconds: 24 * 3600,
  },
};
