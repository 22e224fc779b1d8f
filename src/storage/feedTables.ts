import type { ColumnType, Generated, Selectable } from "kysely";
import type { FeedProblemParams } from "../domain/feedProblem.ts";

// The feeds family's tables (migrations 063, 065); schema.ts composes them.

type Stamp = ColumnType<Date, Date | string, Date | string>;
/** A problem's figures (jsonb), written as JSON text. */
type Params = ColumnType<FeedProblemParams | null, string | null | undefined, string | null>;
type MaybeStamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** A library's subscription to an RSS or Atom feed. */
export interface FeedsTable {
  id: string;
  owner_id: string;
  library_id: string;
  url: string;
  site_url: string | null;
  title: string | null;
  interval_minutes: number;
  /** The validators of the last 200 answer, sent back as If-None-Match / If-Modified-Since. */
  etag: string | null;
  last_modified: string | null;
  status: Generated<"new" | "ok" | "failing">;
  failure_message: string | null;
  /** The failure's stable code and figures (null on rows stored before 065). */
  failure_code: string | null;
  failure_params: Params;
  failing_since: MaybeStamp;
  last_polled_at: MaybeStamp;
  next_poll_at: Stamp;
  created_at: Stamp;
}

/** One poll of a feed: the feed's log. */
export interface FeedRunsTable {
  id: string;
  feed_id: string;
  started_at: Stamp;
  fetched_at: MaybeStamp;
  finished_at: MaybeStamp;
  outcome: "fetched" | "not_modified" | "failed" | null;
  http_status: number | null;
  message: string | null;
  message_code: string | null;
  message_params: Params;
  items_seen: Generated<number>;
  items_new: Generated<number>;
}

/** An entry of a feed, remembered once (by guid, else link): waiting, imported or failed. */
export interface FeedEntriesTable {
  feed_id: string;
  entry_key: string;
  link: string | null;
  title: string | null;
  published_at: MaybeStamp;
  position: number;
  state: Generated<"waiting" | "imported" | "failed">;
  media_id: string | null;
  failure: string | null;
  failure_code: string | null;
  failure_params: Params;
  seen_run_id: string | null;
  done_run_id: string | null;
  first_seen_at: Stamp;
}

export type FeedRow = Selectable<FeedsTable>;
export type FeedRunRow = Selectable<FeedRunsTable>;
export type FeedEntryRow = Selectable<FeedEntriesTable>;
