import { z } from "zod";

/** A failure's stable code (see domain/feedProblem.ts) and its figures, null on older rows. */
const problemCode = z
  .string()
  .nullable()
  .describe("The failure's stable code, said in the reader's language by the web app; null: only the words.");
const problemParams = z
  .record(z.string(), z.union([z.string(), z.number()]))
  .nullable()
  .describe("The failure's figures (HTTP status, size limit, the entry's link).");

/** `POST /api/feeds`: a feed's address, or a site's whose page names its feed. */
export const zAddFeedRequest = z
  .object({
    url: z.string().min(1).max(8192).describe("The feed's address, or a site's page that names its feed."),
    libraryId: z.string().max(200).optional().describe("A library you administer; default: your own."),
    intervalMinutes: z
      .number()
      .int()
      .positive()
      .max(7 * 24 * 60)
      .optional()
      .describe("Minutes between two fetches; default and minimum: the server's Feeds settings."),
  })
  .meta({ id: "AddFeedRequest" });
export type AddFeedRequest = z.infer<typeof zAddFeedRequest>;

export const FEED_STATUSES = ["new", "ok", "failing"] as const;

export const zFeed = z
  .object({
    id: z.string(),
    url: z.string(),
    siteUrl: z.string().nullable(),
    title: z.string().nullable(),
    libraryId: z.string(),
    libraryName: z.string(),
    intervalMinutes: z.number(),
    status: z.enum(FEED_STATUSES),
    /** The status in plain words ("Failing since …: the site answered 500"). */
    statusText: z.string(),
    failureMessage: z.string().nullable(),
    failureCode: problemCode,
    failureParams: problemParams,
    failingSince: z.string().nullable(),
    lastFetchedAt: z.string().nullable(),
    nextFetchAt: z.string(),
    imported: z.number(),
    waiting: z.number(),
    failed: z.number(),
    createdAt: z.string(),
  })
  .meta({ id: "Feed" });
export type Feed = z.infer<typeof zFeed>;

export const zFeedList = z.object({ feeds: z.array(zFeed) }).meta({ id: "FeedList" });

export const zAddFeedAnswer = z
  .object({ feed: zFeed, created: z.boolean(), fetching: z.boolean() })
  .meta({ id: "AddFeedAnswer" });

export const zFeedRun = z
  .object({
    id: z.string(),
    startedAt: z.string(),
    finishedAt: z.string().nullable(),
    /** fetched (200), not_modified (304), failed, or null while the fetch is under way. */
    answer: z.enum(["fetched", "not_modified", "failed"]).nullable(),
    httpStatus: z.number().nullable(),
    /** What happened, in plain words. */
    summary: z.string(),
    message: z.string().nullable(),
    messageCode: problemCode,
    messageParams: problemParams,
    itemsSeen: z.number(),
    itemsNew: z.number(),
    imported: z.number(),
    failures: z.array(
      z.object({
        title: z.string().nullable(),
        link: z.string().nullable(),
        reason: z.string(),
        code: problemCode,
        params: problemParams,
      }),
    ),
  })
  .meta({ id: "FeedRun" });
export type FeedRun = z.infer<typeof zFeedRun>;

export const zFeedLog = z.object({ feed: zFeed, runs: z.array(zFeedRun) }).meta({ id: "FeedLog" });

export const zFeedEntry = z
  .object({
    key: z.string(),
    title: z.string().nullable(),
    link: z.string().nullable(),
    publishedAt: z.string().nullable(),
    /** waiting (for a later fetch), imported (an article), failed (the entry could not become one). */
    state: z.enum(["waiting", "imported", "failed"]),
    failure: z.string().nullable(),
    failureCode: problemCode,
    failureParams: problemParams,
    article: z
      .object({
        id: z.string(),
        title: z.string().nullable(),
        status: z.string(),
        failure: z.string().nullable(),
      })
      .nullable(),
  })
  .meta({ id: "FeedEntry" });
export type FeedEntryOut = z.infer<typeof zFeedEntry>;

export const zFeedEntries = z.object({ entries: z.array(zFeedEntry) }).meta({ id: "FeedEntries" });

export const zRefreshFeedAnswer = z
  .object({ feed: zFeed, queued: z.boolean(), message: z.string() })
  .meta({ id: "RefreshFeedAnswer" });
