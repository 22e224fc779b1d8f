import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

/**
 * One typed configuration. Section and key names follow recipe-ingest-agent.md §21
 * (`Ingest`, `Ingest:Guardrail`, `Ingest:CircuitBreaker`, `Llm:PhaseProviders`); defaults are
 * stated where declared. Sources, later ones winning: built-in defaults, the JSON config file
 * (`LADLE_CONFIG`, default `./ladle.config.json` when it exists), environment variables.
 *
 * Environment: `Section__Key` (e.g. `Ingest__DraftExpirationDays=3`,
 * `Ingest__Guardrail__NgramSize=4`) for any key, plus the conventional names listed in ENV_ALIASES.
 */

const zCircuitBreaker = z.object({
  /**
   * Origin-health failures (no connection, timeouts, 5xx, 429) within the window before a domain
   * is paused. A 404, 410 or other 4xx is the page's answer and never counts.
   */
  FailureThreshold: z.coerce.number().int().positive().default(5),
  /** Window in which failures are counted (minutes). */
  FailureWindowMinutes: z.coerce.number().int().positive().default(10),
  /**
   * The first pause of a paused domain (seconds); then one request probes it (half-open): an
   * answer resumes the domain, a failure pauses it again for twice as long.
   */
  ProbeAfterSeconds: z.coerce.number().positive().default(30),
  /** The longest pause (minutes): failed probes double the pause up to this. */
  BlockDurationMinutes: z.coerce.number().int().positive().default(30),
  /** How much a request that timed out counts: a stalling domain is paused after fewer of them. */
  TimeoutWeight: z.coerce.number().int().positive().default(2),
});

const zGuardrail = z.object({
  TokenOverlapWarningThreshold: z.coerce.number().int().positive().default(40),
  TokenOverlapErrorThreshold: z.coerce.number().int().positive().default(80),
  NgramSimilarityWarningThreshold: z.coerce.number().min(0).max(1).default(0.2),
  NgramSimilarityErrorThreshold: z.coerce.number().min(0).max(1).default(0.35),
  NgramSize: z.coerce.number().int().positive().default(5),
  AutoRepairOnError: zBool().default(true),
  /**
   * What a commit does with text the guardrail flags: `block` refuses it (paraphrase first),
   * `acknowledge` needs the reviewer's explicit `acknowledgeGuardrail` (recorded), `warn` commits
   * with a warning kept on the recipe.
   */
  CommitPolicy: z.enum(["block", "acknowledge", "warn"]).default("acknowledge"),
});

const zIngest = z.object({
  MaxDiscoveryCandidates: z.coerce.number().int().positive().default(10),
  /** Drafts in ReviewReady expire after this many days. */
  DraftExpirationDays: z.coerce.number().positive().default(7),
  /** Cap on a fetched response, counted after decompression: 5 MiB. */
  MaxFetchSizeBytes: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 1024 * 1024),
  ContentCharacterBudget: z.coerce.number().int().positive().default(60_000),
  RespectRobotsTxt: zBool().default(true),
  /** Larger artifacts are gzip-compressed, then truncated: 1 MiB. */
  MaxArtifactSizeBytes: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  CircuitBreaker: zCircuitBreaker.prefault({}),
  Guardrail: zGuardrail.prefault({}),
  /** Normalization (Flow C, §12.3): every patch needs approval unless AutoApplyLow. */
  Normalize: z
    .object({
      /** Apply Low-risk operations without review (High ones still wait). Default off (§12.3). */
      AutoApplyLow: zBool().default(false),
      /** Unit conversion offered as High: auto (minority system to the majority), metric, us, none. */
      ConvertUnits: z.enum(["auto", "metric", "us", "none"]).default("auto"),
    })
    .prefault({}),
  /** A deleted recipe can be restored for this many days, then it is purged. */
  RecipeRestoreDays: z.coerce.number().positive().default(30),
});

