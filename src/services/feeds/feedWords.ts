import type { GatewayResult } from "../../domain/fetched.ts";
import { feedProblem, type FeedProblem } from "../../domain/feedProblem.ts";
import type { Feed, FeedEntryOut, FeedRun } from "../../domain/feed.ts";
import type { FeedEntryView, FeedListRow, FeedRunView } from "../../storage/feeds.repo.ts";

// How a feed, a fetch of it and its entries are told: plain words for cooks and readers.

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/** Why a fetch of a feed failed: its code and figures, with the English words. */
export function fetchFailure(r: Extract<GatewayResult, { ok: false }>, maxBytes: number): FeedProblem {
  switch (r.code) {
    case "HTTP_ERROR":
      if (r.status === 404 || r.status === 410) return feedProblem("notThere", { status: r.status });
      if (r.status && r.status >= 500) return feedProblem("siteError", { status: r.status });
      if (r.status === 401 || r.status === 403) return feedProblem("refused", { status: r.status });
      return feedProblem("otherStatus", { status: r.status ?? "?" });
    case "TIMEOUT":
      return feedProblem("timeout");
    case "CONNECTION_FAILED":
      return feedProblem("connectionFailed");
    case "ROBOTS_DISALLOWED":
      return feedProblem("robots");
    case "BLOCKED":
      return feedProblem("botCheck");
    case "TOO_LARGE":
      return feedProblem("tooLarge", { mb: Math.round(maxBytes / 1024 / 1024) });
    case "DOMAIN_DENIED":
      return feedProblem("domainDenied");
    default:
      return feedProblem("fetchFailed", { reason: r.reason });
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
    failureCode: r.failure_message ? r.failure_code : null,
    failureParams: r.failure_message ? r.failure_params : null,
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
    messageCode: r.message_code,
    messageParams: r.message_params,
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
    failureCode: e.failure_code,
    failureParams: e.failure_params,
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
