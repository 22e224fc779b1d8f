import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { zBool } from "./configParts.ts";
import { zImports } from "./services/imports/imports.config.ts";
import { zArticles } from "./services/articles/articles.config.ts";
import { zFeeds } from "./services/feeds/feeds.config.ts";
import { zArchives } from "./services/archives/archives.config.ts";
import { zFetch } from "./fetcher/fetch.config.ts";
import { zDiscovery } from "./search/discovery.config.ts";
import { zLlm } from "./llm/llm.config.ts";
import { zIngest } from "./pipeline/ingest.config.ts";
import { zDuplicates } from "./services/recipes/duplicates.config.ts";
import { zWebhooks } from "./services/webhooks/webhooks.config.ts";
import { zBackups, zStorage } from "./services/backups/backups.config.ts";
import { zPublicOrigins, zTrustedProxies } from "./api/proxies.config.ts";

/**
 * One typed configuration. Section and key names are the ones docs/configuration.md lists
 * (`Ingest`, `Ingest:Guardrail`, `Ingest:CircuitBreaker`, `Llm:PhaseProviders`); defaults are
 * stated where declared. Sources, later ones winning: built-in defaults, the JSON config file
 * (`LADLE_CONFIG`, default `./ladle.config.json` when it exists), environment variables.
 *
 * Environment: `Section__Key` (e.g. `Ingest__DraftExpirationDays=3`,
 * `Ingest__Guardrail__NgramSize=4`) for any key, plus the conventional names listed in ENV_ALIASES.
 */

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

/** Bookmarks ("items") enrichment. */
const zEnrichment = z.object({
  /** Master budget of the enrichment done inside `POST /api/v1/items` and re-enrichment. */
  SyncBudgetMs: z.coerce.number().int().positive().default(4_000),
  /** Budget of the page fetch inside the master budget. */
  HtmlFetchBudgetMs: z.coerce.number().int().positive().default(3_000),
  /** Cap on the fetched page: 5 MiB. */
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
  /**
   * Extraction threads per worker process; 0: one to start, up to the cores while the machine has
   * idle ones (so worker processes on one host share its cores).
   */
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
  /** Reverse proxies whose `X-Forwarded-For/-Proto/-Host` are believed (docs/household.md). */
  TrustedProxies: zTrustedProxies,
  /** Names Ladle is reached under besides localhost and IP addresses (docs/household.md). */
  PublicOrigins: zPublicOrigins,
});

const zOidc = z.object({
  /** The provider's issuer URL (its discovery document is at `/.well-known/openid-configuration`). */
  Issuer: z.url(),
  ClientId: z.string().min(1),
  /** Unset for a public client (PKCE only). */
  ClientSecret: z.string().min(1).optional(),
  /** Where the provider sends people back; unset: this server's `/api/welcome/oidc/callback`. */
  RedirectUrl: z.url().optional(),
  /** What the sign-in button says. */
  ButtonLabel: z.string().min(1).default("Sign in with your household account"),
  Scopes: z.string().default("openid profile email groups"),
  /** The ID token claim that lists a person's groups. */
  GroupsClaim: z.string().default("groups"),
  /** Members of any of these groups are admins; empty: the provider decides no roles. */
  AdminGroups: z
    .preprocess(
      (v) =>
        typeof v === "string"
          ? v
              .split(",")
              .map((s) => s.trim())
              .filter(Boolean)
          : v,
      z.array(z.string()),
    )
    .default([]),
  /** Find an existing person by the provider's verified e-mail (off: a new sign-in makes a new person). */
  LinkByEmail: zBool().default(false),
  /** A first sign-in through the provider adds the person (off: only invited or linked people). */
  CreatePeople: zBool().default(true),
});

const zAuth = z.object({
  /** Bearer-token users seeded at each start. Env: `LADLE_USERS=name:role:token,...`. Empty: the first run names the owner. */
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
  /**
   * One person, no sign-in: until the first run names an owner, every request acts as that one
   * person (the top bar says "Single-person mode"; People offers to switch sign-in on).
   */
  SinglePerson: zBool().default(false),
  /** How long an invitation link works, in hours. */
  InvitationHours: z.coerce.number().positive().default(72),
  /** How long a password reset link works, in hours. */
  ResetHours: z.coerce.number().positive().default(24),
  /**
   * Sign-in by a trusted proxy's header (off unless set), e.g. `Remote-User` from Authelia or
   * Authentik's forward auth: the header names the person, but only on requests whose socket address
   * is one of `Server:TrustedProxies`; from anywhere else it is ignored and logged.
   */
  ProxyHeader: z.string().min(1).optional(),
  /** Sign-in through the household's OpenID Connect provider (Authelia, Authentik, Keycloak, Google…). */
  Oidc: zOidc.optional(),
  /**
   * False switches password sign-in off, once an admin has signed in through the provider (until
   * then it stays on, so nobody is locked out).
   */
  PasswordSignIn: zBool().default(true),
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
  Feeds: zFeeds.prefault({}),
  Duplicates: zDuplicates.prefault({}),
  Webhooks: zWebhooks.prefault({}),
  Backups: zBackups.prefault({}),
  Storage: zStorage.prefault({}),
  Archives: zArchives.prefault({}),
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
  LADLE_TRUSTED_PROXIES: "Server:TrustedProxies",
  LADLE_PUBLIC_ORIGINS: "Server:PublicOrigins",
  LADLE_ALLOW_PRIVATE_HOSTS: "Fetch:AllowPrivateHosts",
  LADLE_USER_AGENT: "Fetch:UserAgent",
  LADLE_USERS: "Auth:Users",
  LADLE_SINGLE_PERSON: "Auth:SinglePerson",
  LADLE_PROXY_HEADER: "Auth:ProxyHeader",
  RECIPE_TTL_DAYS: "Recipe:Ttl:Days",
};

/** A configuration problem that stops start-up; the message names the key. */
export class ConfigError extends Error {
  override name = "ConfigError";
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
