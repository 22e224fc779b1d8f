import { z } from "zod";

// The Webhooks section. Declared beside the code that reads it; src/config.ts composes every
// section into one validated object.

/** Webhooks: delivery attempts, limits and when a failing webhook is turned off. */
export const zWebhooks = z.object({
  /** Attempts per delivery, the first included; retries wait RetryDelaySeconds × 2ⁿ (with jitter). */
  MaxAttempts: z.coerce.number().int().min(1).max(20).default(6),
  /** First backoff of the job system's retry (seconds; doubled each retry). */
  RetryDelaySeconds: z.coerce.number().int().min(1).default(10),
  /** Longest wait between two attempts (seconds). */
  RetryDelayMaxSeconds: z.coerce.number().int().min(1).default(3600),
  /** Deliveries in a row that failed after every attempt before the webhook is turned off. */
  DisableAfterFailures: z.coerce.number().int().min(1).default(10),
  /** Whole attempt: connect, send, the receiver's answer. */
  TimeoutMs: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** Bytes of a receiver's answer read (the rest is not waited for). */
  MaxResponseBytes: z.coerce
    .number()
    .int()
    .min(256)
    .default(64 * 1024),
  /** Attempts kept in each webhook's log (older ones are dropped). */
  KeepAttempts: z.coerce.number().int().min(1).max(1000).default(50),
  /** Webhooks per user. */
  MaxPerUser: z.coerce.number().int().min(1).default(20),
  /** How often a worker looks for new events to send (the triggers write them in the change's transaction). */
  PollIntervalMs: z.coerce.number().int().min(50).default(1000),
});