const zProvider = z.object({
  /** OpenAI-compatible base URL, e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1 (Ollama). */
  BaseUrl: z.url(),
  ApiKey: z.string().optional(),
  Model: z.string().min(1),
  /** One request's time limit. */
  TimeoutMs: z.coerce.number().int().positive().default(60_000),
  /** Requests in flight at once to this provider. */
  MaxConcurrency: z.coerce.number().int().positive().default(2),
  RequestsPerMinute: z.coerce.number().int().positive().default(60),
  /** Retries after a timeout, 429 or 5xx. */
  MaxRetries: z.coerce.number().int().min(0).max(5).default(1),
  /** json_schema (structured outputs), json_object, or none (plain JSON in text) for servers without them. */
  StructuredOutput: z.enum(["json_schema", "json_object", "none"]).default("json_schema"),
});

const zLlm = z.object({
  /** Named OpenAI-compatible providers; their hosts become reachable endpoints of the gateway. */
  Providers: z.record(z.string(), zProvider).default({}),
  /** Tokens one task may spend (0: no limit). */
  TaskTokenBudget: z.coerce.number().int().min(0).default(0),
  /** Tokens all tasks may spend per UTC day (0: no limit). */
  DailyTokenBudget: z.coerce.number().int().min(0).default(0),
  /** When the LLM extracts: when structured data leaves name, ingredients or steps empty; only when nothing was found; never. */
  ExtractWhen: z.enum(["missing-required", "no-recipe", "never"]).default("missing-required"),
  /** Provider name per LLM-backed phase; empty means the phase is skipped with a warning. */
  PhaseProviders: z
    .object({
      "Ingest.Extract": z.string().optional(),
      "Ingest.Normalize": z.string().optional(),
      "Ingest.RepairJson": z.string().optional(),
      "Ingest.RepairParaphrase": z.string().optional(),
    })
    .prefault({}),
});

// Discovery (issue 15): search providers by name, like Llm:Providers.
export const zSearchProvider = z.object({
  /** searxng (self-hosted JSON API), brave (Brave Search API), tavily (Tavily search API), curated (operator's sites). */
  Type: z.enum(["searxng", "brave", "tavily", "curated"]),
  /** API base; defaults: brave https://api.search.brave.com, tavily https://api.tavily.com; required for searxng. */
  BaseUrl: z.url().optional(),
  ApiKey: z.string().optional(),
  /** One search request's time limit. */
  TimeoutMs: z.coerce.number().int().positive().default(10_000),
  /** Requests started per minute to this provider (this process). */
  RequestsPerMinute: z.coerce.number().int().positive().default(30),
  /** Requests per UTC day, all processes (0: no limit). */
  DailyQuota: z.coerce.number().int().min(0).default(0),
  /** What one request costs (any currency unit), counted against DailyCostCap. */
  CostPerRequest: z.coerce.number().min(0).default(0),
  /** Spend per UTC day (0: no cap). */
  DailyCostCap: z.coerce.number().min(0).default(0),
  /** Results asked for per search. */
  MaxResults: z.coerce.number().int().positive().max(50).default(20),
  /** curated: site origins (their /sitemap.xml and robots.txt Sitemap lines) or sitemap URLs, indexed locally. */
  Sites: zList().default([]),
  /** curated: site-search URLs with {query}, e.g. https://site.example/?s={query}. */
  SearchUrlTemplates: zList().default([]),
});

/**
 * Recipe sites whose own search pages the built-in provider reads (WordPress site search, public,
 * no account). Candidates come from result links on each site; pages go through the gateway.
 */
export const BUILTIN_SEARCH_PAGES = [
  "https://www.cookingclassy.com/?s={query}",
  "https://www.spendwithpennies.com/?s={query}",
  "https://www.wellplated.com/?s={query}",
  "https://www.inspiredtaste.net/?s={query}",
  "https://www.loveandlemons.com/?s={query}",
  "https://www.justonecookbook.com/?s={query}",
  "https://www.culinaryhill.com/?s={query}",
  "https://therecipecritic.com/?s={query}",
  "https://tastesbetterfromscratch.com/?s={query}",
  "https://littlespicejar.com/?s={query}",
];

