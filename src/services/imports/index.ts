import { LlmClient } from "../../llm/llmClient.ts";
import type { JobDefinition } from "../../queue/jobTypes.ts";
import type { WorkerJob } from "../../queue/workerJob.ts";
import { ImportJobsRepo } from "../../storage/importJobs.repo.ts";
import { RecipesRepo } from "../../storage/recipes.repo.ts";
import { UsersRepo } from "../../storage/users.repo.ts";
import type { StorageService } from "../backups/index.ts";
import type { Base } from "../shared/base.ts";
import type { Shared } from "../shared/index.ts";
import type { ImportSourceDeps } from "./importSources.ts";
import { IMPORT_JOB } from "./importJob.ts";
import { ImportService } from "./imports.service.ts";
import { UploadService } from "./uploads.service.ts";
import { VisionReader } from "./visionReader.ts";

/** What the HTTP adapters use of this family besides its factory. */
export { startAnswer, toImportJob } from "./importAnswers.ts";

/** What other families use of this one. */
export { readCollectionFile } from "./documentReader.ts";
export { Failed, type ImportSourceDeps, ImportSourceReader, isHttpUrl } from "./importSources.ts";
export { UPLOAD_TOKEN, type UploadService } from "./uploads.service.ts";

/** What reading a source needs: import jobs and tasks of mode Source read text and files alike. */
export type ImportReaders = Omit<ImportSourceDeps, "progress">;

/** Import jobs (`/v1/import`) and the uploads they read. */
export function createImports(
  base: Base,
  deps: {
    shared: Pick<Shared, "gateway" | "fetchShared" | "blobs" | "llmRepo" | "pipelineContext" | "idempotency">;
    storage: Pick<StorageService, "roomFor">;
  },
) {
  const { config, database, queue, now, log } = base;
  const { gateway, fetchShared, blobs, llmRepo, pipelineContext, idempotency } = deps.shared;
  const uploads = new UploadService(config, blobs, now, (o, b) => deps.storage.roomFor(o, b));
  // The photo reader, when Imports:VisionProvider names a provider.
  const visionName = config.Imports.VisionProvider;
  const provider = visionName ? config.Llm.Providers[visionName] : undefined;
  const vision =
    visionName && provider
      ? new VisionReader(
          new LlmClient(visionName, provider, (url, init) => gateway.once(url, init, "endpoint")),
          llmRepo,
        )
      : null;
  const readers: ImportReaders = {
    config,
    uploads,
    fetchPage: (url: string, o: { signal: AbortSignal }) => fetchShared(url, o),
    vision,
    log,
  };
  const db = database.db;
  const imports = new ImportService({
    ...readers,
    database,
    repos: {
      jobs: new ImportJobsRepo(db),
      recipes: new RecipesRepo(db),
      users: new UsersRepo(db),
      idempotency,
    },
    context: () => pipelineContext(),
    queue,
    now,
  });
  const jobs: WorkerJob[] = [
    {
      definition: IMPORT_JOB as JobDefinition<never>,
      start: (q) => imports.work(q),
      reconcile: imports.reconcilerFamily(),
    },
  ];
  return { imports, uploads, readers, jobs };
}

/** What the family hands the composition root: its services and its jobs. */
export type Imports = ReturnType<typeof createImports>;
