import { randomUUID } from "node:crypto";
import type { AddFeedRequest, Feed, FeedEntryOut, FeedRun } from "../../domain/feed.ts";
import type { Caller } from "../../domain/user.ts";
import { fail, type Failure, type Result } from "../../errors.ts";
import { FEED_JOB } from "./feedJob.ts";
import type { JobQueue } from "../../queue/queue.ts";
import { submittedUrlRefusal } from "../shared/submittedUrl.ts";
import { isUuid, type UsersService } from "../users/index.ts";
import { FEED_ACCEPT, runFeedJob, type FeedRunDeps } from "./feedRun.ts";
import { fetchFailure, toEntry, toFeed, toRun } from "./feedWords.ts";

export interface FeedsDeps extends FeedRunDeps {
  users: UsersService;
  queue: JobQueue | null;
}

const notFound = (id: string): Failure =>
  fail(
    "FEED_NOT_FOUND",
    `No feed ${id.slice(0, 64)} in your libraries; list them with \`ladle feeds list\`.`,
  );

/**
 * Feeds (RSS, Atom, JSON Feed): a library follows a feed; its new entries become articles on a
 * schedule (the scheduler queues a fetch per due feed), each fetch writes a line of the feed's log.
 * Members of the feed's library see it; its subscriber and the library's admins change it.
 */
export class FeedsService {
  private readonly d: FeedsDeps;

  constructor(deps: FeedsDeps) {
    this.d = deps;
  }

  /**
   * Subscribes a library to the feed at `url`, or to the feed a page at `url` names in its head,
   * and fetches it at once. Subscribing twice answers the existing subscription.
   */
  async add(
    caller: Caller,
    input: AddFeedRequest,
  ): Promise<Result<{ feed: Feed; created: boolean; fetching: boolean }>> {
    const { config, users } = this.d;
    const refused = submittedUrlRefusal(input.url, config);
    if (refused) return fail("INVALID_FEED", refused.message);
    const min = config.Feeds.MinIntervalMinutes;
    const interval = input.intervalMinutes ?? Math.max(min, config.Feeds.DefaultIntervalMinutes);
    if (interval < min)
      return fail(
        "INVALID_FEED",
        `Fetch a feed at most every ${min} minutes (the server's Feeds:MinIntervalMinutes); ask for ${min} or more.`,
      );
    const defaultLib = await users.defaultLibraryId(caller.id);
    const libraryId = input.libraryId ?? defaultLib;
    if (
      libraryId !== defaultLib &&
      !(isUuid(libraryId) && (await users.isLibraryAdmin(caller.id, libraryId)))
    )
      return fail(
        "LIBRARY_NOT_FOUND",
        "You can add feeds only to libraries you administer; pick another library.",
      );

    const found = await this.findFeed(input.url);
    if (!found.ok) return found;
    const { row, created } = await this.d.repo.create({
      id: randomUUID(),
      ownerId: caller.id,
      libraryId,
      url: found.value.url,
      siteUrl: found.value.siteUrl,
      title: found.value.title,
      intervalMinutes: interval,
      at: this.d.now(),
    });
    const fetching = created ? await this.queueFetch(row.id, caller.id) : false;
    const feed = await this.view(caller, row.id);
    return { ok: true, value: { feed: feed!, created, fetching } };
  }

  /** The feeds of the caller's libraries (or of one of them). */
  async list(caller: Caller, libraryId?: string): Promise<Result<Feed[]>> {
    if (libraryId && !(isUuid(libraryId) && (await this.d.users.isMember(caller.id, libraryId))))
      return fail("LIBRARY_NOT_FOUND", "No such library among yours.");
    return {
      ok: true,
      value: (await this.d.repo.list(caller.id, libraryId ? { libraryId } : {})).map(toFeed),
    };
  }

  async get(caller: Caller, id: string): Promise<Result<Feed>> {
    const feed = await this.view(caller, id);
    return feed ? { ok: true, value: feed } : notFound(id);
  }

  /** The feed's log: its fetches, newest first, with what each imported and what failed and why. */
  async log(caller: Caller, id: string, limit = 50): Promise<Result<{ feed: Feed; runs: FeedRun[] }>> {
    if (!isUuid(id) || !(await this.d.repo.visible(caller.id, id))) return notFound(id);
    // Runs first, then the feed: a run seen finished always comes with the status it left
    // (both are written in one transaction; read the other way round, a log could show a
    // finished run beside the status from before it).
    const runs = await this.d.repo.runs(id, Math.min(Math.max(1, limit), 200));
    const feed = await this.view(caller, id);
    if (!feed) return notFound(id);
    return { ok: true, value: { feed, runs: runs.map(toRun) } };
  }