const zDiscovery = z.object({
  /** Named search providers; hosts of API providers become reachable endpoints of the gateway. */
  Providers: z.record(z.string(), zSearchProvider).default({}),
  /**
   * The provider that needs no account (Flow A out of the box): when Providers is empty, a curated
   * provider named "builtin" reads these recipe sites' own search pages through the gateway.
   */
  Builtin: z
    .object({
      /** false: no built-in provider; a Query import then needs a configured one. */
      Enabled: zBool().default(true),
      SearchUrlTemplates: zList().default(BUILTIN_SEARCH_PAGES),
    })
    .prefault({}),
  /** Providers asked, in order, until one answers; empty: all, in declaration order. */
  Use: zList().default([]),
  /** Only results from these domains (and subdomains) when non-empty. */
  AllowDomains: zList().default([]),
  /** Results from these domains (and subdomains) are dropped. */
  DenyDomains: zList().default([]),
  /** Candidates tried, in rank order, before a query import gives up. */
  MaxCandidateAttempts: z.coerce.number().int().min(1).max(10).default(3),
  /** How old the curated title index may grow before the scheduler refreshes it. */
  CuratedRefreshMinutes: z.coerce.number().int().positive().default(1440),
  /** Pages read per curated site when indexing (sitemap entries). */
  CuratedMaxPagesPerSite: z.coerce.number().int().positive().default(5000),
});

const zFetch = z.object({
  /** Descriptive User-Agent (spec §10.1). */
  UserAgent: z
    .string()
    .min(1)
    .default("LadleBot/0.1 (+https://github.com/ladle-recipes/ladle; recipe importer)"),
  /**
   * Hosts or CIDRs the fetcher may reach although they are private or loopback; empty by default.
   * Env: `LADLE_ALLOW_PRIVATE_HOSTS=127.0.0.1,10.0.0.0/8`.
   */
  AllowPrivateHosts: zList().default([]),
  ConnectTimeoutMs: z.coerce.number().int().positive().default(5_000),
  HeadersTimeoutMs: z.coerce.number().int().positive().default(10_000),
  BodyTimeoutMs: z.coerce.number().int().positive().default(10_000),
  TotalTimeoutMs: z.coerce.number().int().positive().default(30_000),
  MaxRedirects: z.coerce.number().int().min(0).max(20).default(5),
  /** Only these domains (and their subdomains) are fetched when non-empty. */
  AllowDomains: zList().default([]),
  /** These domains (and their subdomains) are never fetched. */
  DenyDomains: zList().default([]),
  /** robots.txt cache lifetime per host. */
  RobotsCacheTtlSeconds: z.coerce.number().int().positive().default(3600),
  /** A longer Crawl-delay is capped to this. */
  MaxCrawlDelaySeconds: z.coerce.number().min(0).default(30),
  /** Requests in flight at once, all domains. */
  MaxConcurrentFetches: z.coerce.number().int().positive().default(16),
  /** Requests in flight at once per domain. */
  PerDomainConcurrency: z.coerce.number().int().positive().default(2),
  /** Request starts allowed per domain per interval (a burst). */
  PerDomainBurst: z.coerce.number().int().positive().default(5),
  /** The per-domain interval; 5 per 5 s is 1 request/s sustained. 0 disables the rate limit. */
  PerDomainIntervalMs: z.coerce.number().int().min(0).default(5000),
  /** Retries for timeouts, 5xx, 408 and 429. */
  MaxRetries: z.coerce.number().int().min(0).max(5).default(2),
  RetryBaseDelayMs: z.coerce.number().int().min(0).default(500),
  /** A Retry-After longer than this fails at once instead of waiting. */
  RetryAfterCapSeconds: z.coerce.number().min(0).default(30),
  /** Browser rendering: never, auto (when the page is a script shell without content), always. */
  Render: z.enum(["never", "auto", "always"]).default("auto"),
  /** Render mode per domain, e.g. {"spa-recipes.example": "always"}. */
  RenderDomains: z.record(z.string(), z.enum(["never", "auto", "always"])).default({}),
  /** Debian's chromium. */
  BrowserPath: z.string().min(1).default("/usr/bin/chromium"),
  /** Time budget of one browser render. */
  RenderTimeoutMs: z.coerce.number().int().positive().default(15_000),
  /** Pages with more characters than this are not parsed. */
  MaxDomChars: z.coerce.number().int().positive().default(3_000_000),
  /**
   * Single-flight fetch (`ladle.fetchShared`): a page fetched for one job is reused by any other job
   * asking for the same normalized URL within this many seconds, in any process. 0 still coalesces
   * concurrent callers but keeps nothing afterwards.
   */
  SharedFetchReuseSeconds: z.coerce.number().int().min(0).default(30),
  /**
   * The fetch lease on a URL, renewed by its live holder every third of this; when the holder's
   * process dies, another one takes the fetch over after at most this long.
   */
  SharedFetchLeaseSeconds: z.coerce.number().int().positive().default(15),
});

