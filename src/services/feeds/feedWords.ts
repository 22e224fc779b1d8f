import type { GatewayResult } from "../../domain/fetched.ts";
import type { Feed, FeedEntryOut, FeedRun } from "../../domain/feed.ts";
import type { FeedEntryView, FeedListRow, FeedRunView } from "../../storage/feeds.repo.ts";

// How a feed, a fetch of it and its entries are told: plain words for cooks and readers.

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/** Why a fetch of a feed failed, in plain words. */
export function fetchFailureWords(r: Extract<GatewayResult, { ok: false }>, maxBytes: number): string {
  switch (r.code) {
    case "HTTP_ERROR":
      if (r.status === 404 || r.status === 410)
        return `the site says the feed is not there (HTTP ${r.status})`;
      if (r.status && r.status >= 500) return `the site had an error (HTTP ${r.status})`;
      if (r.status === 401 || r.status === 403)
        return `the site refused to hand over the feed (HTTP ${r.status})`;
      return `the site answered HTTP ${r.status ?? "?"} instead of the feed`;
    case "TIMEOUT":
      return "the site did not answer in time";
    case "CONNECTION_FAILED":
      return "Ladle could not connect to the site";
    case "ROBOTS_DISALLOWED":
      return "the site's robots.txt asks programs like Ladle not to fetch the feed";
    case "BLOCKED":
      return "the site answered with a bot check instead of the feed";
    case "TOO_LARGE":
      return `the feed is larger than Ladle takes (${Math.round(maxBytes / 1024 / 1024)} MB)`;
    case "DOMAIN_DENIED":
      return "the server's operator does not let Ladle fetch from this site";
    default:
      return r.reason;
  }
}

export function toFeed(r: FeedListRow): Feed {
  const statusText =
    r.status === "failing"
      ? `Failing since ${new Date(r.failing_since ?? r.last_polled_at ?? r.created_at).toUTCString()}: ${r.failure_message ?? "the last fetch failed"}`
      : r.status === "ok"
        ? "Fetched fine"
        : "Waiting for its first fetch";
  return {
    id: r.id,
    url: r.url,
    siteUrl: r.site_url,
    title: r.title,
    libraryId: r.library_id,
    libraryName: r.library_name,
    intervalMinutes: r.interval_minutes,
    status: r.status,
    statusText,
    failureMessage: r.failure_message,
    failingSince: iso(r.failing_since),
    lastFetchedAt: iso(r.last_polled_at),
    nextFetchAt: iso(r.next_poll_at)!,
    imported: r.imported,
    waiting: r.waiting,
    failed: r.failed,
    createdAt: iso(r.created_at)!,
  };
}

function runSummary(r: FeedRunView): string {
  if (!r.outcome) return r.finished_at ? "Stopped before the feed answered" : "Fetching…";
  if (r.outcome === "failed") return `Failed: ${r.message ?? "the fetch failed"}`;
  const failed = r.failures.length ? `, ${r.failures.length} failed` : "";
  if (r.outcome === "not_modified")
    return `Unchanged since the last fetch (HTTP 304)${r.imported ? `; ${r.imported} older entries imported` : ""}${failed}`;
  return `${r.items_seen} entries, ${r.items_new} new, ${r.imported} imported${failed}`;
}

export function toRun(r: FeedRunView): FeedRun {
  return {
    id: r.id,
    startedAt: iso(r.started_at)!,
    finishedAt: iso(r.finished_at),
    answer: r.outcome,
    httpStatus: r.http_status,
    summary: runSummary(r),
    message: r.message,
    itemsSeen: r.items_seen,
    itemsNew: r.items_new,
    imported: r.imported,
    failures: r.failures,
  };
}

export function toEntry(e: FeedEntryView): FeedEntryOut {
  return {
    key: e.entry_key,
    title: e.title,
    link: e.link,
    publishedAt: iso(e.published_at),
    state: e.state,
    failure: e.failure,
    article: e.media_id
      ? {
          id: e.media_id,
          title: e.media_title,
          status: e.media_status ?? "pending",
          failure: e.media_failure,
        }
      : null,
  };
}
