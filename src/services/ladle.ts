import pino, { type Logger } from "pino";
import type { Config } from "../config.ts";
import { BrowserRenderer } from "../fetcher/browser.ts";
import { EgressGateway } from "../fetcher/gateway.ts";
import { metrics } from "../metrics.ts";
import type { Resolver } from "../fetcher/policy.ts";
import type { PipelineContext } from "../pipeline/context.ts";
import { JobQueue } from "../queue/queue.ts";
import { ArtifactsRepo } from "../storage/artifacts.repo.ts";
import { openDatabase, type Database } from "../storage/db.ts";
import { EventsRepo } from "../storage/events.repo.ts";
import { RecipesRepo } from "../storage/recipes.repo.ts";
import { TasksRepo } from "../storage/tasks.repo.ts";
import { UrlRegistryRepo } from "../storage/urlRegistry.repo.ts";
import { ArtifactStore } from "./artifactStore.ts";
import { EventHub } from "./eventHub.ts";
import { LlmService } from "../llm/llm.service.ts";
import { PromptService } from "../prompts/prompts.service.ts";
import { LlmRepo } from "../storage/llm.repo.ts";
import { PromptsRepo } from "../storage/prompts.repo.ts";
import { RecipeService } from "./recipes.service.ts";
import { ReviewService } from "./review.service.ts";
import { TaskService } from "./tasks.service.ts";

/** Which parts run in this process. */
export type Role = "api" | "worker" | "all";

export interface LadleOptions {
  config: Config;
  role?: Role;
  /** An already-open database (tests); otherwise opened from config. */
  database?: Database;
  /** DNS resolver for the fetcher (tests stub it). */
  resolver?: Resolver;
  /** Clock (tests move it). */
  now?: () => Date;
  /** Use the job queue; false runs tasks in-process right away (the CLI's one-shot import). Default true. */
  queue?: boolean;
  /** pg-boss supervise interval (dead-worker detection), seconds. */
  superviseIntervalSeconds?: number;
  logger?: Logger;
}

/** The composition root: every use case wired over one database, queue and gateway. */
export class Ladle {
  readonly config: Config;
  readonly database: Database;
  readonly tasks: TaskService;
  readonly review: ReviewService;
  readonly recipes: RecipeService;
  readonly prompts: PromptService;
  readonly llm: LlmService;
  readonly artifacts: ArtifactStore;
  readonly events: EventHub;
  readonly queue: JobQueue | null;
  readonly log: Logger;
  readonly now: () => Date;
  readonly gateway: EgressGateway;
  readonly browser: BrowserRenderer;
  readonly llmRepo: LlmRepo;
  private readonly ownsDatabase: boolean;

  private constructor(opts: LadleOptions, database: Database, queue: JobQueue | null) {
    this.config = opts.config;
    this.database = database;
    this.ownsDatabase = !opts.database;
    this.queue = queue;
    this.now = opts.now ?? (() => new Date());
    const f = opts.config.Fetch;
    const gatewayRef: { current: EgressGateway | null } = { current: null };
    this.browser = new BrowserRenderer({
      executablePath: f.BrowserPath,
      timeBudgetMs: f.RenderTimeoutMs,
      // Every browser sub-request goes through the gateway's pinned, policy-checked fetch.
      subrequest: (url, init) => gatewayRef.current!.once(url, init),
    });
    this.gateway = new EgressGateway({
      userAgent: f.UserAgent,
      maxBytes: opts.config.Ingest.MaxFetchSizeBytes,
      maxRedirects: f.MaxRedirects,
      connectTimeoutMs: f.ConnectTimeoutMs,
      headersTimeoutMs: f.HeadersTimeoutMs,
      bodyTimeoutMs: f.BodyTimeoutMs,
      totalTimeoutMs: f.TotalTimeoutMs,
      policy: { allowPrivateHosts: f.AllowPrivateHosts },
      endpointHosts: LlmService.endpointHosts(opts.config),
      ...(opts.resolver ? { resolver: opts.resolver } : {}),
      respectRobotsTxt: opts.config.Ingest.RespectRobotsTxt,
      robotsTtlMs: f.RobotsCacheTtlSeconds * 1000,
      maxCrawlDelayMs: f.MaxCrawlDelaySeconds * 1000,
      allowDomains: f.AllowDomains,
      denyDomains: f.DenyDomains,
      limits: {
        globalConcurrency: f.MaxConcurrentFetches,
        perDomainConcurrency: f.PerDomainConcurrency,
        perDomainIntervalCap: f.PerDomainBurst,
        perDomainIntervalMs: f.PerDomainIntervalMs,
      },
      breaker: {
        failureThreshold: opts.config.Ingest.CircuitBreaker.FailureThreshold,
        failureWindowMs: opts.config.Ingest.CircuitBreaker.FailureWindowMinutes * 60_000,
        blockDurationMs: opts.config.Ingest.CircuitBreaker.BlockDurationMinutes * 60_000,
      },
      maxRetries: f.MaxRetries,
      retryBaseDelayMs: f.RetryBaseDelayMs,
      retryAfterCapMs: f.RetryAfterCapSeconds * 1000,
      renderer: this.browser,
      now: () => this.now().getTime(),
      onOutcome: (_host, r) => metrics.fetches.inc({ outcome: r.ok ? "ok" : r.code }),
    });
    gatewayRef.current = this.gateway;
    this.log = opts.logger ?? pino({ level: opts.config.Server.LogLevel });
    const db = database.db;
    this.llmRepo = new LlmRepo(db);
    this.events = new EventHub(new EventsRepo(db));
    this.artifacts = new ArtifactStore(new ArtifactsRepo(db), opts.config.Ingest.MaxArtifactSizeBytes);
    this.tasks = new TaskService(
      opts.config,
      new TasksRepo(db, this.now),
      new UrlRegistryRepo(db),
      this.artifacts,
      this.events,
      queue ? (id) => queue.enqueueTask(id) : null,
      (taskId) => this.llmRepo.usageByPhase(taskId),
    );
    this.review = new ReviewService(opts.config, db, this.tasks, this.artifacts, this.now);
    this.recipes = new RecipeService(new RecipesRepo(db));
    this.prompts = new PromptService(new PromptsRepo(db));
    this.llm = new LlmService(opts.config, this.prompts, this.llmRepo, (url, init) =>
      this.gateway.once(url, init, "endpoint"),
    );
  }

