import { sql, type Kysely } from "kysely";
import type { FeedProblem, FeedProblemParams } from "../domain/feedProblem.ts";
import type { FeedEntryRow, FeedRow, FeedRunRow } from "./feedTables.ts";
import type { Schema } from "./schema.ts";

/** A feed with what its list shows: counts of its entries and its last run. */
export interface FeedListRow extends FeedRow {
  library_name: string;
  imported: number;
  waiting: number;
  failed: number;
}

/** An entry with the article it became (its state and why it failed). */
export interface FeedEntryView extends FeedEntryRow {
  media_title: string | null;
  media_status: string | null;
  media_failure: string | null;
}

/** A run of the log with what became of the entries it took. */
export interface FeedRunView extends FeedRunRow {
  imported: number;
  failures: {
    title: string | null;
    link: string | null;
    reason: string;
    code: string | null;
    params: FeedProblemParams | null;
  }[];
}

/** What a 200 answer brought: the validators and the entries, stored in one transaction. */
export interface FetchedFeed {
  status: number;
  etag: string | null;
  lastModified: string | null;
  title: string | null;
  siteUrl: string | null;
  entries: {
    key: string;
    link: string | null;
    title: string | null;
    publishedAt: Date | null;
    /** Why the entry cannot become an article, kept for the log. */
    problem: FeedProblem | null;
  }[];
}

/** Feeds, their runs (the log) and their entries: the only SQL for them. */
export class FeedsRepo {
  private readonly db: Kysely<Schema>;

  constructor(db: Kysely<Schema>) {
    this.db = db;
  }

  /** Members of the feed's library see it (user ids compared as text: any id is safe to pass). */
  private memberOf(viewerId: string) {
    return sql<boolean>`EXISTS (SELECT 1 FROM library_members m
      WHERE m.library_id = feeds.library_id AND m.user_id::text = ${viewerId})`;
  }

  /** Its owner and the library's admins change it. */
  private managerOf(viewerId: string) {
    return sql<boolean>`(feeds.owner_id::text = ${viewerId} OR EXISTS (SELECT 1 FROM library_members m
      WHERE m.library_id = feeds.library_id AND m.user_id::text = ${viewerId} AND m.role = 'admin'))`;
  }

  /** Insert-or-select on `unique(library_id, url)`: one subscription per feed and library. */
  async create(f: {
    id: string;
    ownerId: string;
    libraryId: string;
    url: string;
    siteUrl: string | null;
    title: string | null;
    intervalMinutes: number;
    at: Date;
  }): Promise<{ row: FeedRow; created: boolean }> {
    const inserted = await this.db
      .insertInto("feeds")
      .values({
        id: f.id,
        owner_id: f.ownerId,
        library_id: f.libraryId,
        url: f.url,
        site_url: f.siteUrl,
        title: f.title,
        interval_minutes: f.intervalMinutes,
        etag: null,
        last_modified: null,
        failure_message: null,
        failure_code: null,
        // The first fetch is queued by the subscription itself; the schedule takes over after one interval.
        next_poll_at: new Date(f.at.getTime() + f.intervalMinutes * 60_000),
        created_at: f.at,
      })
      .onConflict((oc) => oc.columns(["library_id", "url"]).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) return { row: inserted, created: true };
    const row = await this.db
      .selectFrom("feeds")
      .selectAll()
      .where("library_id", "=", f.libraryId)
      .where("url", "=", f.url)
      .executeTakeFirstOrThrow();
    return { row, created: false };
  }

