import type { Logger } from "pino";
import type { Config } from "../../config.ts";
import type { GatewayResult } from "../../domain/fetched.ts";
import type { Caller } from "../../domain/user.ts";
import type { Failure } from "../../errors.ts";
import type { FeedJob } from "./feedJob.ts";
import { JobReleased } from "../../queue/jobTypes.ts";
import type { FeedsRepo } from "../../storage/feeds.repo.ts";
import type { FeedEntryRow, FeedRunRow } from "../../storage/feedTables.ts";
import { fetchFailure } from "./feedWords.ts";
import { FEED_PROBLEM_CODES, feedProblem, type FeedProblem } from "../../domain/feedProblem.ts";

/** The Accept of a feed fetch: feeds first, then anything XML. */
export const FEED_ACCEPT =
  "application/rss+xml, application/atom+xml, application/feed+json;q=0.9, application/xml;q=0.8, text/xml;q=0.8, */*;q=0.1";

/** What a fetch of a feed needs from the rest of Ladle. */
export interface FeedRunDeps {
  config: Config;
  repo: FeedsRepo;
  /** The gateway's fetch (address policy, robots.txt, per-site politeness, size cap). */
  fetch: (
    url: string,
    o: { headers: Record<string, string>; accept: string; maxBytes: number; signal?: AbortSignal },
  ) => Promise<GatewayResult>;
  /** Saves an article into a library for its subscriber (deduplicated by address). */
  submitArticle: (
    caller: Caller,
    input: { url: string; libraryId: string },
  ) => Promise<{ ok: true; value: { media: { id: string } } } | Failure>;
  /** The subscriber as a caller, or null when they are gone. */
  caller: (userId: string) => Promise<Caller | null>;
  now: () => Date;
  log: Logger;
}

/**
 * One fetch of a feed, in steps that can each run again: the run row is made once (its id comes
 * with the job); the answer is stored once (entries remembered by guid or link, a known one left
 * alone); each waiting entry, newest first, becomes an article (saving the same address twice
 * gives the same article) and is then marked done once. A worker killed anywhere in between
 * leaves a job that carries on with the same run, importing nothing twice.
 */
export async function runFeedJob(d: FeedRunDeps, job: FeedJob, signal?: AbortSignal): Promise<void> {
  const feed = await d.repo.get(job.feedId);
  if (!feed) return; // removed meanwhile
  let run = await d.repo.startRun(job.runId, feed.id, d.now());
  if (run.finished_at) return;
  let failure: FeedProblem | null = null;

  if (!run.outcome) {
    const maxBytes = d.config.Feeds.MaxFeedBytes;
    const headers: Record<string, string> = {};
    if (feed.etag) headers["if-none-match"] = feed.etag;
    if (feed.last_modified) headers["if-modified-since"] = feed.last_modified;
    const res = await d.fetch(feed.url, {
      headers,
      accept: FEED_ACCEPT,
      maxBytes,
      ...(signal ? { signal } : {}),
    });
    const at = d.now();
    if (!res.ok && res.code === "HTTP_ERROR" && res.status === 304) {
      await d.repo.recordAnswer(run.id, "not_modified", 304, null, at);
    } else if (!res.ok) {
      failure = fetchFailure(res, maxBytes);
      await d.repo.recordAnswer(run.id, "failed", res.status ?? null, failure, at);
    } else {
      // Loaded with the first poll: a process at rest keeps no feed reader.
      const { readFeed } = await import("../../extract/feed/readFeed.ts");
      const parsed = await readFeed(res.body.toString("utf8"), res.url);
      if (!parsed.ok) {
        failure = parsed.problem;
        await d.repo.recordAnswer(run.id, "failed", res.status, failure, at);
      } else {
        await d.repo.recordFetched(
          run.id,
          feed.id,
          {
            status: res.status,
            etag: res.headers.etag ?? null,
            lastModified: res.headers["last-modified"] ?? null,
            title: parsed.title,
            siteUrl: parsed.siteUrl,
            entries: parsed.entries,
          },
          at,
        );
      }
    }
    run = await d.repo.startRun(run.id, feed.id, at);
  } else if (run.outcome === "failed") failure = storedProblem(run);

  if (run.outcome !== "failed") {
    const owner = await d.caller(feed.owner_id);
    const per = d.config.Feeds.NewestPerFetch;
    const waiting = await d.repo.waiting(feed.id, per - (await d.repo.doneInRun(run.id)));
    for (const entry of waiting) {
      if (signal?.aborted) throw new JobReleased("the feed fetch was released at shutdown");
      await importEntry(d, feed.id, feed.library_id, run.id, owner, entry);
    }
  }
  await d.repo.finishRun(run.id, feed.id, failure, d.now(), d.config.Feeds.LogKeeps);
  d.log.info({ feedId: feed.id, runId: run.id, outcome: run.outcome }, "feed fetched");
}

async function importEntry(
  d: FeedRunDeps,
  feedId: string,
  libraryId: string,
  runId: string,
  owner: Caller | null,
  entry: FeedEntryRow,
): Promise<void> {
  const failed = (failure: FeedProblem) => d.repo.markDone(feedId, entry.entry_key, runId, { failure });
  if (!entry.link)
    return failed(
      entry.failure_code === "badLink"
        ? feedProblem("badLink", entry.failure_params ?? {})
        : feedProblem("noLink"),
    );
  if (!owner) return failed(feedProblem("subscriberGone"));
  const res = await d.submitArticle(owner, { url: entry.link, libraryId });
  // The error's code is said by the web app's message table; the words are the server's.
  if (!res.ok) return failed(feedProblem("articleRefused", { error: res.code, reason: res.message }));
  await d.repo.markDone(feedId, entry.entry_key, runId, { mediaId: res.value.media.id });
}

/** The failure a run stored (the job runs again after its answer was recorded). */
function storedProblem(run: FeedRunRow): FeedProblem {
  const known = FEED_PROBLEM_CODES.find((c) => c === run.message_code);
  if (known && run.message_params)
    return { code: known, params: run.message_params, message: run.message ?? "" };
  return feedProblem("fetchFailed", { reason: run.message ?? "the fetch failed" });
}
