import type { JobDefinition } from "../../queue/jobTypes.ts";
import type { WorkerJob } from "../../queue/workerJob.ts";
import type { Caller } from "../../domain/user.ts";
import { CollectionsRepo } from "../../storage/collections.repo.ts";
import { DuplicatesRepo } from "../../storage/duplicates.repo.ts";
import { ItemsRepo } from "../../storage/items.repo.ts";
import { RecipesRepo } from "../../storage/recipes.repo.ts";
import { UrlRegistryRepo } from "../../storage/urlRegistry.repo.ts";
import type { ArticlesService } from "../articles/index.ts";
import { readCollectionFile } from "../imports/index.ts";
import type { ItemService } from "../items/index.ts";
import type { Base } from "../shared/base.ts";
import type { Shared } from "../shared/index.ts";
import { submittedUrlProblem } from "../shared/submittedUrl.ts";
import { bookmarkFromCollection } from "./bookmarkFromCollection.ts";
import { COLLECTION_JOB } from "./collectionJob.ts";
import { CollectionService } from "./collections.service.ts";
import type { ExportQuery } from "./exportQuery.ts";

/** What the HTTP adapters use of this family besides its factory. */
export { isStoredImagePath } from "./collectionImages.ts";
export { type CollectionView } from "./collections.service.ts";
export { zCommitPolicy, type CommitPolicy } from "./collectionDeps.ts";
export { zExportQuery } from "./exportQuery.ts";

/** Bulk jobs of collection files and URL lists, and exports. */
export function createCollections(
  { config, database, queue, now, log }: Base,
  deps: {
    shared: Pick<Shared, "gateway" | "blobs" | "pipelineContext">;
    items: ItemService;
    articles: Pick<ArticlesService, "list">;
  },
) {
  const { gateway, blobs, pipelineContext } = deps.shared;
  const i = config.Imports;
  const db = database.db;
  const recipes = new RecipesRepo(db);
  const collections = new CollectionService({
    db,
    repos: {
      collections: new CollectionsRepo(db),
      recipes,
      urls: new UrlRegistryRepo(db),
      duplicates: new DuplicatesRepo(db),
    },
    blobs,
    queue,
    context: (signal) => pipelineContext(signal),
    fetchApi: (url, o) => gateway.fetch(url, o),
    urlProblem: (url) => submittedUrlProblem(url, config),
    readFile: (file) =>
      readCollectionFile(
        { ...file, now: now(), maxInflatedBytes: i.MaxCollectionInflatedMb * 1024 * 1024 },
        { heapMb: i.WorkerHeapMb, memoryMb: i.ReaderMemoryMb, timeoutMs: i.ReaderTimeoutSeconds * 1000 },
      ),
    saveBookmark: async (userId, b) => {
      const r = await deps.items.create(userId, bookmarkFromCollection(b));
      return r.ok
        ? { ok: true, id: r.value.item.id, created: r.value.created }
        : { ok: false, message: r.message };
    },
    log,
    now,
  });
  const jobs: WorkerJob[] = [
    {
      definition: COLLECTION_JOB as JobDefinition<never>,
      start: (q) => collections.work(q, Math.max(2, config.Server.WorkerConcurrency)),
      reconcile: collections.reconcilerFamily(),
    },
  ];
  const exportDeps = { now, recipes, items: new ItemsRepo(db), blobs, articles: deps.articles };
  return {
    collections,
    /** Everything of the caller's a format can hold, as one file (exportCollection.ts). */
    exportCollection: async (caller: Caller, q: ExportQuery) =>
      (await import("./exportCollection.ts")).exportCollection(exportDeps, caller, q),
    jobs,
  };
}

/** What the family hands the composition root: its services and its jobs. */
export type Collections = ReturnType<typeof createCollections>;
