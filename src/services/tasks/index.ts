import type { Config } from "../../config.ts";
import { JobQueue, type SqlExecutor } from "../../queue/queue.ts";
import type { JobDefinition } from "../../queue/jobTypes.ts";
import type { WorkerJob } from "../../queue/workerJob.ts";
import { ArtifactsRepo } from "../../storage/artifacts.repo.ts";
import { DiscoveryRepo } from "../../storage/discovery.repo.ts";
import { DuplicatesRepo } from "../../storage/duplicates.repo.ts";
import { RecipesRepo } from "../../storage/recipes.repo.ts";
import { RefreshRepo } from "../../storage/refresh.repo.ts";
import { TasksRepo } from "../../storage/tasks.repo.ts";
import { UrlRegistryRepo } from "../../storage/urlRegistry.repo.ts";
import type { ImportReaders } from "../imports/index.ts";
import type { Base } from "../shared/base.ts";
import type { Shared } from "../shared/index.ts";
import { AgentsService } from "./agents.service.ts";
import { DiscoveryService } from "./discovery.service.ts";
import { NormalizeService } from "./normalize.service.ts";
import { RefreshRecipeService } from "./refreshRecipe.service.ts";
import { ReviewService } from "./review.service.ts";
import type { AgentRunner } from "./runTask.ts";
import { sourceModeRunner } from "./sourceImport.ts";
import { captureModeRunner } from "./captureMode.ts";
import type { TaskRepos } from "./taskRepos.ts";
import { TaskService } from "./tasks.service.ts";
import { TASK_JOB } from "./taskJob.ts";
import type { AttemptInfo } from "./resumeAfterLoss.ts";

/** What the HTTP adapters use of this family besides its factory. */
export { zApplyRequest } from "./applyNormalization.ts";
export { restartFromCandidate } from "./discovery.service.ts";
export { importOptions } from "./importOptions.ts";
export { zRefreshApplyRequest, zRefreshState } from "./refreshRecipe.service.ts";
export type { toTaskState } from "./tasks.service.ts";

/** The search providers' configured endpoints, which the egress gateway calls like the LLM's. */
export const searchEndpointHosts = (config: Config): string[] => DiscoveryService.endpointHosts(config);

/** What other families use of this one. */
export { type TaskService } from "./tasks.service.ts";
export { type CaptureMeta } from "./captureMode.ts";

type SharedDeps = Pick<
  Shared,
  | "gateway"
  | "artifacts"
  | "events"
  | "llm"
  | "llmRepo"
  | "pipelineContext"
  | "blobs"
  | "idempotency"
  | "sharedFetch"
>;

/**
 * Tasks and their review, with the modes run by other use cases of the family: normalization,
 * import by query (discovery) and from a source, and the Research and Analysis agents.
 */
