import type { ArticleParser } from "../../extract/article/articleParser.ts";
import { ARTICLE_JOB } from "./articleJob.ts";
import type { JobDefinition } from "../../queue/jobTypes.ts";
import type { WorkerJob } from "../../queue/workerJob.ts";
import { MediaRepo } from "../../storage/media.repo.ts";
import type { Base } from "../shared/base.ts";
import type { Shared } from "../shared/index.ts";
import type { UsersService } from "../users/index.ts";
import { ArticlesService } from "./articles.service.ts";
import { ImageProxy } from "./imageProxy.ts";

/** What other families use of this one. */
export { type ImageProxy } from "./imageProxy.ts";
export { type ArticlesService } from "./articles.service.ts";

/** Web articles (submission, the ingestion job, reads behind library membership) and the image proxy. */
export function createArticles(
  { config, database, queue, now, log }: Base,
  deps: {
    users: UsersService;
    shared: Pick<Shared, "gateway" | "fetchShared" | "blobs">;
    /** Called once an article is read (a kept copy made automatically, when the server does). */
    onReady?: (mediaId: string, savedBy: string | null) => Promise<void>;
  },
) {
  const { gateway, fetchShared, blobs } = deps.shared;
  const a = config.Articles;
  const repo = new MediaRepo(database.db);
  /**
   * Reads article pages in memory-capped worker threads; the reader's code loads with the first
   * page read, so a process that reads none (the API) never holds it.
   */
  let parser: Promise<ArticleParser> | undefined;
  const articleParser = {
    parse: async (html: string, url: string) => {
      parser ??= import("../../extract/article/articleParser.ts").then(
        ({ ArticleParser }) =>
          new ArticleParser({
            workers: a.ParseWorkers,
            timeoutMs: a.ParseTimeoutMs,
            memoryMb: a.ParseMemoryMb,
            read: { maxChars: config.Fetch.MaxDomChars, maxElements: a.MaxDomElements },
          }),
      );
      return (await parser).parse(html, url);
    },
    close: async () => (parser ? (await parser).close() : undefined),
  };
  const articles = new ArticlesService({
    config,
    repo,
    users: deps.users,
    queue,
    now,
    log,
    context: () => ({
      // One fetch per URL, shared with every other family fetching the same page.
      fetch: (url, o) =>
        o?.fresh
          ? gateway.fetch(url, { render: o.render ?? "never" })
          : fetchShared(url, { render: o?.render ?? "never" }),
      read: (html, url) => articleParser.parse(html, url),
      render: a.Render,
    }),
    ...(deps.onReady ? { onReady: deps.onReady } : {}),
  });
  const jobs: WorkerJob[] = [
    {
      definition: ARTICLE_JOB as JobDefinition<never>,
      start: (q) => q.work(ARTICLE_JOB, config.Server.WorkerConcurrency, (job) => articles.run(job)),
      reconcile: articles.reconcilerFamily(),
    },
  ];
  return {
    articles,
    articleParser,
    /** The article image proxy (`/api/images/{id}`). */
    images: new ImageProxy({
      repo,
      blobs,
      maxBytes: a.MaxImageBytes,
      fetchOnce: (url, o) => gateway.once(url, { maxBytes: o.maxBytes, accept: o.accept }),
    }),
    jobs,
  };
}

/** What the family hands the composition root: its services and its jobs. */
export type Articles = ReturnType<typeof createArticles>;
