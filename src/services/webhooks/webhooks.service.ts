import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Config } from "../../config.ts";
import type { Caller, LibraryRole } from "../../domain/user.ts";
import {
  zCreateWebhookRequest,
  zRedeliverRequest,
  zUpdateWebhookRequest,
  type Webhook,
  type WebhookAttempt,
  type WebhookBody,
} from "../../domain/webhook.ts";
import { fail, type Failure, type Result } from "../../errors.ts";
import type { Schema } from "../../storage/schema.ts";
import type { WebhookRow, WebhooksRepo } from "../../storage/webhooks.repo.ts";
import { submittedUrlProblem } from "../shared/submittedUrl.ts";
import type { WebhookDelivery } from "./webhookDelivery.ts";
import { newWebhookSecret } from "./webhookSignature.ts";

export interface WebhookServiceDeps {
  config: Config;
  db: Kysely<Schema>;
  /** Built by createWebhooks (the only place a repository is constructed). */
  repo: WebhooksRepo;
  delivery: WebhookDelivery;
  /** The caller's role in a library (null: not a member, or no such library). */
  libraryRole: (userId: string, libraryId: string) => Promise<LibraryRole | null>;
  now: () => Date;
  /** Runs a delivery at once where no worker takes jobs (the CLI without a queue). */
  runNow: ((deliveryId: string) => void) | null;
}

function toWebhook(r: WebhookRow, secret?: string): Webhook {
  return {
    id: r.id,
    url: r.url,
    events: r.events as Webhook["events"],
    ...(r.library_id ? { libraryId: r.library_id } : {}),
    active: r.active,
    createdAt: new Date(r.created_at).toISOString(),
    failureCount: r.failure_count,
    ...(r.disabled_reason ? { disabledReason: r.disabled_reason } : {}),
    ...(secret ? { secret } : {}),
  };
}

/** The first problem zod found, as one sentence naming the field. */
export function issueWords(issues: { path: PropertyKey[]; message: string }[]): string {
  const i = issues[0];
  return i ? `${i.path.map(String).join(".") || "body"}: ${i.message}.` : "";
}

/** A person's webhooks: add, list, change, remove, test, and read the log. */
export class WebhookService {
  private readonly d: WebhookServiceDeps;
  private readonly repo: WebhooksRepo;

  constructor(deps: WebhookServiceDeps) {
    this.d = deps;
    this.repo = deps.repo;
  }

  private urlProblem(url: string): Failure | null {
    const problem = submittedUrlProblem(url, this.d.config);
    return problem ? fail("WEBHOOK_URL_NOT_ALLOWED", problem, { url }) : null;
  }

  /**
   * A new webhook with a new signing secret, shown in this answer only. The secret has to stay
   * readable to Ladle (an HMAC is computed with it on every delivery, so a hash of it would not
   * do), but like an API token it is never shown again: a list or a stolen session does not leak
   * it; whoever lost it deletes the webhook and adds it again.
   */
  async create(caller: Caller, input: unknown): Promise<Result<Webhook>> {
    const req = zCreateWebhookRequest.safeParse(input);
    if (!req.success)
      return fail("INVALID_WEBHOOK", `${fail("INVALID_WEBHOOK").message} ${issueWords(req.error.issues)}`);
    const bad = this.urlProblem(req.data.url);
    if (bad) return bad;
    const libraryId = req.data.libraryId ?? null;
    if (libraryId) {
      const role = await this.d.libraryRole(caller.id, libraryId);
      // Someone else's library does not exist for this caller (404, as everywhere).
      if (!role) return fail("LIBRARY_NOT_FOUND", `Library ${libraryId} does not exist.`);
      if (role !== "admin") return fail("FORBIDDEN", "Only the library's admins may add webhooks to it.");
    }
    if ((await this.repo.countOwned(caller.id)) >= this.d.config.Webhooks.MaxPerUser)
      return fail("WEBHOOK_LIMIT_REACHED");
    const secret = newWebhookSecret();
    const row = await this.repo.insert({
      id: randomUUID(),
      ownerId: caller.id,
      libraryId,
      url: req.data.url,
      events: [...new Set(req.data.events)],
      secret,
      at: this.d.now(),
    });
    return { ok: true, value: toWebhook(row, secret) };
  }

  async list(caller: Caller): Promise<Webhook[]> {
    return (await this.repo.listOwned(caller.id)).map((r) => toWebhook(r));
  }