export function createTasks(base: Base, deps: { shared: SharedDeps; readers: ImportReaders }) {
  const { config, database, queue, now, log } = base;
  const { gateway, artifacts, events, llm, pipelineContext } = deps.shared;
  const db = database.db;
  const repos: TaskRepos = {
    tasks: new TasksRepo(db, now),
    recipes: new RecipesRepo(db),
    urls: new UrlRegistryRepo(db),
    artifacts: new ArtifactsRepo(db),
    refresh: new RefreshRepo(db),
    duplicates: new DuplicatesRepo(db),
    idempotency: deps.shared.idempotency,
  };
  // The modes call use cases built after the task service; each is reached when a task runs.
  const agent = (runner: () => AgentRunner): AgentRunner => ({
    validate: (payload, requester) => runner().validate(payload, requester),
    run: (taskId, ctx) => runner().run(taskId, ctx),
  });
  const tasks: TaskService = new TaskService(
    config,
    repos.tasks,
    repos.urls,
    repos.idempotency,
    artifacts,
    events,
    queue
      ? Object.assign(
          (id: string, exec?: SqlExecutor, notify = true, owner?: string | null) =>
            queue.send(TASK_JOB, { taskId: id }, { key: id, notify, owner, ...(exec ? { db: exec } : {}) }),
          {
            wakeUp: (owner: string | null) => JobQueue.wakeUp(TASK_JOB.name, owner),
            woken: (owner: string | null) => queue.woken(TASK_JOB.name, owner),
          },
        )
      : null,
    // Without an LLM provider no task has token usage to read: no query per task.
    Object.keys(config.Llm.Providers).length ? (taskId) => deps.shared.llmRepo.usageByPhase(taskId) : null,
    db,
    {
      modes: {
        normalize: { validate: (p, viewer) => normalize.validate(p, viewer), run: (id) => normalize.run(id) },
        source: sourceModeRunner(deps.readers),
        // A page the cook's browser sent: read from where the capture keeps it, never fetched.
        capture: captureModeRunner(deps.shared.blobs),
        query: {
          ready: () => discovery.configured(),
          // Loaded with the first query task run (never in an API process).
          run: async (ctx, p) =>
            (await import("../../pipeline/discoverImport.ts")).runQueryImport(
              ctx,
              {
                query: p.query,
                constraints: p.constraints ?? {},
                candidates: p.candidates ?? null,
                candidateIndex: p.candidateIndex ?? null,
                render: p.render ?? null,
                maxAttempts: config.Discovery.MaxCandidateAttempts,
              },
              (q, c) => discovery.discover(q, c),
            ),
        },
      },
      agents: { Research: agent(() => agents.research()), Analysis: agent(() => agents.analysis()) },
    },
    () => deps.shared.sharedFetch.takeEnds(),
  );
  // A task's unkept page (its only reader) ends its fetch lease with the next outcome statement.
  deps.shared.sharedFetch.carriedElsewhere();
  // Discovery: API providers are configured endpoints (one attempt, own limits); sitemaps and
  // site search are pages (robots.txt, allow/deny lists, politeness, retries).
  const discovery: DiscoveryService = new DiscoveryService(
    config,
    new DiscoveryRepo(db),
    { endpoint: (url, init) => gateway.once(url, init, "endpoint"), page: (url) => gateway.fetch(url) },
    now,
  );
  const normalize: NormalizeService = new NormalizeService(config, db, repos, tasks, artifacts, llm, now);
  const agents: AgentsService = new AgentsService({
    repos,
    tasks,
    discover: (q, c) => discovery.discover(q, c),
    discoveryReady: () => discovery.configured(),
    now,
  });
  /** Runs one task now, in this process (the job handler, and the CLI without a queue). */
  const runTask = async (taskId: string, signal?: AbortSignal, attempt?: AttemptInfo): Promise<void> => {
    const started = Date.now();
    // A task reads its page once: nobody later needs it stored (a concurrent task of the same
    // URL in another process still gets it, and this process's later ones within the window).
    await tasks.run(taskId, pipelineContext(signal, false), log, attempt);
    log.debug({ taskId, ms: Date.now() - started }, "task run finished");
  };
  const jobs: WorkerJob[] = [
    {
      // Import tasks wait on the network most of the time: many I/O slots, CPU work bounded by `cpu`.
      start: (q) =>
        q.work(
          TASK_JOB,
          config.Server.IoConcurrency,
          async ({ taskId }, job) => {
            const t0 = Date.now();
            try {
              await runTask(taskId, job.signal, job);
              log.debug({ taskId, ms: Date.now() - t0, attempt: job.attempt }, "task done");
            } catch (err) {
              if (job.signal.aborted) log.info({ taskId }, "task released at shutdown");
              else log.error({ err, taskId, attempt: job.attempt }, "task run crashed; the queue will retry");
              throw err;
            }
          },
          // Behind a backlog, a quarter of the slots at a time: one queue fetch, one claim and one
          // look at the pages for that many tasks (see Dispatcher.run); the rest keep the CPU busy.
          { refill: Math.ceil(config.Server.IoConcurrency / 4) },
        ),
      definition: TASK_JOB as JobDefinition<never>,
      reconcile: tasks.reconcilerFamily(TASK_JOB.name),
    },
  ];
  return {
    tasks,
    review: new ReviewService(config, db, repos, tasks, artifacts, now, () => llm),
    /** Normalization proposals, their application as versions, and restores. */
    normalize,
    /** Search providers and ranking for import by query. */
    discovery,
    /** The Research and Analysis agents. */
    agents,
    /** Refresh from source: a task of the recipe's page, merged three ways at review. */
    refresh: new RefreshRecipeService({ db, repos, tasks, now }),
    runTask,
    jobs,
  };
}

/** What the family hands the composition root: its services and its jobs. */
export type Tasks = ReturnType<typeof createTasks>;
