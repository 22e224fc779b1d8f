import { sql, type Kysely, type Selectable } from "kysely";
import type { Schema } from "./schema.ts";
import type {
  WebhookAttemptsTable,
  WebhookDeliveriesTable,
  WebhookEventsTable,
  WebhooksTable,
} from "./webhookTables.ts";

export type WebhookRow = Selectable<WebhooksTable>;
export type WebhookEventRow = Selectable<WebhookEventsTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
export type WebhookAttemptRow = Selectable<WebhookAttemptsTable>;

// users.id is uuid; a caller id that is not one owns nothing (and must not reach a uuid cast).
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Webhooks, their deliveries and the attempt log. Every read and write a person asks for carries
 * their id into the WHERE (`owner_id`): another person's webhook is never loaded, so it answers 404.
 * The worker's reads (`delivery`, fan-out) act for the system and say so in their names.
 */
export class WebhooksRepo {
  private readonly db: Kysely<Schema>;

  constructor(db: Kysely<Schema>) {
    this.db = db;
  }

  /** The same repository over `db` (a transaction the caller holds). */
  withDb(db: Kysely<Schema>): WebhooksRepo {
    return new WebhooksRepo(db);
  }

  async insert(w: {
    id: string;
    ownerId: string;
    libraryId: string | null;
    url: string;
    events: string[];
    secret: string;
    at: Date;
  }): Promise<WebhookRow> {
    return this.db
      .insertInto("webhooks")
      .values({
        id: w.id,
        owner_id: w.ownerId,
        library_id: w.libraryId,
        url: w.url,
        events: w.events,
        secret: w.secret,
        created_at: w.at,
        updated_at: w.at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async countOwned(ownerId: string): Promise<number> {
    if (!UUID.test(ownerId)) return 0;
    const r = await this.db
      .selectFrom("webhooks")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("owner_id", "=", ownerId)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  async listOwned(ownerId: string): Promise<WebhookRow[]> {
    if (!UUID.test(ownerId)) return [];
    return this.db
      .selectFrom("webhooks")
      .selectAll()
      .where("owner_id", "=", ownerId)
      .orderBy("created_at")
      .orderBy("id")
      .execute();
  }

  async getOwned(ownerId: string, id: string): Promise<WebhookRow | undefined> {
    if (!UUID.test(ownerId) || !UUID.test(id)) return undefined;
    return this.db
      .selectFrom("webhooks")
      .selectAll()
      .where("id", "=", id)
      .where("owner_id", "=", ownerId)
      .executeTakeFirst();
  }

  /** Changes the owner's webhook; turning it on forgets its failures and why it was off. */
  async updateOwned(
    ownerId: string,
    id: string,
    p: { url?: string; events?: string[]; active?: boolean },
    at: Date,
  ): Promise<WebhookRow | undefined> {
    if (!UUID.test(ownerId) || !UUID.test(id)) return undefined;
    return this.db
      .updateTable("webhooks")
      .set({
        ...(p.url !== undefined ? { url: p.url } : {}),
        ...(p.events !== undefined ? { events: p.events } : {}),
        ...(p.active === true ? { active: true, failure_count: 0, disabled_reason: null } : {}),
        ...(p.active === false ? { active: false } : {}),
        updated_at: at,
      })
      .where("id", "=", id)
      .where("owner_id", "=", ownerId)
      .returningAll()
      .executeTakeFirst();
  }

  async deleteOwned(ownerId: string, id: string): Promise<boolean> {
    if (!UUID.test(ownerId) || !UUID.test(id)) return false;
    const r = await this.db
      .deleteFrom("webhooks")
      .where("id", "=", id)
      .where("owner_id", "=", ownerId)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /** The owner's webhook's log, newest first, with each attempt's event. */
  async attemptsOwned(
    ownerId: string,
    id: string,
    limit: number,
  ): Promise<(WebhookAttemptRow & { event_id: string; type: string })[]> {
    if (!UUID.test(ownerId) || !UUID.test(id)) return [];
    return this.db
      .selectFrom("webhook_attempts as a")
      .innerJoin("webhooks as w", "w.id", "a.webhook_id")
      .innerJoin("webhook_deliveries as d", "d.id", "a.delivery_id")
      .selectAll("a")
      .select(["d.event_id", "d.type"])
      .where("a.webhook_id", "=", id)
      .where("w.owner_id", "=", ownerId)
      .orderBy("a.created_at", "desc")
      .orderBy("a.attempt", "desc")
      .limit(limit)
      .execute();
  }

  /** A delivery of the owner's webhook (its body, to send again). */
  async deliveryOwned(
    ownerId: string,
    webhookId: string,
    deliveryId: string,
  ): Promise<WebhookDeliveryRow | undefined> {
    if (!UUID.test(ownerId) || !UUID.test(webhookId) || !UUID.test(deliveryId)) return undefined;
    return this.db
      .selectFrom("webhook_deliveries as d")
      .innerJoin("webhooks as w", "w.id", "d.webhook_id")
      .selectAll("d")
      .where("d.id", "=", deliveryId)
      .where("d.webhook_id", "=", webhookId)
      .where("w.owner_id", "=", ownerId)
      .executeTakeFirst();
  }

  /** Whether the outbox holds anything (a read, so an idle poll opens no transaction). */
  async hasEvents(): Promise<boolean> {
    return !!(await this.db.selectFrom("webhook_events").select("seq").limit(1).executeTakeFirst());
  }

  /** Takes up to `limit` events off the outbox (run in the transaction that fans them out). */
  async claimEvents(limit: number): Promise<WebhookEventRow[]> {
    const { rows } = await sql<WebhookEventRow>`
      DELETE FROM webhook_events WHERE seq IN (
        SELECT seq FROM webhook_events ORDER BY seq LIMIT ${limit} FOR UPDATE SKIP LOCKED)
      RETURNING *`.execute(this.db);
    return rows.sort((a, b) => Number(a.seq) - Number(b.seq));
  }

  /**
   * For the system's fan-out: the live webhooks an event is for. The owner's own webhooks, and the
   * webhooks of the libraries holding the resource, while their maker is still an admin there.
   */
  async subscribersOf(e: {
    type: string;
    owner_id: string | null;
    library_ids: string[];
  }): Promise<WebhookRow[]> {
    return this.db
      .selectFrom("webhooks as w")
      .selectAll("w")
      .where("w.active", "=", true)
      .where(sql<boolean>`${e.type} = ANY(w.events)`)
      .where((eb) =>
        eb.or([
          eb.and([eb("w.library_id", "is", null), eb(sql`w.owner_id::text`, "=", e.owner_id ?? "")]),
          eb.and([
            eb(sql`w.library_id`, "=", sql`ANY(${e.library_ids}::uuid[])`),
            eb.exists(
              eb
                .selectFrom("library_members as m")
                .select(sql`1`.as("one"))
                .whereRef("m.library_id", "=", "w.library_id")
                .whereRef("m.user_id", "=", "w.owner_id")
                .where("m.role", "=", "admin"),
            ),
          ]),
        ]),
      )
      .execute();
  }

  async insertDelivery(d: {
    id: string;
    webhookId: string;
    eventId: string;
    type: string;
    body: string;
    at: Date;
  }): Promise<void> {
    await this.db
      .insertInto("webhook_deliveries")
      .values({
        id: d.id,
        webhook_id: d.webhookId,
        event_id: d.eventId,
        type: d.type,
        body: d.body,
        created_at: d.at,
      })
      .execute();
  }

  /** For the system's worker: a delivery and its webhook, counting this attempt. */
  async startAttempt(
    deliveryId: string,
  ): Promise<{ delivery: WebhookDeliveryRow; webhook: WebhookRow } | null> {
    const delivery = await this.db
      .updateTable("webhook_deliveries")
      .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
      .where("id", "=", deliveryId)
      .where("state", "=", "pending")
      .returningAll()
      .executeTakeFirst();
    if (!delivery) return null;
    const webhook = await this.db
      .selectFrom("webhooks")
      .selectAll()
      .where("id", "=", delivery.webhook_id)
      .executeTakeFirst();
    return webhook ? { delivery, webhook } : null;
  }

  /** Logs one attempt and drops the webhook's attempts beyond the newest `keep`. */
  async logAttempt(
    a: Omit<WebhookAttemptRow, "created_at"> & { created_at: Date },
    keep: number,
  ): Promise<void> {
    await this.db.insertInto("webhook_attempts").values(a).execute();
    await sql`
      DELETE FROM webhook_attempts WHERE webhook_id = ${a.webhook_id} AND id NOT IN (
        SELECT id FROM webhook_attempts WHERE webhook_id = ${a.webhook_id}
        ORDER BY created_at DESC, attempt DESC LIMIT ${keep})`.execute(this.db);
    // Finished deliveries no attempt of the log points at any more go with them.
    await sql`
      DELETE FROM webhook_deliveries d WHERE d.webhook_id = ${a.webhook_id} AND d.state <> 'pending'
        AND NOT EXISTS (SELECT 1 FROM webhook_attempts x WHERE x.delivery_id = d.id)`.execute(this.db);
  }

  async finishDelivery(id: string, state: "succeeded" | "failed" | "skipped", at: Date): Promise<void> {
    await this.db
      .updateTable("webhook_deliveries")
      .set({ state, finished_at: at })
      .where("id", "=", id)
      .execute();
  }

  /** A delivery arrived: the failures in a row start again from zero. */
  async noteSuccess(webhookId: string): Promise<void> {
    await this.db.updateTable("webhooks").set({ failure_count: 0 }).where("id", "=", webhookId).execute();
  }

  /**
   * A delivery failed for good: one more failure in a row; at `disableAfter` the webhook is turned
   * off with `reason`. The updated row (null when the webhook is gone).
   */
  async noteFailure(
    webhookId: string,
    disableAfter: number,
    reason: string,
    at: Date,
  ): Promise<WebhookRow | null> {
    const row = await this.db
      .updateTable("webhooks")
      .set((eb) => ({ failure_count: eb("failure_count", "+", 1) }))
      .where("id", "=", webhookId)
      .returningAll()
      .executeTakeFirst();
    if (!row || !row.active || row.failure_count < disableAfter) return row ?? null;
    return (
      (await this.db
        .updateTable("webhooks")
        .set({ active: false, disabled_reason: reason, updated_at: at })
        .where("id", "=", webhookId)
        .returningAll()
        .executeTakeFirst()) ?? null
    );
  }
}