// parse-request-flow.md "Configuration": `recipe.ttl.days`.
const zRecipe = z.object({
  Ttl: z
    .object({
      /** A parsed recipe older than this is stale and parsed again on the next request. */
      Days: z.coerce.number().positive().default(30),
    })
    .prefault({}),
});

const zParseRequests = z.object({
  /** Requests stuck in PROCESSING (or PENDING with a lost job) longer than this are reaped. */
  StuckAfterMinutes: z.coerce.number().positive().default(15),
  /** How often the reaper runs (minutes, 1-59). */
  ReaperIntervalMinutes: z.coerce.number().int().min(1).max(59).default(1),
});

/** Bookmarks ("items") enrichment (sync-enrichment.md §3, §5, §7). */
const zEnrichment = z.object({
  /** Master budget of the enrichment done inside `POST /api/v1/items` and re-enrichment (§3). */
  SyncBudgetMs: z.coerce.number().int().positive().default(4_000),
  /** Budget of the page fetch inside the master budget (§3). */
  HtmlFetchBudgetMs: z.coerce.number().int().positive().default(3_000),
  /** Cap on the fetched page (§4): 5 MiB. */
  MaxResponseSizeBytes: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 1024 * 1024),
  /** Browser viewport of the fallback screenshot. */
  ScreenshotWidth: z.coerce.number().int().min(320).max(2560).default(1280),
  ScreenshotHeight: z.coerce.number().int().min(240).max(2560).default(800),
  /** Time budget of one screenshot, navigation included. */
  ScreenshotTimeoutMs: z.coerce.number().int().positive().default(20_000),
  /** Card thumbnail width the screenshot is resized to (height follows the viewport's ratio). */
  ThumbnailWidth: z.coerce.number().int().min(64).max(1280).default(480),
  ThumbnailFormat: z.enum(["webp", "jpeg"]).default("webp"),
  /**
   * Ladle's own UI shows `previewImageUrl` through Ladle's image proxy, so opening the bookmark list
   * contacts no third party; false shows the remote image directly (the spec's original choice).
   */
  UiImageProxy: zBool().default(true),
});

const zUser = z.object({
  name: z.string().min(1),
  token: z.string().min(16),
  role: z.enum(["admin", "user"]),
});

