import type { JobDefinition } from "../../queue/jobTypes.ts";
import type { WorkerJob } from "../../queue/workerJob.ts";
import { FeedsRepo } from "../../storage/feeds.repo.ts";
import type { ArticlesService } from "../articles/index.ts";
import type { Base } from "../shared/base.ts";
import type { Shared } from "../shared/index.ts";
import type { UsersService } from "../users/index.ts";
import { FEED_JOB, FEED_SCHEDULER_CRON, FEED_SCHEDULER_QUEUE } from "./feedJob.ts";
import { FeedsService } from "./feeds.service.ts";

/** RSS, Atom and JSON feeds a library follows: their new entries become articles on a schedule. */
export function createFeeds(
  { config, database, queue, now, log }: Base,
  deps: { shared: Pick<Shared, "gateway">; users: UsersService; articles: ArticlesService },
) {
  const feeds = new FeedsService({
    config,
    repo: new FeedsRepo(database.db),
    users: deps.users,
    queue,
    now,
    log,
    // Through the gateway: address policy, robots.txt, per-site politeness, the size cap.
    fetch: (url, o) => deps.shared.gateway.fetch(url, { render: "never", ...o }),
    submitArticle: (caller, input) => deps.articles.submit(caller, input),
    caller: async (userId) => {
      const u = await deps.users.get(userId);
      return u.ok ? { id: u.value.id, name: u.value.name, role: u.value.role } : null;
    },
  });
  const jobs: WorkerJob[] = [
    {
      definition: FEED_JOB as JobDefinition<never>,
      // A fetch per due feed; a fetch whose worker died runs again (same run, carries on).
      start: (q) =>
        q.work(FEED_JOB, Math.min(4, config.Server.WorkerConcurrency), (job, ctx) =>
          feeds.run(job, ctx.signal),
        ),
    },
    {
      start: (q) =>
        q.workPeriodic(FEED_SCHEDULER_QUEUE, FEED_SCHEDULER_CRON, async () => {
          await feeds.queueDue();
        }),
    },
  ];
  return { feeds, jobs };
}

/** What the family hands the composition root: its services and its jobs. */
export type Feeds = ReturnType<typeof createFeeds>;
