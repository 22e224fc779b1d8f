import { zWebhookDeliveryJob, type WebhookDeliveryJob } from "../../domain/webhook.ts";
import type { JobDefinition } from "../../queue/queue.ts";

/**
 * One delivery of one event to one webhook. Job key: the delivery id. A failed attempt throws and
 * the job system retries it with exponential backoff (the attempt count and delays come from the
 * Webhooks settings, given with each send); the last attempt records the failure itself.
 */
export const WEBHOOK_DELIVERY_JOB: JobDefinition<WebhookDeliveryJob> = {
  name: "ladle-webhook-delivery",
  schema: zWebhookDeliveryJob,
  options: {
    retryLimit: 5,
    retryDelay: 10,
    retryBackoff: true,
    heartbeatSeconds: 10,
    /** One attempt is bounded by Webhooks:TimeoutMs (at most a minute). */
    expireInSeconds: 5 * 60,
    deleteAfterSeconds: 24 * 3600,
  },
};