const zServer = z.object({
  /** Bind address. Loopback by default; any other bind requires `Auth:Users`. */
  Host: z.string().min(1).default("127.0.0.1"),
  Port: z.coerce.number().int().min(0).max(65535).default(3000),
  /** PostgreSQL URL; when unset an embedded PGlite under `DataDir` is used. */
  DatabaseUrl: z.string().optional(),
  /** Where the embedded database and other local state live. */
  DataDir: z.string().min(1).default("./data"),
  LogLevel: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Worker jobs processed concurrently per worker process. */
  WorkerConcurrency: z.coerce.number().int().positive().default(4),
  /**
   * Import tasks in flight per worker process. They mostly wait on the network, so many: a slow
   * site's tasks wait in their own slots while others go on. CPU work is bounded by CpuConcurrency.
   */
  IoConcurrency: z.coerce.number().int().positive().default(64),
  /**
   * Fair queues: a user running this many jobs of one family (imports, tasks, articles...) across
   * all workers lets every other user's waiting job of that family go first; slots nobody else
   * wants still go to them. 0: a quarter of the family's slots per worker process (16 of 64 task
   * slots, 1 of 4 import-job slots); always at least 1 and below the family's slots.
   */
  QueueOwnerShare: z.coerce.number().int().min(0).default(0),
  /** Extractions (CPU work) at once per worker process; 0 means the number of cores. */
  CpuConcurrency: z.coerce.number().int().min(0).default(0),
  /** On SIGTERM, running jobs get this long to finish; the rest are released to other workers. */
  ShutdownGraceSeconds: z.coerce.number().min(0).default(20),
  /** The reconciler judges a Pending/Running row unchanged this long and without a live job. */
  ReconcileAfterSeconds: z.coerce.number().min(0).default(60),
  /** Re-queues of one row by the reconciler before it fails with WORKER_CRASHED. */
  ReconcileMaxRequeues: z.coerce.number().int().min(0).default(3),
  /** Idempotency-Key records are kept (and replayed) this long. */
  IdempotencyTtlHours: z.coerce.number().positive().default(24),
  /**
   * On a PostgreSQL server, run repeated statements as named prepared statements (parsed once per
   * connection). Turn off behind a pooler that shares server sessions between clients (PgBouncer
   * in transaction mode without prepared-statement support).
   */
  PreparedStatements: zBool().default(true),
  /** Largest JSON body any API route reads (uploads have their own caps under `Imports`). */
  MaxJsonBodyBytes: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  /** Per-user limit on creates (POSTs): `CreatesPerMinute` (0 = off), 429 with Retry-After beyond it. */
  RateLimit: z
    .object({
      CreatesPerMinute: z.coerce.number().int().min(0).default(120),
      /** Admins (and the loopback local admin) are not limited. */
      ExemptAdmins: zBool().default(true),
    })
    .prefault({}),
  /**
   * `/metrics` answers admins, and scrapers that send this token as `Authorization: Bearer …`
   * (so a Prometheus server needs no user account). Unset: admins only.
   */
  MetricsToken: z.string().min(16).optional(),
});

const zAuth = z.object({
  /** Bearer-token users. Env: `LADLE_USERS=name:role:token,...`. Empty: loopback-only local admin. */
  Users: z
    .preprocess(
      (v) =>
        typeof v === "string"
          ? v
              .split(",")
              .map((s) => s.trim())
              .filter(Boolean)
              .map((s) => {
                const [name, role, token] = s.split(":");
                return { name, role, token };
              })
          : v,
      z.array(zUser),
    )
    .default([]),
  /** How long a password sign-in lasts (its HttpOnly cookie and its session token), in days. */
  SessionDays: z.coerce.number().int().positive().default(30),
  /** Failed sign-ins allowed per user name and address in 15 minutes before 429. */
  SignInAttempts: z.coerce.number().int().positive().default(10),
});

/** Web articles (web-article-ingestion.md). */
const zArticles = z.object({
  /** Browser rendering of article pages: always (the spec's "fetch url via headless browser"), auto, never. */
  Render: z.enum(["never", "auto", "always"]).default("always"),
  /** Attempts for E_FETCH_FAILED before the article fails (automatic retries, §6). */
  MaxFetchAttempts: z.coerce.number().int().min(1).max(10).default(3),
  /** Delay before an automatic retry, multiplied by the attempt number. */
  RetryDelaySeconds: z.coerce.number().int().min(0).default(30),
  /** Worker threads reading pages (jsdom + Readability) per worker process. */
  ParseWorkers: z.coerce.number().int().positive().default(2),
  /** One page's reading time limit. */
  ParseTimeoutMs: z.coerce.number().int().positive().default(30_000),
  /** Heap cap of a reading thread (MB). */
  ParseMemoryMb: z.coerce.number().int().min(64).default(512),
  /** DOM-size cap: pages with more elements are not read (Readability's maxElemsToParse). */
  MaxDomElements: z.coerce.number().int().positive().default(100_000),
  /** The image proxy's size cap: 10 MB (§7). */
  MaxImageBytes: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
});

