import { createLogger } from "../logger.ts";
import type { JobQueue } from "../queue/queue.ts";
import { houseJobs } from "./houseJobs.ts";
import { createArchives } from "../services/archives/index.ts";
import { createArticles } from "../services/articles/index.ts";
import { backupFile, createBackups } from "../services/backups/index.ts";
import { createCaptures } from "../services/captures/index.ts";
import { createCollections } from "../services/collections/index.ts";
import { createFeeds } from "../services/feeds/index.ts";
import { createHighlights } from "../services/highlights/index.ts";
import { createImports } from "../services/imports/index.ts";
import { createItems } from "../services/items/index.ts";
import { createKitchen } from "../services/kitchen/index.ts";
import { createParseRequests } from "../services/parseRequests/index.ts";
import { createRecipes } from "../services/recipes/index.ts";
import { createSearch } from "../services/search/index.ts";
import { createShare } from "../services/share/index.ts";
import { createShared, type Base } from "../services/shared/index.ts";
import { runMaintenance } from "./maintenance.ts";
import { createTasks, searchEndpointHosts } from "../services/tasks/index.ts";
import { createUsers } from "../services/users/index.ts";
import { createWebhooks } from "../services/webhooks/index.ts";
import { openDatabase } from "../storage/db.ts";
import type { LadleOptions } from "./ladleOptions.ts";
import { openQueue, startWorker } from "./startWorker.ts";

/**
 * The composition root: each family's factory, in the order their dependencies ask, over one
 * database, queue and gateway. A family's services and jobs come back together; nothing is patched
 * after it is built.
 */
function compose(base: Base, ownsDatabase: boolean) {
  const shared = createShared(base, { searchHosts: searchEndpointHosts(base.config) });
  const users = createUsers(base);
  const backups = createBackups(base, users);
  const imports = createImports(base, { shared, storage: backups.storage });
  const tasks = createTasks(base, { shared, readers: imports.readers });
  const recipes = createRecipes(base, users);
  const articles = createArticles(base, {
    users: users.users,
    shared,
    // Runs only once an article is read, long after every family here is built.
    onReady: async (mediaId, savedBy) => {
      const who = savedBy ? await users.users.get(savedBy) : undefined;
      if (who?.ok) await archives.archives.keepAutomatically(who.value, { articleId: mediaId });
    },
  });
  const archives = createArchives(base, { shared, storage: backups.storage });
  const items = createItems(base, { shared, users: users.users, images: articles.images });
  const parseRequests = createParseRequests(base, { shared });
  const collections = createCollections(base, { shared, items: items.items, articles: articles.articles });
  const webhooks = createWebhooks(base, { shared, users: users.users });
  const feeds = createFeeds(base, { shared, users: users.users, articles: articles.articles });
  const captures = createCaptures(base, {
    shared,
    tasks: tasks.tasks,
    articles: articles.articles,
    items: items.items,
    users: users.users,
  });
  const kitchen = createKitchen(base, users);
  const search = createSearch(base);
  const share = createShare(base, { shared, uploads: imports.uploads });
  const highlights = createHighlights(base);
  /** Each family as its factory returned it: what an adapter's route factory is handed. */
  const families = {
    shared,
    users,
    backups,
    imports,
    tasks,
    recipes,
    kitchen,
    search,
    articles,
    items,
    parseRequests,
    collections,
    webhooks,
    share,
    captures,
    feeds,
    archives,
    highlights,
  };
  const services = {
    ...base,
    ...shared,
    ...users,
    ...backups,
    ...imports,
    ...tasks,
    ...recipes,
    ...kitchen,
    ...search,
    ...articles,
    ...items,
    ...parseRequests,
    ...collections,
    ...webhooks,
    ...share,
    ...captures,
    ...feeds,
    ...archives,
    ...highlights,
  };
  /** Draft expiry, artifact and key retention, curated refresh, recipe purge (maintenance.ts). */
  const maintenance = () => runMaintenance(services);
  const { queue, config } = base;
  // Work of the whole house rather than of one family: maintenance and the reconciler's rounds.
  const house = houseJobs(maintenance, async () => {
    await shared.reconciler?.runOnce();
  });
  const jobs = [backups, imports, tasks, articles, feeds, items, parseRequests, collections, webhooks]
    .flatMap((f) => f.jobs)
    .concat(house);
  for (const job of jobs) if (job.reconcile) shared.reconciler?.register(job.reconcile);
  return {
    ...services,
    families,
    /** Every family's background jobs, declared when the queue opens and taken by workers. */
    jobs,
    maintenance,
    /**
     * Stops taking jobs, lets running ones finish within `graceMs` (default
     * `Server:ShutdownGraceSeconds`), releases the rest to other workers, then closes.
     */
    async stop(opts: { graceMs?: number } = {}): Promise<void> {
      await webhooks.webhookDelivery.stop();
      if (queue)
        await queue.stop({
          graceful: true,
          timeoutMs: opts.graceMs ?? config.Server.ShutdownGraceSeconds * 1000,
        });
      await shared.browser.close();
      await articles.articleParser.close();
      await shared.extractPool.close();
      if (ownsDatabase) await base.database.close();
    },
  };
}

/** Every use case wired over one database, queue and gateway (see {@link Ladle.start}). */
export type Ladle = ReturnType<typeof compose>;

export const Ladle = {
  /** Opens the database (and the queue unless disabled) and, for worker roles, starts working. */
  async start(opts: LadleOptions): Promise<Ladle> {
    const role = opts.role ?? "all";
    const log = opts.logger ?? createLogger(opts.config.Server.LogLevel);
    const database =
      opts.database ??
      (await openDatabase({
        databaseUrl: opts.config.Server.DatabaseUrl,
        dataDir: opts.config.Server.DataDir,
        preparedStatements: opts.config.Server.PreparedStatements,
        beforeMigrate: (db, pending) => backupFile(db).beforeMigrating(opts.config, pending, log),
      }));
    // An outage is two log lines (away, back), however many requests and jobs meet it meanwhile.
    database.health.onChange = (up, reason, err) =>
      up
        ? log.info("database reachable again")
        : log.error(
            { reason, code: (err as { code?: string } | undefined)?.code },
            `database unreachable: ${reason}`,
          );
    const queue: JobQueue | null =
      opts.queue === false
        ? null
        : await openQueue(database, opts.config, role, log, opts.superviseIntervalSeconds);
    const ladle = compose(
      {
        config: opts.config,
        database,
        queue,
        now: opts.now ?? (() => new Date()),
        log,
        ...(opts.resolver ? { resolver: opts.resolver } : {}),
      },
      !opts.database,
    );
    if (queue && !queue.lazy) {
      // Every family's queue exists before the first request: a send inside a creating
      // transaction must never open the queue on another connection (on the embedded database,
      // whose one connection the transaction holds, that waits forever). A lazy queue (an API on
      // the PostgreSQL server, whose pool has other connections) creates each with its first job.
      for (const job of ladle.jobs) if (job.definition) await queue.define(job.definition);
    }
    await ladle.users.seed(opts.config.Auth.Users);
    if (queue && role !== "api") await startWorker(queue, ladle.jobs);
    return ladle;
  },
};