  async get(caller: Caller, id: string): Promise<Result<Webhook>> {
    const row = await this.repo.getOwned(caller.id, id);
    return row ? { ok: true, value: toWebhook(row) } : fail("WEBHOOK_NOT_FOUND");
  }

  /** Changes the address or events, or turns it off or on again (on again: its failures are forgotten). */
  async update(caller: Caller, id: string, input: unknown): Promise<Result<Webhook>> {
    if (!(await this.repo.getOwned(caller.id, id))) return fail("WEBHOOK_NOT_FOUND");
    const req = zUpdateWebhookRequest.safeParse(input);
    if (!req.success)
      return fail("INVALID_WEBHOOK", `Send any of url, events, active. ${issueWords(req.error.issues)}`);
    if (req.data.url !== undefined) {
      const bad = this.urlProblem(req.data.url);
      if (bad) return bad;
    }
    const row = await this.repo.updateOwned(
      caller.id,
      id,
      {
        ...(req.data.url !== undefined ? { url: req.data.url } : {}),
        ...(req.data.events ? { events: [...new Set(req.data.events)] } : {}),
        ...(req.data.active !== undefined ? { active: req.data.active } : {}),
      },
      this.d.now(),
    );
    return row ? { ok: true, value: toWebhook(row) } : fail("WEBHOOK_NOT_FOUND");
  }

  async remove(caller: Caller, id: string): Promise<Result<{ id: string; deleted: true }>> {
    return (await this.repo.deleteOwned(caller.id, id))
      ? { ok: true, value: { id, deleted: true } }
      : fail("WEBHOOK_NOT_FOUND");
  }

  /** The webhook's log: its newest attempts first. */
  async attempts(caller: Caller, id: string): Promise<Result<WebhookAttempt[]>> {
    if (!(await this.repo.getOwned(caller.id, id))) return fail("WEBHOOK_NOT_FOUND");
    const rows = await this.repo.attemptsOwned(caller.id, id, this.d.config.Webhooks.KeepAttempts);
    return {
      ok: true,
      value: rows.map((a) => ({
        id: a.id,
        deliveryId: a.delivery_id,
        eventId: a.event_id,
        type: a.type,
        attempt: a.attempt,
        ok: a.ok,
        ...(a.status_code !== null ? { statusCode: a.status_code } : {}),
        durationMs: a.duration_ms,
        ...(a.response_excerpt ? { responseExcerpt: a.response_excerpt } : {}),
        ...(a.error ? { error: a.error } : {}),
        willRetry: a.will_retry,
        at: new Date(a.created_at).toISOString(),
      })),
    };
  }

  /**
   * Sends one delivery of the log again (after the receiver was fixed): the same body and event
   * id, so a receiver that already has it can tell; a new delivery id, signed anew.
   */
  async redeliver(
    caller: Caller,
    id: string,
    input: unknown,
  ): Promise<Result<{ deliveryId: string; eventId: string }>> {
    const row = await this.repo.getOwned(caller.id, id);
    if (!row) return fail("WEBHOOK_NOT_FOUND");
    const req = zRedeliverRequest.safeParse(input);
    if (!req.success) return fail("INVALID_WEBHOOK", 'Send {"deliveryId": "<a delivery of its log>"}.');
    const old = await this.repo.deliveryOwned(caller.id, id, req.data.deliveryId);
    if (!old) return fail("WEBHOOK_DELIVERY_NOT_FOUND");
    if (!row.active && old.type !== "webhook.test") return fail("WEBHOOK_OFF");
    const body = JSON.parse(old.body) as WebhookBody;
    const deliveryId = await this.d.db
      .transaction()
      .execute((trx) => this.d.delivery.enqueue(trx, row, { ...body, createdAt: new Date(body.createdAt) }));
    this.d.runNow?.(deliveryId);
    return { ok: true, value: { deliveryId, eventId: body.id } };
  }

  /** Sends a `webhook.test` event now (once, no retries), whether the webhook is on or off. */
  async test(caller: Caller, id: string): Promise<Result<{ deliveryId: string; eventId: string }>> {
    const row = await this.repo.getOwned(caller.id, id);
    if (!row) return fail("WEBHOOK_NOT_FOUND");
    const eventId = randomUUID();
    const deliveryId = await this.d.db.transaction().execute((trx) =>
      this.d.delivery.enqueue(trx, row, {
        id: eventId,
        type: "webhook.test",
        createdAt: this.d.now(),
        data: { id: row.id, title: "A test from Ladle", url: null },
      }),
    );
    this.d.runNow?.(deliveryId);
    return { ok: true, value: { deliveryId, eventId } };
  }
}