  /** The feed, for the queue's workers (no viewer: they act for the feed's owner). */
  async get(id: string): Promise<FeedRow | undefined> {
    return this.db.selectFrom("feeds").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /** The feed when the viewer is a member of its library. */
  async visible(viewerId: string, id: string): Promise<FeedRow | undefined> {
    return this.db
      .selectFrom("feeds")
      .selectAll()
      .where("id", "=", id)
      .where(this.memberOf(viewerId))
      .executeTakeFirst();
  }

  /** Whether the viewer may change the feed (remove it, fetch it now). */
  async canManage(viewerId: string, id: string): Promise<boolean> {
    const r = await this.db
      .selectFrom("feeds")
      .select("id")
      .where("id", "=", id)
      .where(this.managerOf(viewerId))
      .executeTakeFirst();
    return !!r;
  }

  /** The feeds of every library the viewer belongs to (or of one), with their counts. */
  async list(viewerId: string, only: { libraryId?: string; id?: string } = {}): Promise<FeedListRow[]> {
    let q = this.db
      .selectFrom("feeds")
      .innerJoin("libraries", "libraries.id", "feeds.library_id")
      .selectAll("feeds")
      .select([
        "libraries.name as library_name",
        sql<number>`(SELECT count(*) FROM feed_entries e WHERE e.feed_id = feeds.id AND e.state = 'imported')::int`.as(
          "imported",
        ),
        sql<number>`(SELECT count(*) FROM feed_entries e WHERE e.feed_id = feeds.id AND e.state = 'waiting')::int`.as(
          "waiting",
        ),
        sql<number>`(SELECT count(*) FROM feed_entries e LEFT JOIN media ON media.id = e.media_id
          WHERE e.feed_id = feeds.id AND (e.state = 'failed' OR media.processing_status = 'failed'))::int`.as(
          "failed",
        ),
      ])
      .where(this.memberOf(viewerId))
      .orderBy("feeds.created_at", "desc")
      .limit(500);
    if (only.libraryId) q = q.where("feeds.library_id", "=", only.libraryId);
    if (only.id) q = q.where("feeds.id", "=", only.id);
    return q.execute();
  }

  async remove(id: string): Promise<boolean> {
    const r = await this.db.deleteFrom("feeds").where("id", "=", id).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /**
   * Claims the feeds due for a poll: their next poll moves one interval on in the same statement,
   * so two schedulers never claim one feed twice.
   */
  async claimDue(now: Date, limit: number): Promise<{ id: string; owner_id: string }[]> {
    const r = await sql<{ id: string; owner_id: string }>`
      UPDATE feeds SET next_poll_at = ${now}::timestamptz + make_interval(mins => interval_minutes)
      WHERE id IN (SELECT id FROM feeds WHERE next_poll_at <= ${now} ORDER BY next_poll_at
                   LIMIT ${limit} FOR UPDATE SKIP LOCKED)
      RETURNING id, owner_id`.execute(this.db);
    return r.rows;
  }

  /** Starts run `id` once: a job that runs again (its worker died) finds the run it began. */
  async startRun(id: string, feedId: string, at: Date): Promise<FeedRunRow> {
    await this.db
      .insertInto("feed_runs")
      .values({ id, feed_id: feedId, started_at: at, outcome: null, http_status: null, message: null })
      .onConflict((oc) => oc.column("id").doNothing())
      .execute();
    return this.db.selectFrom("feed_runs").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  }

  /**
   * A 200 answer: its entries are remembered (a known entry is left as it is), the run notes what
   * it saw and the feed keeps the validators, in one transaction.
   */
  async recordFetched(runId: string, feedId: string, f: FetchedFeed, at: Date): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      let added = 0;
      // Chunks keep one statement's parameters well under PostgreSQL's limit.
      for (let i = 0; i < f.entries.length; i += 500) {
        const chunk = f.entries.slice(i, i + 500);
        const r = await tx
          .insertInto("feed_entries")
          .values(
            chunk.map((e, j) => ({
              feed_id: feedId,
              entry_key: e.key,
              link: e.link,
              title: e.title?.slice(0, 1000) ?? null,
              published_at: e.publishedAt,
              position: i + j,
              media_id: null,
              failure: words(e.problem),
              failure_code: e.problem?.code ?? null,
              failure_params: params(e.problem),
              seen_run_id: runId,
              done_run_id: null,
              first_seen_at: at,
            })),
          )
          .onConflict((oc) => oc.columns(["feed_id", "entry_key"]).doNothing())
          .returning("entry_key")
          .execute();
        added += r.length;
      }
      await tx
        .updateTable("feed_runs")
        .set({
          outcome: "fetched",
          http_status: f.status,
          fetched_at: at,
          items_seen: f.entries.length,
          items_new: added,
        })
        .where("id", "=", runId)
        .execute();
      await tx
        .updateTable("feeds")
        .set((eb) => ({
          etag: f.etag,
          last_modified: f.lastModified,
          title: eb.fn.coalesce(eb.val(f.title), "title"),
          site_url: eb.fn.coalesce(eb.val(f.siteUrl), "site_url"),
        }))
        .where("id", "=", feedId)
        .execute();
    });
  }

  /** A 304 answer or a failed fetch: what the run learned. */
  async recordAnswer(
    runId: string,
    outcome: "not_modified" | "failed",
    status: number | null,
    problem: FeedProblem | null,
    at: Date,
  ): Promise<void> {
    await this.db
      .updateTable("feed_runs")
      .set({
        outcome,
        http_status: status,
        message: words(problem),
        fetched_at: at,
        message_code: problem?.code ?? null,
        message_params: params(problem),
      })
      .where("id", "=", runId)
      .execute();
  }

  /** Entries of this run already done (imported or failed): the run's share of the newest N. */
  async doneInRun(runId: string): Promise<number> {
    const r = await this.db
      .selectFrom("feed_entries")
      .select(sql<number>`count(*)::int`.as("n"))
      .where("done_run_id", "=", runId)
      .executeTakeFirstOrThrow();
    return r.n;
  }

  /** The newest entries still waiting to become articles. */
  async waiting(feedId: string, limit: number): Promise<FeedEntryRow[]> {
    if (limit <= 0) return [];
    return this.db
      .selectFrom("feed_entries")
      .selectAll()
      .where("feed_id", "=", feedId)
      .where("state", "=", "waiting")
      .orderBy(sql`published_at DESC NULLS LAST`)
      .orderBy("position", "asc")
      .limit(limit)
      .execute();
  }

  /** Marks an entry done, once: a second mark (the job ran again) changes nothing. */
  async markDone(
    feedId: string,
    key: string,
    runId: string,
    done: { mediaId: string } | { failure: FeedProblem },
  ): Promise<void> {
    await this.db
      .updateTable("feed_entries")
      .set(
        "mediaId" in done
          ? { state: "imported", media_id: done.mediaId, done_run_id: runId }
          : {
              state: "failed",
              failure: words(done.failure),
              failure_code: done.failure.code,
              failure_params: params(done.failure),
              done_run_id: runId,
            },
      )
      .where("feed_id", "=", feedId)
      .where("entry_key", "=", key)
      .where("state", "=", "waiting")
      .execute();
  }

  /** Ends the run and sets the feed's status: failing (kept saying so until a poll succeeds) or ok. */
  async finishRun(runId: string, feedId: string, failure: FeedProblem | null, at: Date, keepRuns: number) {
    await this.db.transaction().execute(async (tx) => {
      await tx.updateTable("feed_runs").set({ finished_at: at }).where("id", "=", runId).execute();
      await tx
        .updateTable("feeds")
        .set((eb) =>
          failure
            ? {
                status: "failing",
                failure_message: words(failure),
                failure_code: failure.code,
                failure_params: params(failure),
                failing_since: eb.fn.coalesce("failing_since", eb.val(at)),
                last_polled_at: at,
              }
            : {
                status: "ok",
                failure_message: null,
                failure_code: null,
                failure_params: null,
                failing_since: null,
                last_polled_at: at,
              },
        )
        .where("id", "=", feedId)
        .execute();
      // The log keeps the newest runs.
      await sql`DELETE FROM feed_runs WHERE feed_id = ${feedId} AND id NOT IN
        (SELECT id FROM feed_runs WHERE feed_id = ${feedId} ORDER BY started_at DESC LIMIT ${keepRuns})`.execute(
        tx,
      );
    });
  }

  /** The log: runs newest first, each with what it imported and what failed and why. */
  async runs(feedId: string, limit: number): Promise<FeedRunView[]> {
    const runs = await this.db
      .selectFrom("feed_runs")
      .selectAll()
      .where("feed_id", "=", feedId)
      .orderBy("started_at", "desc")
      .limit(limit)
      .execute();
    if (!runs.length) return [];
    const done = await this.db
      .selectFrom("feed_entries")
      .leftJoin("media", "media.id", "feed_entries.media_id")
      .select([
        "feed_entries.done_run_id",
        "feed_entries.state",
        "feed_entries.title",
        "feed_entries.link",
        "feed_entries.failure",
        "feed_entries.failure_code",
        "feed_entries.failure_params",
        "media.processing_status",
        "media.failure_message",
      ])
      .where("feed_entries.feed_id", "=", feedId)
      .where(
        "feed_entries.done_run_id",
        "in",
        runs.map((r) => r.id),
      )
      .execute();
    return runs.map((run) => {
      const mine = done.filter((d) => d.done_run_id === run.id);
      return {
        ...run,
        imported: mine.filter((d) => d.state === "imported").length,
        failures: mine
          .filter((d) => d.state === "failed" || d.processing_status === "failed")
          .map((d) => ({
            title: d.title,
            link: d.link,
            reason: d.failure ?? d.failure_message ?? "the article could not be read",
            // The article's own failure (the reading of its page) has no feed code: said as written.
            code: d.failure ? d.failure_code : null,
            params: d.failure ? d.failure_params : null,
          })),
      };
    });
  }

  /** The feed's entries, newest first, with the articles they became. */
  async entries(feedId: string, limit: number): Promise<FeedEntryView[]> {
    return this.db
      .selectFrom("feed_entries")
      .leftJoin("media", "media.id", "feed_entries.media_id")
      .selectAll("feed_entries")
      .select([
        "media.title as media_title",
        "media.processing_status as media_status",
        "media.failure_message as media_failure",
      ])
      .where("feed_entries.feed_id", "=", feedId)
      .orderBy(sql`feed_entries.published_at DESC NULLS LAST`)
      .orderBy("feed_entries.position", "asc")
      .limit(limit)
      .execute();
  }
}

// A problem is kept as its English words (cut to 2,000 characters), its code and its figures.
const words = (p: FeedProblem | null) => (p ? p.message.slice(0, 2000) : null);
const params = (p: FeedProblem | null) => (p ? JSON.stringify(p.params) : null);
