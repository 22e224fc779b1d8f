import type { Logger } from "pino";
import type { Config } from "../config.ts";
import type { BrowserRenderer } from "../fetcher/browser.ts";
import type { EgressGateway } from "../fetcher/gateway.ts";
import { metrics } from "../metrics.ts";
import type { PipelineContext } from "../pipeline/context.ts";
import os from "node:os";
import PQueue from "p-queue";
import { QUEUES } from "../queue/jobs.ts";
import { JobQueue, type SqlExecutor } from "../queue/queue.ts";
import { Reconciler } from "../queue/reconciler.ts";
import { createLogger } from "../logger.ts";
import { withSpan } from "../telemetry.ts";
import { ArtifactsRepo } from "../storage/artifacts.repo.ts";
import { BlobsRepo } from "../storage/blobs.repo.ts";
import type { LadleOptions } from "./ladleOptions.ts";
import { createEgress } from "./egress.ts";
import { runMaintenance } from "./maintenance.ts";
import { BackupService, backupBeforeMigrating } from "./backups.service.ts";
import { PersonDataService } from "./personData.service.ts";
import { StorageService } from "./storage.service.ts";
import { ArchivesService } from "./archives/archives.service.ts";
import { HighlightsService } from "./highlights/highlights.service.ts";
import { ArchivesRepo } from "../storage/archives.repo.ts";
import { HighlightsRepo } from "../storage/highlights.repo.ts";
import { openQueue, startWorker } from "./startWorker.ts";
import { openDatabase, type Database } from "../storage/db.ts";
import { EventsRepo } from "../storage/events.repo.ts";
import { RecipesRepo } from "../storage/recipes.repo.ts";
import { TasksRepo } from "../storage/tasks.repo.ts";
import { UrlRegistryRepo } from "../storage/urlRegistry.repo.ts";
import { UsersRepo } from "../storage/users.repo.ts";
import { UsersService } from "./users.service.ts";
import { SignInService } from "./signIn.service.ts";
import { HouseholdService } from "./household.service.ts";
import { OidcSignInService } from "./oidcSignIn.service.ts";
import { HouseholdRepo } from "../storage/household.repo.ts";
import { bookmarkFromCollection } from "./bookmarkFromCollection.ts";
import { ArticleParser } from "../extract/article/articleParser.ts";
import type { RecipePageInput, RecipePageResult } from "../extract/readRecipePage.ts";
import { WorkerPool } from "../extract/workerPool.ts";
import { MediaRepo } from "../storage/media.repo.ts";
import { ArticlesService } from "./articles.service.ts";
import { ImageProxy } from "./imageProxy.ts";
import { ArtifactStore } from "./artifactStore.ts";
import { EventHub } from "./eventHub.ts";
import { LlmService } from "../llm/llm.service.ts";
import { PromptService } from "../prompts/prompts.service.ts";
import { LlmRepo } from "../storage/llm.repo.ts";
import { PromptsRepo } from "../storage/prompts.repo.ts";
import { RecipeService } from "./recipes.service.ts";
import { ReviewService } from "./review.service.ts";
import { TaskService } from "./tasks.service.ts";
import { SharedFetcher, type SharedFetchOptions } from "../fetcher/sharedFetch.ts";
import type { GatewayResult } from "../fetcher/gateway.ts";
import { PARSE_REQUEST_JOB } from "../queue/parseRequestJobs.ts";
import { FetchLeasesRepo } from "../storage/fetchLeases.repo.ts";
import { ParseRequestsRepo } from "../storage/parseRequests.repo.ts";
import { ParseRequestService } from "./parseRequests.service.ts";
import { ItemService } from "./items.service.ts";
import { ItemsRepo } from "../storage/items.repo.ts";
import { DiscoveryRepo } from "../storage/discovery.repo.ts";
import { runQueryImport } from "../pipeline/discoverImport.ts";
import { DiscoveryService } from "./discovery.service.ts";
import { AgentsService } from "./agents.service.ts";
import { NormalizeService } from "./normalize.service.ts";
import { ImportService } from "./imports.service.ts";
import { CollectionService } from "./collections.service.ts";
import { readCollectionFile } from "./documentReader.ts";
import { submittedUrlProblem } from "./submittedUrl.ts";
import { CreatesLimit } from "./inputGuards.ts";
import { UploadService } from "./uploads.service.ts";
import { VisionReader } from "./visionReader.ts";
import { sourceModeRunner } from "./sourceImport.ts";
import { LlmClient } from "../llm/llmClient.ts";
import { MealPlansRepo } from "../storage/mealPlans.repo.ts";
import { RecipeSharesRepo } from "../storage/recipeShares.repo.ts";
import { SearchRepo } from "../storage/search.repo.ts";
import { SearchService } from "./search.service.ts";
import { ShoppingListsRepo } from "../storage/shoppingLists.repo.ts";
import { MealPlanService } from "./mealPlan.service.ts";
import { RecipeShareService } from "./recipeShares.service.ts";
import { ShoppingListService } from "./shoppingLists.service.ts";
import { WebhookDelivery } from "./webhookDelivery.ts";
import { WebhookService } from "./webhooks.service.ts";