/** Import jobs (import-pipeline-io.md): limits, upload caps, OCR. */
const zImports = z.object({
  /** Soft limit of one job (§5: 600 s); a job past it fails with `timeout`. Fractions allowed (tests). */
  SoftTimeoutSeconds: z.coerce.number().positive().default(600),
  /** Import jobs run at once per worker process (§5 concurrency_limit=4). */
  Concurrency: z.coerce.number().int().positive().default(4),
  /** Upload caps by sniffed type, bytes: PDF 25 MB, image 15 MB, text 1 MB, captions 2 MB. */
  MaxPdfBytes: z.coerce
    .number()
    .int()
    .positive()
    .default(25 * 1024 * 1024),
  MaxImageBytes: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 1024 * 1024),
  MaxTextBytes: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  MaxCaptionsBytes: z.coerce
    .number()
    .int()
    .positive()
    .default(2 * 1024 * 1024),
  /** Uploads not used by a job are dropped after this many hours. */
  UploadTtlHours: z.coerce
    .number()
    .positive()
    .default(24 * 7),
  /** A PDF with more pages fails with `oom`. */
  MaxPdfPages: z.coerce.number().int().positive().default(200),
  /** Pages without text that are rendered and OCR'd, at most. */
  MaxOcrPages: z.coerce.number().int().positive().default(20),
  /** A photo with more pixels fails with `oom`; a PDF page is rendered at most this large. */
  MaxImagePixels: z.coerce.number().int().positive().default(40_000_000),
  MaxRenderPixels: z.coerce.number().int().positive().default(6_000_000),
  /** V8 heap of the process that reads one PDF or photo (at least 32 MB); beyond it the job fails with `oom`. */
  WorkerHeapMb: z.coerce.number().int().min(32).default(512),
  /**
   * Resident memory of the process that reads one PDF or photo (heap, buffers, rendering, OCR), MB;
   * past it the process is killed and the job fails with `oom`.
   */
  ReaderMemoryMb: z.coerce.number().int().min(128).default(768),
  /** One PDF or photo read (all its pages' OCR included) is stopped after this long, with `timeout`. */
  ReaderTimeoutSeconds: z.coerce.number().positive().default(300),
  /** A PDF whose compressed streams unpack to more than this (MB, together) fails with `oom` before it is read. */
  MaxPdfInflatedMb: z.coerce.number().positive().default(128),
  /** A vision-capable provider of Llm:Providers that reads photos (before OCR); empty: OCR only. */
  VisionProvider: z.string().optional(),
  /** OCR below this mean confidence (0-100) fails with `extraction_failed`. */
  MinOcrConfidence: z.coerce.number().min(0).max(100).default(60),
});

export const zConfig = z.object({
  Server: zServer.prefault({}),
  Auth: zAuth.prefault({}),
  Ingest: zIngest.prefault({}),
  Fetch: zFetch.prefault({}),
  Llm: zLlm.prefault({}),
  Recipe: zRecipe.prefault({}),
  ParseRequests: zParseRequests.prefault({}),
  Enrichment: zEnrichment.prefault({}),
  Imports: zImports.prefault({}),
  Discovery: zDiscovery.prefault({}),
  Articles: zArticles.prefault({}),
});
export type Config = z.infer<typeof zConfig>;
/** Partial configuration, as a file or a test gives it. */
export type ConfigInput = z.input<typeof zConfig>;

/** Conventional environment names mapped to config paths. */
export const ENV_ALIASES: Record<string, string> = {
  HOST: "Server:Host",
  PORT: "Server:Port",
  DATABASE_URL: "Server:DatabaseUrl",
  LADLE_DATA_DIR: "Server:DataDir",
  LOG_LEVEL: "Server:LogLevel",
  LADLE_WORKER_CONCURRENCY: "Server:WorkerConcurrency",
  LADLE_IO_CONCURRENCY: "Server:IoConcurrency",
  LADLE_CPU_CONCURRENCY: "Server:CpuConcurrency",
  LADLE_QUEUE_OWNER_SHARE: "Server:QueueOwnerShare",
  LADLE_PREPARED_STATEMENTS: "Server:PreparedStatements",
  LADLE_RATE_LIMIT_PER_MINUTE: "Server:RateLimit:CreatesPerMinute",
  LADLE_METRICS_TOKEN: "Server:MetricsToken",
  LADLE_ALLOW_PRIVATE_HOSTS: "Fetch:AllowPrivateHosts",
  LADLE_USER_AGENT: "Fetch:UserAgent",
  LADLE_USERS: "Auth:Users",
  RECIPE_TTL_DAYS: "Recipe:Ttl:Days",
};