  /** The feed's entries, newest first, with the articles they became. */
  async entries(caller: Caller, id: string, limit = 200): Promise<Result<FeedEntryOut[]>> {
    if (!isUuid(id) || !(await this.d.repo.visible(caller.id, id))) return notFound(id);
    return {
      ok: true,
      value: (await this.d.repo.entries(id, Math.min(Math.max(1, limit), 1000))).map(toEntry),
    };
  }

  /** Stops following the feed; the articles it brought stay in the library. */
  async remove(caller: Caller, id: string): Promise<Result<{ removed: true }>> {
    if (!(await this.manageable(caller, id))) return notFound(id);
    await this.d.repo.remove(id);
    return { ok: true, value: { removed: true } };
  }

  /** Fetches the feed now (one fetch at a time per feed). */
  async refresh(
    caller: Caller,
    id: string,
  ): Promise<Result<{ feed: Feed; queued: boolean; message: string }>> {
    if (!(await this.manageable(caller, id))) return notFound(id);
    const queued = await this.queueFetch(id, caller.id);
    const feed = (await this.view(caller, id))!;
    return {
      ok: true,
      value: {
        feed,
        queued,
        message: queued ? "Fetching the feed now." : "The feed is being fetched already.",
      },
    };
  }

  /** The scheduler's tick: a fetch job for every feed whose interval ran out. */
  async queueDue(): Promise<number> {
    let n = 0;
    for (;;) {
      const due = await this.d.repo.claimDue(this.d.now(), 100);
      for (const f of due) if (await this.queueFetch(f.id, f.owner_id)) n++;
      if (due.length < 100) return n;
    }
  }

  /** The job handler: one fetch of one feed. */
  run(job: { feedId: string; runId: string }, signal?: AbortSignal): Promise<void> {
    return runFeedJob(this.d, job, signal);
  }

  private async queueFetch(feedId: string, owner: string): Promise<boolean> {
    const job = { feedId, runId: randomUUID() };
    if (!this.d.queue) {
      // No queue (one-shot CLI use): fetch now, in this process.
      await this.run(job);
      return true;
    }
    // Keyed by the feed: one fetch of a feed queued or running at a time.
    return (await this.d.queue.send(FEED_JOB, job, { key: feedId, owner })) !== null;
  }

  private async view(caller: Caller, id: string): Promise<Feed | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await this.d.repo.list(caller.id, { id });
    return row ? toFeed(row) : undefined;
  }

  private async manageable(caller: Caller, id: string): Promise<boolean> {
    return isUuid(id) && (await this.d.repo.canManage(caller.id, id));
  }

  /** The feed at `url`, or the first one the page at `url` names. */
  private async findFeed(
    url: string,
  ): Promise<Result<{ url: string; title: string | null; siteUrl: string | null }>> {
    const maxBytes = this.d.config.Feeds.MaxFeedBytes;
    const get = (u: string) =>
      this.d.fetch(u, { headers: {}, accept: `${FEED_ACCEPT}, text/html;q=0.5`, maxBytes });
    const first = await get(url);
    if (!first.ok)
      return fail(
        "FEED_UNREACHABLE",
        `Ladle could not read ${url.slice(0, 200)}: ${fetchFailure(first, maxBytes).message}.`,
      );
    const text = first.body.toString("utf8");
    // The feed reader (htmlparser2, feedsmith) loads with the first feed added: not resident at rest.
    const { discoverFeeds, readFeed } = await import("../../extract/feed/readFeed.ts");
    const direct = await readFeed(text, first.url);
    if (direct.ok) return { ok: true, value: { url, title: direct.title, siteUrl: direct.siteUrl } };
    const named = discoverFeeds(text, first.url)[0];
    if (!named)
      return fail(
        "NO_FEED_THERE",
        `${url.slice(0, 200)} is neither a feed nor a page that names one; give the feed's own address.`,
      );
    const second = await get(named.url);
    if (!second.ok)
      return fail(
        "FEED_UNREACHABLE",
        `The page names the feed ${named.url.slice(0, 200)}, but Ladle could not read it: ${fetchFailure(second, maxBytes).message}.`,
      );
    const feed = await readFeed(second.body.toString("utf8"), second.url);
    if (!feed.ok)
      return fail("NO_FEED_THERE", `The page names ${named.url.slice(0, 200)}, but ${feed.reason}.`);
    return {
      ok: true,
      value: { url: named.url, title: feed.title ?? named.title, siteUrl: feed.siteUrl ?? first.url },
    };
  }
}
