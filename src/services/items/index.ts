import { ENRICH_ITEM_JOB } from "./enrichItemJob.ts";
import type { JobDefinition } from "../../queue/jobTypes.ts";
import type { WorkerJob } from "../../queue/workerJob.ts";
import { ItemsRepo } from "../../storage/items.repo.ts";
import type { ImageProxy } from "../articles/index.ts";
import type { Base } from "../shared/base.ts";
import type { Shared } from "../shared/index.ts";
import type { UsersService } from "../users/index.ts";
import { ItemService } from "./items.service.ts";

/** What other families use of this one. */
export { type ItemService } from "./items.service.ts";

/** Bookmarks ("items") and their enrichment job. */
export function createItems(
  { config, database, queue, now, log }: Base,
  deps: {
    shared: Pick<Shared, "gateway" | "browser" | "fetchShared" | "blobs">;
    users: UsersService;
    images: ImageProxy;
  },
) {
  const { gateway, browser, fetchShared, blobs } = deps.shared;
  const items = new ItemService({
    config,
    repo: new ItemsRepo(database.db),
    blobs,
    // One fetch per URL: a bookmark of a page another family is fetching shares that fetch.
    fetch: (url, o) => fetchShared(url, { signal: o.signal, maxBytes: o.maxBytes }),
    fetchFresh: (url, o) => gateway.fetch(url, { signal: o.signal, maxBytes: o.maxBytes }),
    screenshot: (url, o) => browser.screenshot(url, o),
    queue,
    libraries: deps.users,
    // Preview images reach Ladle's UI through the one image proxy (fetch, raster check, cache).
    imageProxy: (key, url) => deps.images.byUrl(key, url),
    log,
    now,
  });
  const jobs: WorkerJob[] = [
    {
      definition: ENRICH_ITEM_JOB as JobDefinition<never>,
      // Screenshots start a browser page each: two at a time per worker process.
      start: (q) =>
        q.work(ENRICH_ITEM_JOB, Math.min(2, config.Server.WorkerConcurrency), (job, ctx) =>
          items.runJob(job, ctx.signal),
        ),
      reconcile: items.reconcilerFamily(),
    },
  ];
  return { items, jobs };
}

/** What the family hands the composition root: its services and its jobs. */
export type Items = ReturnType<typeof createItems>;
