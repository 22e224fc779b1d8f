import type { Generated } from "kysely";
import type { Json, Timestamp } from "./columnTypes.ts";

// Webhook tables (migration 027_webhooks), kept out of schema.ts like the kitchen's.

/** A subscription: where to post which events, signed with `secret`. */
export interface WebhooksTable {
  id: string;
  owner_id: string;
  library_id: string | null;
  url: string;
  events: string[];
  secret: string;
  active: Generated<boolean>;
  failure_count: Generated<number>;
  disabled_reason: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The outbox the row triggers write events to; the worker fans them out and deletes them. */
export interface WebhookEventsTable {
  seq: Generated<string>;
  id: Generated<string>;
  type: string;
  owner_id: string | null;
  library_ids: Generated<string[]>;
  data: Json;
  created_at: Generated<Date>;
}

/** One event for one subscription: the exact body posted on every attempt. */
export interface WebhookDeliveriesTable {
  id: string;
  webhook_id: string;
  event_id: string;
  type: string;
  body: string;
  /** pending | succeeded | failed | skipped */
  state: Generated<string>;
  attempts: Generated<number>;
  created_at: Timestamp;
  finished_at: Timestamp | null;
}

/** The delivery log: one row per attempt, the newest few kept per subscription. */
export interface WebhookAttemptsTable {
  id: string;
  webhook_id: string;
  delivery_id: string;
  attempt: number;
  ok: boolean;
  status_code: number | null;
  duration_ms: number;
  response_excerpt: string | null;
  error: string | null;
  will_retry: boolean;
  created_at: Timestamp;
}
