import { z } from "zod";
import { zList } from "../configParts.ts";

// The Fetch section (the egress gateway and browser).
// Declared beside the code that reads it; src/config.ts composes every section into one validated object.

export const zFetch = z.object({
  /** Descriptive User-Agent. */
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