  /** Opens the database (and the queue unless disabled) and, for worker roles, starts working. */
  static async start(opts: LadleOptions): Promise<Ladle> {
    const role = opts.role ?? "all";
    const database =
      opts.database ??
      (await openDatabase({
        databaseUrl: opts.config.Server.DatabaseUrl,
        dataDir: opts.config.Server.DataDir,
      }));
    let queue: JobQueue | null = null;
    const log = opts.logger ?? pino({ level: opts.config.Server.LogLevel });
    if (opts.queue !== false) {
      queue = new JobQueue({
        connection: database.connection,
        schedule: role !== "api",
        ...(opts.superviseIntervalSeconds ? { superviseIntervalSeconds: opts.superviseIntervalSeconds } : {}),
        onError: (err) => log.warn({ err }, "queue error"),
      });
      await queue.start();
    }
    const ladle = new Ladle({ ...opts, logger: log }, database, queue);
    if (queue && role !== "api") await ladle.startWorker();
    return ladle;
  }

  /** The pipeline context bound to this configuration. */
  pipelineContext(): Omit<PipelineContext, "onPhase"> {
    return {
      config: this.config,
      now: this.now,
      llm: this.llm,
      fetch: (url, o) =>
        this.gateway.fetch(url, {
          ...(o?.signal ? { signal: o.signal } : {}),
          ...(o?.render ? { render: o.render } : {}),
        }),
    };
  }

  /** Runs one task now, in this process (the job handler, and the CLI without a queue). */
  async runTask(taskId: string): Promise<void> {
    const started = Date.now();
    await this.tasks.run(taskId, this.pipelineContext(), this.log);
    this.log.debug({ taskId, ms: Date.now() - started }, "task run finished");
  }

  private async startWorker(): Promise<void> {
    const queue = this.queue!;
    await queue.workTasks(this.config.Server.WorkerConcurrency, async ({ taskId }) => {
      const t0 = Date.now();
      try {
        await this.runTask(taskId);
        this.log.info({ taskId, ms: Date.now() - t0 }, "task done");
      } catch (err) {
        this.log.error({ err, taskId }, "task run crashed; the queue will retry");
        throw err;
      }
    });
    await queue.workMaintenance(() => this.maintenance());
  }

  /** Draft expiry and artifact retention. */
  async maintenance(): Promise<void> {
    const expired = await this.review.expireDrafts();
    const deleted = await this.review.applyRetention();
    if (expired.length || deleted)
      this.log.info({ expired: expired.length, artifactsDeleted: deleted }, "maintenance");
  }

  async stop(): Promise<void> {
    await this.browser.close();
    if (this.queue) await this.queue.stop({ graceful: true, timeoutMs: 5000 });
    if (this.ownsDatabase) await this.database.close();
  }
}