/** A configuration problem that stops start-up; the message names the key. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

function zBool() {
  return z.preprocess((v) => {
    if (typeof v !== "string") return v;
    const s = v.trim().toLowerCase();
    if (["true", "1", "yes", "on"].includes(s)) return true;
    if (["false", "0", "no", "off"].includes(s)) return false;
    return v;
  }, z.boolean());
}

function zList() {
  return z.preprocess(
    (v) =>
      typeof v === "string"
        ? v
            .split(",")
            .map((s) => s.trim())
            .filter(Boolean)
        : v,
    z.array(z.string().min(1)),
  );
}

type Tree = Record<string, unknown>;

function setPath(tree: Tree, keys: string[], value: unknown): void {
  let node = tree;
  for (const key of keys.slice(0, -1)) {
    const next = node[key];
    if (typeof next !== "object" || next === null) node[key] = {};
    node = node[key] as Tree;
  }
  node[keys[keys.length - 1]!] = value;
}

function merge(into: Tree, from: Tree): Tree {
  for (const [k, v] of Object.entries(from)) {
    const cur = into[k];
    if (
      v &&
      typeof v === "object" &&
      !Array.isArray(v) &&
      cur &&
      typeof cur === "object" &&
      !Array.isArray(cur)
    ) {
      merge(cur as Tree, v as Tree);
    } else into[k] = v;
  }
  return into;
}

const SECTIONS = new Set(Object.keys(zConfig.shape));

/** Environment variables as a config tree (aliases and `Section__Key` names). */
export function envToTree(env: NodeJS.ProcessEnv): Tree {
  const tree: Tree = {};
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) continue;
    const alias = ENV_ALIASES[name];
    if (alias) {
      if (value !== "" || name === "LADLE_ALLOW_PRIVATE_HOSTS") setPath(tree, alias.split(":"), value);
      continue;
    }
    const parts = name.split("__");
    if (parts.length >= 2 && SECTIONS.has(parts[0]!)) setPath(tree, parts, value);
  }
  return tree;
}

/**
 * Builds the configuration from defaults, an optional file, the environment and explicit
 * overrides (tests). Throws ConfigError naming the offending key.
 */
export function loadConfig(
  opts: { env?: NodeJS.ProcessEnv; file?: string | null; overrides?: ConfigInput } = {},
): Config {
  const env = opts.env ?? process.env;
  const tree: Tree = {};
  const file = opts.file === undefined ? (env.LADLE_CONFIG ?? "ladle.config.json") : opts.file;
  if (file) {
    let text: string | null = null;
    try {
      text = readFileSync(path.resolve(file), "utf8");
    } catch (err) {
      // The default file is optional; a file named explicitly must exist.
      if (env.LADLE_CONFIG || opts.file)
        throw new ConfigError(`config file ${file}: ${(err as Error).message}`);
    }
    if (text !== null) {
      try {
        merge(tree, JSON.parse(text) as Tree);
      } catch (err) {
        throw new ConfigError(`config file ${file} is not valid JSON: ${(err as Error).message}`);
      }
    }
  }
  merge(tree, envToTree(env));
  if (opts.overrides) merge(tree, structuredClone(opts.overrides) as Tree);
  const parsed = zConfig.safeParse(tree);
  if (!parsed.success) {
    const msgs = parsed.error.issues.map((i) => `${i.path.join(":")}: ${i.message}`);
    throw new ConfigError(`invalid configuration: ${msgs.join("; ")}`);
  }
  return parsed.data;
}

/** True when the host only binds loopback. */
export function isLoopbackBind(host: string): boolean {
  return host === "127.0.0.1" || host === "::1" || host === "localhost" || host.startsWith("127.");
}
