import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { Config } from "../../config.ts";
import type { WebhookBody, WebhookDeliveryJob, WebhookDeliveryType } from "../../domain/webhook.ts";
import type { FetchOptions, FetchResult } from "../../fetcher/fetchPage.ts";
import { WEBHOOK_DELIVERY_JOB } from "./webhookJob.ts";
import type { JobQueue } from "../../queue/queue.ts";
import type { DatabaseHealth } from "../../storage/db.ts";
import { kyselyExecutor } from "../../storage/rawSql.ts";
import type { Schema } from "../../storage/schema.ts";
import type { WebhookRow, WebhooksRepo } from "../../storage/webhooks.repo.ts";
import { signWebhook } from "./webhookSignature.ts";

/** The egress gateway's single-attempt fetch (address policy, DNS pinning, limits). */
export type WebhookPost = (url: string, init: Partial<FetchOptions>) => Promise<FetchResult>;

export interface WebhookDeliveryDeps {
  config: Config;
  db: Kysely<Schema>;
  /** Built by createWebhooks (the only place a repository is constructed). */
  repo: WebhooksRepo;
  health: DatabaseHealth;
  queue: JobQueue | null;
  post: WebhookPost;
  log: Logger;
  now: () => Date;
}

/** Characters of a receiver's answer kept in the log. */
const EXCERPT_CHARS = 300;
/** Events taken off the outbox per transaction. */
const FAN_OUT_BATCH = 100;
/** Refusals of the address policy: the address will not change between attempts, so no retry. */
const REFUSED = new Set([
  "URL_INVALID",
  "SCHEME_NOT_ALLOWED",
  "CREDENTIALS_NOT_ALLOWED",
  "HOST_NOT_ALLOWED",
  "ADDRESS_NOT_ALLOWED",
]);

/** Why an attempt failed, in words for the webhook's owner. */
function failureWords(r: Extract<FetchResult, { ok: false }>, timeoutMs: number): string {
  switch (r.code) {
    case "HTTP_ERROR":
      return `The receiver answered ${r.status ?? "with an error"}.`;
    case "TIMEOUT": {
      const s = Math.max(1, Math.round(timeoutMs / 1000));
      return `The receiver did not answer within ${s} second${s === 1 ? "" : "s"}.`;
    }
    case "CONNECTION_FAILED":
      return "Ladle could not connect to the receiver.";
    case "DNS_FAILED":
      return "The receiver's name could not be found.";
    case "TOO_MANY_REDIRECTS":
      return "The receiver answered with a redirect; webhooks are not redirected, so give the final address.";
    default:
      return "Ladle does not send webhooks to this address (it points inside a private network or is not a web address).";
  }
}

/**
 * Webhook delivery: fans the outbox's events (written by row triggers, migration 027) out to the
 * subscriptions they are for, then posts each delivery through the egress gateway, signed, one
 * attempt per job; a failed attempt throws so the job system retries it with backoff, the last
 * one records the failure, and enough failed deliveries in a row turn the webhook off.
 */
export class WebhookDelivery {
  private readonly d: WebhookDeliveryDeps;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private draining: Promise<unknown> | null = null;

  constructor(deps: WebhookDeliveryDeps) {
    this.d = deps;
  }

  /** Attempts per delivery of a type: the owner's test is tried once, while they watch. */
  private maxAttempts(type: string): number {
    return type === "webhook.test" ? 1 : this.d.config.Webhooks.MaxAttempts;
  }

  /** Writes one delivery and its job in the caller's transaction (`trx`). */
  async enqueue(
    trx: Kysely<Schema>,
    w: WebhookRow,
    e: { id: string; type: WebhookDeliveryType; createdAt: Date; data: WebhookBody["data"] },
  ): Promise<string> {
    const id = randomUUID();
    const body: WebhookBody = { id: e.id, type: e.type, createdAt: e.createdAt.toISOString(), data: e.data };
    await this.d.repo.withDb(trx).insertDelivery({
      id,
      webhookId: w.id,
      eventId: e.id,
      type: e.type,
      body: JSON.stringify(body),
      at: this.d.now(),
    });
    const c = this.d.config.Webhooks;
    if (this.d.queue)
      await this.d.queue.send(
        WEBHOOK_DELIVERY_JOB,
        { deliveryId: id },
        {
          key: id,
          owner: w.owner_id,
          db: kyselyExecutor(trx),
          retryLimit: this.maxAttempts(e.type) - 1,
          retryDelay: c.RetryDelaySeconds,
          retryBackoff: true,
          retryDelayMax: c.RetryDelayMaxSeconds,
        },
      );
    return id;
  }

