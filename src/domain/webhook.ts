import { z } from "zod";

/** What a webhook can be told about. `webhook.test` is the ping the owner sends. */
export const WEBHOOK_EVENTS = [
  "recipe.committed",
  "recipe.updated",
  "recipe.deleted",
  "import.completed",
  "import.failed",
  "article.ready",
  "bookmark.enriched",
] as const;
export const zWebhookEvent = z.enum(WEBHOOK_EVENTS).meta({ id: "WebhookEvent" });
export type WebhookEvent = z.infer<typeof zWebhookEvent>;
/** Every type a delivery may carry: the subscribable events and the owner's test ping. */
export type WebhookDeliveryType = WebhookEvent | "webhook.test";

/** A subscription as its owner sees it (never the secret, except in the answer that made it). */
export const zWebhook = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(zWebhookEvent),
    /** Set for a library's webhook (its admins' resources in that library); absent for the owner's own. */
    libraryId: z.string().optional(),
    active: z.boolean(),
    createdAt: z.string(),
    /** Deliveries in a row that failed after every retry; reset by a success. */
    failureCount: z.number().int(),
    /** Why Ladle turned it off, in words for its owner. */
    disabledReason: z.string().optional(),
    /** Only in the answer of `POST /api/webhooks`: the signing secret, shown once. */
    secret: z.string().optional(),
  })
  .meta({ id: "Webhook" });
export type Webhook = z.infer<typeof zWebhook>;

const zUrl = z.string().trim().min(1).max(2000);
const zEvents = z.array(zWebhookEvent).min(1).max(WEBHOOK_EVENTS.length);

/** `POST /api/webhooks`. */
export const zCreateWebhookRequest = z
  .object({ url: zUrl, events: zEvents, libraryId: z.string().max(100).optional() })
  .strict()
  .meta({ id: "CreateWebhookRequest" });

/** `PATCH /api/webhooks/{id}`: `active: true` turns a disabled webhook on again (and forgets its failures). */
export const zUpdateWebhookRequest = z
  .object({ url: zUrl.optional(), events: zEvents.optional(), active: z.boolean().optional() })
  .strict()
  .meta({ id: "UpdateWebhookRequest" });

/** `POST /api/webhooks/{id}/redeliver`: one delivery of its log, sent again with the same event id. */
export const zRedeliverRequest = z
  .object({ deliveryId: z.string().uuid() })
  .strict()
  .meta({ id: "RedeliverWebhookRequest" });

/** One attempt to deliver one event: what the receiver answered, or why nothing was delivered. */
export const zWebhookAttempt = z
  .object({
    id: z.string(),
    deliveryId: z.string(),
    eventId: z.string(),
    type: z.string(),
    attempt: z.number().int(),
    ok: z.boolean(),
    /** The receiver's HTTP status; absent when no answer came. */
    statusCode: z.number().int().optional(),
    durationMs: z.number().int(),
    /** The first few hundred characters of the receiver's answer. */
    responseExcerpt: z.string().optional(),
    /** Why the attempt failed, in words. */
    error: z.string().optional(),
    /** Whether another attempt follows. */
    willRetry: z.boolean(),
    at: z.string(),
  })
  .meta({ id: "WebhookAttempt" });
export type WebhookAttempt = z.infer<typeof zWebhookAttempt>;

/** The JSON body every delivery posts. */
export interface WebhookBody {
  /** The event's id: the same across retries and redeliveries (receivers deduplicate on it). */
  id: string;
  type: WebhookDeliveryType;
  createdAt: string;
  data: { id: string; title: string | null; url: string | null } & Record<string, unknown>;
}

/** Payload of a delivery job: the delivery row to attempt. */
export const zWebhookDeliveryJob = z.object({ deliveryId: z.string().uuid() });
export type WebhookDeliveryJob = z.infer<typeof zWebhookDeliveryJob>;