/** Pages each extraction thread holds at once: the one it reads and the next (see WorkerPool). */
const EXTRACT_DEPTH = 2;

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
  /** Task-less binary objects of the artifact store: proxied images, thumbnails, uploads. */
  readonly blobs: BlobsRepo;
  readonly events: EventHub;
  /** Users, API tokens and libraries. */
  readonly users: UsersService;
  readonly signIn: SignInService;
  /** First run, invitations, reset links, disabling and removing people, one's own sign-ins. */
  readonly household: HouseholdService;
  /** Sign-in through the household's OpenID provider; null when none is configured. */
  readonly oidc: OidcSignInService | null;
  /** Web articles: submission, the ingestion job, reads behind library membership. */
  readonly articles: ArticlesService;
  /** The article image proxy (`/api/images/{id}`). */
  readonly images: ImageProxy;
  /** Reads article pages in memory-capped worker threads. */
  readonly articleParser: ArticleParser;
  /** Recipe extraction in worker threads (one per CPU slot), off the event loop. */
  readonly extractPool: WorkerPool<RecipePageInput, RecipePageResult>;
  readonly queue: JobQueue | null;
  readonly log: Logger;
  readonly now: () => Date;
  readonly gateway: EgressGateway;
  readonly browser: BrowserRenderer;
  readonly llmRepo: LlmRepo;
  /**
   * Every family's job rows against the queue (see src/queue/reconciler.ts): families with jobs
   * call `ladle.reconciler.register({...})` beside their worker. Null without a queue.
   */
  readonly reconciler: Reconciler | null;
  /** CPU slots (extraction threads × EXTRACT_DEPTH) for extraction and other CPU-bound job work in this process. */
  readonly cpu: PQueue;
  /** Parse requests: cached URL → recipe with in-flight dedup. */
  readonly parseRequests: ParseRequestService;
  /** The single-flight fetch over the gateway (see {@link Ladle.fetchShared}). */
  readonly sharedFetch: SharedFetcher;
  private readonly fetchLeases: FetchLeasesRepo;
  /** Bookmarks ("items", sync-enrichment.md). */
  readonly items: ItemService;
  /** Search providers and ranking for import by query. */
  readonly discovery: DiscoveryService;
  /** The Research and Analysis agents (§8.0). */
  readonly agents: AgentsService;
  /** Normalization proposals, their application as versions, and restores. */
  readonly normalize: NormalizeService;
  /** Import jobs (/v1/import) and the uploads they read. */
  readonly imports: ImportService;
  readonly uploads: UploadService;
  /** In the kitchen (issue 31): meals on days, shopping lists and the pantry, public recipe links. */
  readonly mealPlan: MealPlanService;
  readonly shoppingLists: ShoppingListService;
  readonly recipeShares: RecipeShareService;
  /** Bulk jobs of collection files and URL lists, and exports (issue 29). */
  readonly collections: CollectionService;
  /** The per-user creates limit every door takes from (routes, MCP, CLI): inputGuards.ts. */
  readonly creates: CreatesLimit;
  readonly search: SearchService;
  /** Webhooks (issue 30 item 5): subscriptions, and their delivery on the queue. */
  readonly webhooks: WebhookService;
  readonly webhookDelivery: WebhookDelivery;
  /** The server's backups: scheduled, on demand, listed for admins. */
  readonly backups: BackupService;
  /** What takes the room, per person, and their limit. */
  readonly storage: StorageService;
  /** Kept copies of pages (full-page archives) of articles and bookmarks. */
  readonly archives: ArchivesService;
  /** Highlights and notes on articles. */
  readonly highlights: HighlightsService;
  /** A person's own data: export all of it, delete all of it. */
  readonly personData: PersonDataService;
  private readonly ownsDatabase: boolean;

  private constructor(opts: LadleOptions, database: Database, queue: JobQueue | null) {
    this.config = opts.config;
    this.creates = new CreatesLimit({
      perMinute: opts.config.Server.RateLimit.CreatesPerMinute,
      exemptAdmins: opts.config.Server.RateLimit.ExemptAdmins,
    });
    this.database = database;
    this.ownsDatabase = !opts.database;
    this.queue = queue;
    this.now = opts.now ?? (() => new Date());
    const f = opts.config.Fetch;
    const egress = createEgress(opts.config, database.db, this.now, opts.resolver);
    this.browser = egress.browser;
    this.gateway = egress.gateway;
    this.log = opts.logger ?? createLogger(opts.config.Server.LogLevel);
    const threads = opts.config.Server.CpuConcurrency || os.availableParallelism();
    // A URL import's extraction holds a CPU slot while its page is in the extraction pool, which
    // keeps EXTRACT_DEPTH pages in each thread (the next one queued there) so a thread never idles
    // while this busy event loop answers and sends more: with one slot per thread, each thread held
    // one page and waited between pages. The rest of the slot work (validation, the guardrail when
    // not done beside extraction) runs on this thread synchronously, so more slots do not make it
    // run more at once.
    this.cpu = new PQueue({ concurrency: threads * EXTRACT_DEPTH });
    const db = database.db;
    this.llmRepo = new LlmRepo(db);
    this.events = new EventHub(new EventsRepo(db));
    this.blobs = new BlobsRepo(db);
    this.users = new UsersService(new UsersRepo(db), this.now);
    const database_ = database.kind === "server" ? "postgresql" : "embedded";
    this.personData = new PersonDataService(db, this.users, this.now);
    this.backups = new BackupService({
      db,
      config: opts.config,
      database: database_,
      now: this.now,
      log: this.log,
    });
    this.signIn = new SignInService(new UsersRepo(db), this.users, {
      sessionDays: opts.config.Auth.SessionDays,
      attempts: opts.config.Auth.SignInAttempts,
      now: this.now,
    });
    this.household = new HouseholdService({
      repo: new HouseholdRepo(db),
      usersRepo: new UsersRepo(db),
      users: this.users,
      signIn: this.signIn,
      auth: opts.config.Auth,
      now: this.now,
    });
    this.oidc = opts.config.Auth.Oidc
      ? new OidcSignInService(opts.config.Auth.Oidc, {
          repo: new HouseholdRepo(db),
          usersRepo: new UsersRepo(db),
          users: this.users,
          signIn: this.signIn,
          log: this.log,
        })
      : null;
    const a = opts.config.Articles;
    this.articleParser = new ArticleParser({
      workers: a.ParseWorkers,
      timeoutMs: a.ParseTimeoutMs,
      memoryMb: a.ParseMemoryMb,
      read: { maxChars: f.MaxDomChars, maxElements: a.MaxDomElements },
    });
    this.extractPool = new WorkerPool<RecipePageInput, RecipePageResult>({
      entry: new URL("../extract/extractWorker.ts", import.meta.url),
      workers: threads,
      // Unless set, the threads follow what the machine gives them: N worker processes on one host
      // settle at about a thread per core in total instead of N threads per core.
      adaptive: !opts.config.Server.CpuConcurrency,
      depth: EXTRACT_DEPTH,
      timeoutMs: a.ParseTimeoutMs,
      memoryMb: a.ParseMemoryMb,
      failure: (message) => ({
        ok: false,
        code: "NO_RECIPE_FOUND",
        message: `The page could not be read: ${message}.`,
        snapshot: "",
        classification: { kind: "other", confidence: 0 },
      }),
    });
    const mediaRepo = new MediaRepo(db);
    this.articles = new ArticlesService({
      config: opts.config,
      repo: mediaRepo,
      users: this.users,
      queue,
      now: this.now,
      log: this.log,
      context: () => ({
        // One fetch per URL, shared with every other family fetching the same page.
        fetch: (url, o) =>
          o?.fresh
            ? this.gateway.fetch(url, { render: o.render ?? "never" })
            : this.fetchShared(url, { render: o?.render ?? "never" }),
        read: (html, url) => this.articleParser.parse(html, url),
        render: a.Render,
      }),
      onReady: async (mediaId, savedBy) => {
        const who = savedBy ? await this.users.get(savedBy) : undefined;
        if (who?.ok) await this.archives.keepAutomatically(who.value, { articleId: mediaId });
      },
    });
    this.images = new ImageProxy({
      repo: mediaRepo,
      blobs: this.blobs,
      maxBytes: a.MaxImageBytes,
      fetchOnce: (url, o) => this.gateway.once(url, { maxBytes: o.maxBytes, accept: o.accept }),
    });
    this.artifacts = new ArtifactStore(new ArtifactsRepo(db), opts.config.Ingest.MaxArtifactSizeBytes);
    this.tasks = new TaskService(
      opts.config,
      new TasksRepo(db, this.now),
      new UrlRegistryRepo(db),
      this.artifacts,
      this.events,
      queue
        ? Object.assign(
            (id: string, exec?: SqlExecutor, notify?: boolean, owner?: string | null) =>
              queue.enqueueTask(id, exec, notify, owner),
            {
              jobInsert: (id: string, owner?: string | null) => queue.taskJobInsert(id, owner),
              wakeUp: JobQueue.wakeUp(QUEUES.task),
              woken: () => queue.woken(QUEUES.task),
            },
          )
        : null,
      // Without an LLM provider no task has token usage to read: no query per task.
      Object.keys(opts.config.Llm.Providers).length ? (taskId) => this.llmRepo.usageByPhase(taskId) : null,
      db,
    );
    this.review = new ReviewService(opts.config, db, this.tasks, this.artifacts, this.now, () => this.llm);
    this.recipes = new RecipeService(new RecipesRepo(db), opts.config, this.now, (user, library) =>
      this.users.libraryRole(user, library),
    );
    const recipesRepo = new RecipesRepo(db);
    this.mealPlan = new MealPlanService(new MealPlansRepo(db), recipesRepo, this.users);
    this.shoppingLists = new ShoppingListService(
      new ShoppingListsRepo(db),
      recipesRepo,
      this.mealPlan,
      this.now,
    );
    this.search = new SearchService(new SearchRepo(db));
    this.recipeShares = new RecipeShareService(new RecipeSharesRepo(db), recipesRepo, this.users, this.now);
    this.reconciler = queue
      ? new Reconciler(
          queue,
          this.log,
          {
            staleAfterMs: opts.config.Server.ReconcileAfterSeconds * 1000,
            maxRequeues: opts.config.Server.ReconcileMaxRequeues,
          },
          this.now,
        )
      : null;
    this.reconciler?.register(this.tasks.reconcilerFamily(QUEUES.task));
    this.prompts = new PromptService(new PromptsRepo(db));
    this.llm = new LlmService(opts.config, this.prompts, this.llmRepo, (url, init) =>
      this.gateway.once(url, init, "endpoint"),
    );
    this.storage = new StorageService(db, this.users, opts.config);
    this.archives = new ArchivesService({
      config: opts.config,
      repo: new ArchivesRepo(db),
      media: mediaRepo,
      items: new ItemsRepo(db),
      fetch: (url, o) => this.gateway.fetch(url, { render: "never", ...o }),
      roomFor: (who, bytes) => this.storage.roomFor(who, bytes),
      now: this.now,
      log: this.log,
    });
    this.highlights = new HighlightsService({
      repo: new HighlightsRepo(db),
      media: mediaRepo,
      now: this.now,
    });
    this.uploads = new UploadService(opts.config, this.blobs, this.now, (o, b) => this.storage.roomFor(o, b));
    // Import jobs, and tasks of mode Source (text and files reviewed like pages), read sources alike.
    const readers = {
      config: opts.config,
      uploads: this.uploads,
      fetchPage: (url: string, o: { signal: AbortSignal }) => this.fetchShared(url, o),
      vision: this.visionReader(opts.config),
      log: this.log,
    };
    this.imports = new ImportService({
      ...readers,
      database,
      context: () => this.pipelineContext(),
      queue,
      now: this.now,
    });
    this.reconciler?.register(this.imports.reconcilerFamily());
    this.fetchLeases = new FetchLeasesRepo(db);
    this.sharedFetch = new SharedFetcher({
      fetch: (url, o) => this.gateway.fetch(url, o),
      admits: (url, r) => this.gateway.admits(url, r),
      store: this.fetchLeases,
      reuseSeconds: f.SharedFetchReuseSeconds,
      leaseSeconds: f.SharedFetchLeaseSeconds,
    });
    this.parseRequests = new ParseRequestService(
      opts.config,
      new ParseRequestsRepo(db),
      async (requestId, owner) => {
        if (queue) await queue.send(PARSE_REQUEST_JOB, { requestId }, { key: requestId, owner });
        // Without a queue (one-shot CLI) the request is parsed in this process, in the background.
        else
          void this.parseRequests.process(requestId, this.pipelineContext()).catch((err: unknown) => {
            this.log.error({ err, requestId }, "parse request crashed");
          });
      },
      this.now,
      this.log,
    );
    this.items = new ItemService({
      config: opts.config,
      repo: new ItemsRepo(db),
      blobs: this.blobs,
      // One fetch per URL: a bookmark of a page another family is fetching shares that fetch.
      fetch: (url, o) => this.fetchShared(url, { signal: o.signal, maxBytes: o.maxBytes }),
      fetchFresh: (url, o) => this.gateway.fetch(url, { signal: o.signal, maxBytes: o.maxBytes }),
      screenshot: (url, o) => this.browser.screenshot(url, o),
      queue,
      libraries: this.users,
      // Preview images reach Ladle's UI through the one image proxy (fetch, raster check, cache).
      imageProxy: (key, url) => this.images.byUrl(key, url),
      log: this.log,
      now: this.now,
    });
    this.collections = new CollectionService({
      db,
      blobs: this.blobs,
      queue,
      context: (signal) => this.pipelineContext(signal),
      fetchApi: (url, o) => this.gateway.fetch(url, o),
      urlProblem: (url) => submittedUrlProblem(url, this.config),
      readFile: (file) =>
        readCollectionFile(
          {
            ...file,
            now: this.now(),
            maxInflatedBytes: this.config.Imports.MaxCollectionInflatedMb * 1024 * 1024,
          },
          {
            heapMb: this.config.Imports.WorkerHeapMb,
            memoryMb: this.config.Imports.ReaderMemoryMb,
            timeoutMs: this.config.Imports.ReaderTimeoutSeconds * 1000,
          },
        ),
      saveBookmark: async (userId, b) => {
        const r = await this.items.create(userId, bookmarkFromCollection(b));
        return r.ok
          ? { ok: true, id: r.value.item.id, created: r.value.created }
          : { ok: false, message: r.message };
      },
      log: this.log,
      now: this.now,
    });
    this.reconciler?.register(this.collections.reconcilerFamily());
    // Webhooks post through the gateway's single attempt: address policy and pinning, no robots.txt.
    const hooks = new WebhookDelivery({
      config: opts.config,
      db,
      health: database.health,
      queue,
      log: this.log,
      now: this.now,
      post: (url, init) => this.gateway.once(url, init),
    });
    this.webhookDelivery = hooks;
    this.webhooks = new WebhookService({
      config: opts.config,
      db,
      delivery: hooks,
      now: this.now,
      libraryRole: (u, l) => this.users.libraryRole(u, l),
      runNow: queue ? null : (id) => void hooks.attempt({ deliveryId: id }).catch(() => undefined),
    });
    // Discovery: API providers are configured endpoints (one attempt, own limits); sitemaps and
    // site search are pages (robots.txt, allow/deny lists, politeness, retries).
    this.discovery = new DiscoveryService(
      opts.config,
      new DiscoveryRepo(db),
      {
        endpoint: (url, init) => this.gateway.once(url, init, "endpoint"),
        page: (url) => this.gateway.fetch(url),
      },
      this.now,
    );
    this.normalize = new NormalizeService(opts.config, db, this.tasks, this.artifacts, this.llm, this.now);
    this.tasks.modes.normalize = {
      validate: (p, viewer) => this.normalize.validate(p, viewer),
      run: (id) => this.normalize.run(id),
    };
    this.agents = new AgentsService({
      db,
      tasks: this.tasks,
      discover: (q, c) => this.discovery.discover(q, c),
      discoveryReady: () => this.discovery.configured(),
      now: this.now,
    });
    this.tasks.agents.Research = this.agents.research();
    this.tasks.agents.Analysis = this.agents.analysis();
    this.tasks.modes.source = sourceModeRunner(readers);
    this.tasks.modes.query = {
      ready: () => this.discovery.configured(),
      run: (ctx, p) =>
        runQueryImport(
          ctx,
          {
            query: p.query,
            constraints: p.constraints ?? {},
            candidates: p.candidates ?? null,
            candidateIndex: p.candidateIndex ?? null,
            render: p.render ?? null,
            maxAttempts: opts.config.Discovery.MaxCandidateAttempts,
          },
          (q, c) => this.discovery.discover(q, c),
        ),
    };
  }

  /**
   * One fetch per URL, everywhere: fetches a page through the egress gateway (policy, DNS pinning,
   * robots.txt, limits, retries all apply) so that concurrent callers asking for the same
   * normalized URL, in this process or any worker process on the same database, reach the origin
   * once and share the result; callers within `Fetch:SharedFetchReuseSeconds` (default 30) reuse
   * it. Keyed by the recipe normalization (SHA-256 hex), plus render mode and body cap. Recipe
   * tasks and parse requests fetch through it; articles, imports and bookmarks call it too.
   */
  async fetchShared(url: string, opts: SharedFetchOptions = {}): Promise<GatewayResult> {
    const { result, source } = await this.sharedFetch.fetchWithSource(url, opts);
    metrics.sharedFetches.inc({ source });
    return result;
  }

  /** Opens the database (and the queue unless disabled) and, for worker roles, starts working. */
  static async start(opts: LadleOptions): Promise<Ladle> {
    const role = opts.role ?? "all";
    const log = opts.logger ?? createLogger(opts.config.Server.LogLevel);
    const database =
      opts.database ??
      (await openDatabase({
        databaseUrl: opts.config.Server.DatabaseUrl,
        dataDir: opts.config.Server.DataDir,
        preparedStatements: opts.config.Server.PreparedStatements,
        beforeMigrate: (db, pending) => backupBeforeMigrating(db, opts.config, pending, log),
      }));
    let queue: JobQueue | null = null;
    // An outage is two log lines (away, back), however many requests and jobs meet it meanwhile.
    database.health.onChange = (up, reason, err) =>
      up
        ? log.info("database reachable again")
        : log.error(
            { reason, code: (err as { code?: string } | undefined)?.code },
            `database unreachable: ${reason}`,
          );
    if (opts.queue !== false)
      queue = await openQueue(database, opts.config, role, log, opts.superviseIntervalSeconds);
    const ladle = new Ladle({ ...opts, logger: log }, database, queue);
    await ladle.users.seed(opts.config.Auth.Users);
    if (queue && role !== "api") await ladle.startWorker();
    return ladle;
  }

  /** The photo reader of import jobs when Imports:VisionProvider names a provider. */
  private visionReader(config: Config): VisionReader | null {
    const name = config.Imports.VisionProvider;
    const provider = name ? config.Llm.Providers[name] : undefined;
    if (!name || !provider) return null;
    const client = new LlmClient(name, provider, (url, init) => this.gateway.once(url, init, "endpoint"));
    return new VisionReader(client, this.llmRepo);
  }

  /**
   * The pipeline context bound to this configuration. `keepPages` false: pages fetched are not
   * stored for later callers of other processes (see SharedFetchOptions.keep).
   */
  pipelineContext(signal?: AbortSignal, keepPages = true): Omit<PipelineContext, "onPhase"> {
    return {
      config: this.config,
      ...(signal ? { signal } : {}),
      cpu: (fn) => this.cpu.add(fn) as Promise<Awaited<ReturnType<typeof fn>>>,
      extract: (input) => this.extractPool.run(input),
      now: this.now,
      llm: this.llm,
      fetch: (url, o) =>
        withSpan("gateway.fetch", { "url.full": url }, () =>
          this.fetchShared(url, {
            ...(o?.signal ? { signal: o.signal } : {}),
            ...(o?.render ? { render: o.render } : {}),
            ...(keepPages ? {} : { keep: false }),
          }),
        ),
    };
  }

  /** Runs one task now, in this process (the job handler, and the CLI without a queue). */
  async runTask(taskId: string, signal?: AbortSignal): Promise<void> {
    const started = Date.now();
    // A task reads its page once: nobody later needs it stored (a concurrent task of the same
    // URL in another process still gets it, and this process's later ones within the window).
    await this.tasks.run(taskId, this.pipelineContext(signal, false), this.log);
    this.log.debug({ taskId, ms: Date.now() - started }, "task run finished");
  }

  private async startWorker(): Promise<void> {
    await startWorker(this);
  }

  /** The parse-request reaper, and expired shared-fetch results dropped. */
  async reapParseRequests(): Promise<void> {
    await this.parseRequests.reap();
    await this.fetchLeases.deleteExpired();
  }

  /** Draft expiry, artifact and key retention, curated refresh, recipe purge (maintenance.ts). */
  async maintenance(): Promise<void> {
    await runMaintenance(this);
  }

  /**
   * Stops taking jobs, lets running ones finish within `graceMs` (default
   * `Server:ShutdownGraceSeconds`), releases the rest to other workers, then closes.
   */
  async stop(opts: { graceMs?: number } = {}): Promise<void> {
    await this.webhookDelivery.stop();
    if (this.queue)
      await this.queue.stop({
        graceful: true,
        timeoutMs: opts.graceMs ?? this.config.Server.ShutdownGraceSeconds * 1000,
      });
    await this.browser.close();
    await this.articleParser.close();
    await this.extractPool.close();
    if (this.ownsDatabase) await this.database.close();
  }
}