  /** Takes a batch of events off the outbox and queues a delivery per subscriber, in one transaction. */
  async fanOut(): Promise<number> {
    if (!(await this.d.repo.hasEvents())) return 0;
    return this.d.db.transaction().execute(async (trx) => {
      const repo = this.d.repo.withDb(trx);
      const events = await repo.claimEvents(FAN_OUT_BATCH);
      for (const e of events)
        for (const w of await repo.subscribersOf(e))
          await this.enqueue(trx, w, {
            id: e.id,
            type: e.type as WebhookDeliveryType,
            createdAt: new Date(e.created_at),
            data: e.data as WebhookBody["data"],
          });
      return events.length;
    });
  }

  /** Runs deliveries on the queue and looks for new events every `Webhooks:PollIntervalMs`. */
  async work(queue: JobQueue, concurrency: number): Promise<void> {
    await queue.work(WEBHOOK_DELIVERY_JOB, concurrency, (job) => this.attempt(job));
    const tick = async () => {
      this.timer = null;
      if (this.stopped) return;
      try {
        this.draining = (async () => {
          while (!this.stopped && (await this.fanOut()) === FAN_OUT_BATCH);
        })();
        await this.draining;
      } catch (err) {
        if (!this.d.health.noteError(err)) this.d.log.warn({ err }, "webhook fan-out failed; trying again");
      } finally {
        this.draining = null;
        if (!this.stopped)
          this.timer = setTimeout(() => void tick(), this.d.config.Webhooks.PollIntervalMs).unref();
      }
    };
    void tick();
  }

  /** Stops looking for events (deliveries stop with the queue). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.draining?.catch(() => undefined);
  }

  /** One attempt of one delivery (the job handler). Throws to have the job system retry it. */
  async attempt(job: WebhookDeliveryJob): Promise<void> {
    const repo = this.d.repo;
    const got = await repo.startAttempt(job.deliveryId);
    if (!got) return; // finished already, or its webhook was deleted
    const { delivery, webhook } = got;
    const now = this.d.now();
    const isTest = delivery.type === "webhook.test";
    // A webhook turned off after its events were queued sends nothing more (its owner's test still goes).
    if (!webhook.active && !isTest) {
      await repo.finishDelivery(delivery.id, "skipped", now);
      return;
    }
    const c = this.d.config.Webhooks;
    const started = performance.now();
    const r = await this.d.post(webhook.url, {
      method: "POST",
      body: delivery.body,
      accept: "*/*",
      headers: {
        "content-type": "application/json",
        "ladle-signature": signWebhook(webhook.secret, delivery.body, now),
        "ladle-event": delivery.type,
        "ladle-delivery": delivery.id,
      },
      maxBytes: c.MaxResponseBytes,
      maxRedirects: 0,
      connectTimeoutMs: Math.min(5_000, c.TimeoutMs),
      headersTimeoutMs: c.TimeoutMs,
      bodyTimeoutMs: c.TimeoutMs,
      totalTimeoutMs: c.TimeoutMs,
    });
    const durationMs = Math.round(performance.now() - started);
    // TOO_LARGE comes only after a 2xx: the receiver took the event, its answer is just not read.
    const ok = r.ok || r.code === "TOO_LARGE";
    const excerpt = (r.ok ? r.body.toString("utf8") : (r.snippet ?? "")).slice(0, EXCERPT_CHARS);
    // (`|| r.ok` only narrows r for the compiler.)
    const error = ok || r.ok ? null : failureWords(r, c.TimeoutMs);
    const last = delivery.attempts >= this.maxAttempts(delivery.type) || (!r.ok && REFUSED.has(r.code));
    const willRetry = !ok && !last;
    const attempt = {
      id: randomUUID(),
      webhook_id: webhook.id,
      delivery_id: delivery.id,
      attempt: delivery.attempts,
      ok,
      status_code: r.ok ? r.status : (r.status ?? null),
      duration_ms: durationMs,
      response_excerpt: excerpt || null,
      error,
      will_retry: willRetry,
      created_at: now,
    };
    // The log line, the delivery's state and the webhook's count change together: whoever reads
    // the log sees the counts that go with it.
    const turnedOff = await this.d.db.transaction().execute(async (trx) => {
      const tx = this.d.repo.withDb(trx);
      await tx.logAttempt(attempt, c.KeepAttempts);
      if (willRetry) return false;
      await tx.finishDelivery(delivery.id, ok ? "succeeded" : "failed", this.d.now());
      if (isTest) return false;
      if (ok) {
        await tx.noteSuccess(webhook.id);
        return false;
      }
      const after = await tx.noteFailure(
        webhook.id,
        c.DisableAfterFailures,
        `Turned off after ${c.DisableAfterFailures} deliveries in a row failed. The last one: ${error}`,
        this.d.now(),
      );
      return !!after && !after.active && webhook.active;
    });
    if (turnedOff) this.d.log.info({ webhookId: webhook.id }, "webhook turned off after repeated failures");
    // The job system retries it after its backoff.
    if (willRetry) throw new Error(`webhook delivery ${delivery.id}, attempt ${delivery.attempts}: ${error}`);
  }
}
