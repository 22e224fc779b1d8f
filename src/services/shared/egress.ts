import type { Config } from "../../config.ts";
import { BrowserRenderer } from "../../fetcher/browser.ts";
import { EgressGateway } from "../../fetcher/gateway.ts";
import { metrics } from "../../metrics.ts";
import type { Resolver } from "../../fetcher/policy.ts";
import type { CircuitBreakersRepo } from "../../storage/circuitBreakers.repo.ts";
import { LlmService } from "../../llm/llm.service.ts";

/**
 * Every outbound request's door: the browser renderer and the egress gateway from the Fetch
 * settings (the browser's sub-requests go back through the gateway's pinned, policy-checked fetch).
 */
export function createEgress(
  config: Config,
  /** The circuit breakers, shared by every process on this database. */
  breakerStore: CircuitBreakersRepo,
  now: () => Date,
  resolver?: Resolver,
  /** The search providers' configured endpoints (discovery's), called like the LLM's. */
  searchHosts: readonly string[] = [],
): { browser: BrowserRenderer; gateway: EgressGateway } {
  const f = config.Fetch;
  const gatewayRef: { current: EgressGateway | null } = { current: null };
  const browser = new BrowserRenderer({
    executablePath: f.BrowserPath,
    timeBudgetMs: f.RenderTimeoutMs,
    // Every browser sub-request goes through the gateway's pinned, policy-checked fetch.
    subrequest: (url, init) => gatewayRef.current!.once(url, init),
  });
  const gateway = new EgressGateway({
    userAgent: f.UserAgent,
    maxBytes: config.Ingest.MaxFetchSizeBytes,
    maxRedirects: f.MaxRedirects,
    connectTimeoutMs: f.ConnectTimeoutMs,
    headersTimeoutMs: f.HeadersTimeoutMs,
    bodyTimeoutMs: f.BodyTimeoutMs,
    totalTimeoutMs: f.TotalTimeoutMs,
    policy: { allowPrivateHosts: f.AllowPrivateHosts },
    endpointHosts: [...LlmService.endpointHosts(config), ...searchHosts],
    ...(resolver ? { resolver } : {}),
    respectRobotsTxt: config.Ingest.RespectRobotsTxt,
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
      failureThreshold: config.Ingest.CircuitBreaker.FailureThreshold,
      failureWindowMs: config.Ingest.CircuitBreaker.FailureWindowMinutes * 60_000,
      blockDurationMs: config.Ingest.CircuitBreaker.BlockDurationMinutes * 60_000,
      ...(config.Ingest.CircuitBreaker.ProbeAfterSeconds !== undefined
        ? { probeAfterMs: config.Ingest.CircuitBreaker.ProbeAfterSeconds * 1000 }
        : {}),
      timeoutWeight: config.Ingest.CircuitBreaker.TimeoutWeight,
    },
    breakerStore,
    maxRetries: f.MaxRetries,
    retryBaseDelayMs: f.RetryBaseDelayMs,
    retryAfterCapMs: f.RetryAfterCapSeconds * 1000,
    renderer: browser,
    now: () => now().getTime(),
    onOutcome: (_host, r) => metrics.fetches.inc({ outcome: r.ok ? "ok" : r.code }),
  });
  gatewayRef.current = gateway;
  return { browser, gateway };
}
