import { setTimeout as sleep } from "node:timers/promises";
import {
  CircuitBreaker,
  type BreakerStore,
  type CircuitBreakerOptions,
  type DomainCircuit,
} from "./circuitBreaker.ts";
import { classifyContent } from "./contentKind.ts";
import { detectBlock, type BlockEvidence } from "../extract/detectBlock.ts";
import { DomainLimiter, type LimiterOptions } from "./domainLimiter.ts";
import { fetchPage, type FetchOptions, type FetchResult } from "./fetchPage.ts";
import { siteHealth } from "../domain/outcomes.ts";
import { checkUrl, systemResolver, type Resolver, type UrlCheck, type UrlPolicy } from "./policy.ts";
import { RobotsCache } from "./robots.ts";
import type { GatewayCode, GatewayResult, RenderMode } from "../domain/fetched.ts";

export type { GatewayCode, GatewayResult, RenderMode };

export interface GatewayOptions {
  userAgent: string;
  maxBytes: number;
  maxRedirects: number;
  connectTimeoutMs: number;
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
  totalTimeoutMs: number;
  policy: UrlPolicy;
  /**
   * Hosts of operator-configured endpoints (search APIs, LLM servers such as a local Ollama):
   * reachable with purpose "endpoint" even on private addresses, because configuration names them.
   */
  endpointHosts?: string[];
  resolver?: Resolver;
  respectRobotsTxt: boolean;
  /** robots.txt cache lifetime; default 1 hour. */
  robotsTtlMs: number;
  /** Crawl-delay above this is capped (a polite importer still finishes); default 30 s. */
  maxCrawlDelayMs: number;
  /** Only these domains (and subdomains) when non-empty. */
  allowDomains: string[];
  /** Never these domains (and subdomains). */
  denyDomains: string[];
  limits: LimiterOptions;
  breaker: CircuitBreakerOptions;
  /** Where circuit state lives; the database store shares it across processes. Default in memory. */
  breakerStore?: BreakerStore;
  /** Retries after the first attempt for timeouts, 5xx, 408 and 429; default 2. */
  maxRetries: number;
  /** First backoff, doubled each retry, with full jitter; default 500 ms. */
  retryBaseDelayMs: number;
  /** A Retry-After longer than this is not waited for; default 30 s. */
  retryAfterCapMs: number;
  /** Renders pages in a browser (set when a browser is available). */
  renderer?: { render(url: string, signal?: AbortSignal): Promise<GatewayResult> } | null;
  now?: () => number;
  /** Called once per gateway fetch with its outcome (metrics). */
  onOutcome?: (host: string, result: GatewayResult) => void;
}

export interface GatewayFetchOptions {
  /** "page" obeys robots.txt; "endpoint" is an operator-configured service (search, LLM). Default "page". */
  purpose?: "page" | "endpoint";
  /** "always" renders in the browser; default "never" here (the pipeline decides "auto"). */
  render?: RenderMode;
  signal?: AbortSignal;
  maxBytes?: number;
  /** The Accept header (default: HTML first). */
  accept?: string;
  /**
   * Extra request headers, e.g. the `Authorization` of a user's own server (a Mealie API token);
   * fetchPage keeps credentials on the first origin, never sending them on across a redirect.
   */
  headers?: Record<string, string>;
}

const inDomain = (host: string, domains: string[]) =>
  domains.some((d) => {
    const x = d
      .trim()
      .toLowerCase()
      .replace(/^\*?\./, "");
    return x && (host === x || host.endsWith(`.${x}`));
  });

/** "40 more second(s)" or "3 more minute(s)". */
function pauseWords(ms: number): string {
  return ms < 120_000
    ? `${Math.max(1, Math.ceil(ms / 1000))} more second(s)`
    : `${Math.ceil(ms / 60_000)} more minute(s)`;
}

function retryAfterMs(headers: Record<string, string> | undefined, now: number): number | null {
  const v = headers?.["retry-after"];
  if (!v) return null;
  if (/^\d+$/.test(v.trim())) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * The one egress gateway: address policy with DNS pinning (fetchPage), operator allow/deny
 * lists, robots.txt, per-domain rate and concurrency caps under a global cap, the per-domain
 * circuit breaker, retries with backoff and Retry-After, and recognition of bot walls.
 */
export class EgressGateway {
  readonly breaker: CircuitBreaker;
  private readonly opts: GatewayOptions;
  private readonly limiter: DomainLimiter;
  private readonly robots: RobotsCache;
  private readonly now: () => number;

  constructor(opts: GatewayOptions) {
    this.opts = opts;
    this.now = opts.now ?? Date.now;
    // A probe lasts at most one fetch (its total timeout); its lease lapses a little after.
    this.breaker = new CircuitBreaker(
      { probeLeaseMs: opts.totalTimeoutMs + 5_000, ...opts.breaker },
      this.now,
      opts.breakerStore,
    );
    this.limiter = new DomainLimiter(opts.limits);
    this.robots = new RobotsCache({
      userAgent: opts.userAgent,
      ttlMs: opts.robotsTtlMs,
      now: this.now,
      fetch: async (url) => {
        const r = await this.once(url, { maxBytes: 512 * 1024 });
        if (r.ok) return { status: r.status, text: r.body.toString("utf8") };
        if (r.code === "HTTP_ERROR" && r.status) return { status: r.status, text: "" };
        return null;
      },
    });
  }

  /** Circuit states for the API and metrics. */
  circuits(): Promise<DomainCircuit[]> {
    return this.breaker.states();
  }

  /** The single-attempt fetch with the gateway's limits (also used for browser sub-requests). */
  once(url: string, extra: Partial<FetchOptions> = {}, purpose: "page" | "endpoint" = "page") {
    const o = this.opts;
    const policy =
      purpose === "endpoint" && o.endpointHosts?.length
        ? { allowPrivateHosts: [...o.policy.allowPrivateHosts, ...o.endpointHosts] }
        : o.policy;
    return fetchPage(url, {
      userAgent: o.userAgent,
      maxBytes: o.maxBytes,
      maxRedirects: o.maxRedirects,
      connectTimeoutMs: o.connectTimeoutMs,
      headersTimeoutMs: o.headersTimeoutMs,
      bodyTimeoutMs: o.bodyTimeoutMs,
      totalTimeoutMs: o.totalTimeoutMs,
      policy,
      ...(o.resolver ? { resolver: o.resolver } : {}),
      ...extra,
    });
  }

  /**
   * Whether this gateway lets a caller have a page result another caller fetched (the shared
   * fetch): the requested URL, every redirect hop and the final URL must pass this gateway's
   * operator lists and address policy (DNS resolved and checked as for a fetch). The refusal, or null.
   */
  async admits(url: string, r?: GatewayResult): Promise<GatewayResult | null> {
    const hops = [...new Set([url, ...(r?.redirects ?? []), ...(r ? [r.url] : [])])];
    const refuse = (code: GatewayCode, reason: string): GatewayResult => ({
      ok: false,
      code,
      reason,
      url,
      redirects: [],
      attempts: 0,
    });
    for (const hop of hops) {
      let host: string;
      try {
        host = new URL(hop).hostname.toLowerCase().replace(/\.$/, "");
      } catch {
        return refuse("URL_INVALID", "not a valid absolute URL");
      }
      if (inDomain(host, this.opts.denyDomains))
        return refuse("DOMAIN_DENIED", `${host} is on the operator's deny list`);
      if (this.opts.allowDomains.length && !inDomain(host, this.opts.allowDomains))
        return refuse("DOMAIN_DENIED", `${host} is not on the operator's allow list`);
      const check = await checkUrl(hop, this.opts.resolver ?? systemResolver(), this.opts.policy);
      if (!check.allowed) return refuse(check.code, check.reason);
    }
    return null;
  }

  async fetch(url: string, fo: GatewayFetchOptions = {}): Promise<GatewayResult> {
    let host: string;
    try {
      host = new URL(url).hostname.toLowerCase().replace(/\.$/, "");
    } catch {
      return {
        ok: false,
        code: "URL_INVALID",
        reason: "not a valid absolute URL",
        url,
        redirects: [],
        attempts: 0,
      };
    }
    const fail = (code: GatewayCode, reason: string, details?: Record<string, unknown>): GatewayResult => ({
      ok: false,
      code,
      reason,
      url,
      redirects: [],
      attempts: 0,
      ...(details ? { details } : {}),
    });
    const purpose = fo.purpose ?? "page";
    if (purpose === "page") {
      if (inDomain(host, this.opts.denyDomains))
        return fail("DOMAIN_DENIED", `${host} is on the operator's deny list`);
      if (this.opts.allowDomains.length && !inDomain(host, this.opts.allowDomains)) {
        return fail("DOMAIN_DENIED", `${host} is not on the operator's allow list`);
      }
    }
    const circuitOpen = (blockedFor: number): GatewayResult =>
      fail("CIRCUIT_OPEN", `${host} failed repeatedly and is paused for ${pauseWords(blockedFor)}`, {
        domain: host,
        retryAfterSeconds: Math.ceil(blockedFor / 1000),
      });
    const admission = await this.breaker.admit(host);
    if (!admission.ok) return circuitOpen(admission.retryAfterMs);
    if (!admission.probe) return this.fetchAdmitted(url, host, fo, fail);
    // The one probe of a half-open circuit: its outcome closes or re-opens it (settle); one that
    // said nothing about the site (refused by policy, cancelled) lets another request probe.
    try {
      return await this.fetchAdmitted(url, host, fo, fail);
    } finally {
      await this.breaker.releaseProbe(host);
    }
  }

  private async fetchAdmitted(
    url: string,
    host: string,
    fo: GatewayFetchOptions,
    fail: (code: GatewayCode, reason: string, details?: Record<string, unknown>) => GatewayResult,
  ): Promise<GatewayResult> {
    const purpose = fo.purpose ?? "page";
    // The total timeout bounds every attempt together: waiting for a slot, each attempt, backoffs.
    const deadline = Date.now() + this.opts.totalTimeoutMs;
    const left = () => deadline - Date.now();
    const outOfTime = (attempts: number, redirects: string[] = []): GatewayResult => ({
      ok: false,
      code: "TIMEOUT",
      reason: `no answer within the total timeout of ${Math.round(this.opts.totalTimeoutMs / 1000)} s (${attempts} attempt(s))`,
      url,
      redirects,
      attempts,
    });
    let crawlDelayMs = 0;
    // The page's verdict made here: its first attempt connects to these addresses (one policy check
    // and one DNS lookup per page, not one here and one again in fetchPage).
    let vetted: (UrlCheck & { allowed: true }) | undefined;
    if (purpose === "page" && this.opts.respectRobotsTxt) {
      // A refused address is reported as such, not as an unreachable robots.txt.
      const check = await checkUrl(url, this.opts.resolver ?? systemResolver(), this.opts.policy);
      if (!check.allowed) return fail(check.code, check.reason);
      vetted = check;
      const verdict = await this.robots.check(url);
      // A site that does not answer for robots.txt is down, not refusing us: say so.
      if (!verdict.allowed && verdict.unreachable)
        return fail("CONNECTION_FAILED", `${host} is not answering (${verdict.reason}); try again later`);
      if (!verdict.allowed) return fail("ROBOTS_DISALLOWED", verdict.reason);
      if (verdict.crawlDelaySeconds)
        crawlDelayMs = Math.min(verdict.crawlDelaySeconds * 1000, this.opts.maxCrawlDelayMs);
    }

    if (fo.render === "always") {
      if (!this.opts.renderer) return fail("RENDER_FAILED", "no browser is available for rendering");
      const r = await this.limiter.run(host, crawlDelayMs, () => this.opts.renderer!.render(url, fo.signal));
      await this.settle(host, r);
      return r;
    }

    let attempts = 0;
    for (;;) {
      attempts++;
      if (left() <= 0) {
        const out = outOfTime(attempts - 1);
        await this.settle(host, out);
        return out;
      }
      // A slot of this domain is waited for at most until the deadline: a retry never waits out
      // another request's stall, it gives up with the time it has (and goes first: priority).
      const waitSignal = fo.signal
        ? AbortSignal.any([fo.signal, AbortSignal.timeout(left())])
        : AbortSignal.timeout(left());
      let res: FetchResult;
      try {
        res = await this.limiter.run(
          host,
          crawlDelayMs,
          () =>
            this.once(
              url,
              {
                ...(fo.signal ? { signal: fo.signal } : {}),
                ...(fo.maxBytes ? { maxBytes: fo.maxBytes } : {}),
                ...(fo.accept ? { accept: fo.accept } : {}),
                ...(fo.headers ? { headers: fo.headers } : {}),
                // A retry resolves the host again (the address that failed may have moved).
                ...(vetted && attempts === 1 ? { vetted } : {}),
                totalTimeoutMs: Math.max(1, left()),
              },
              purpose,
            ),
          { signal: waitSignal, priority: attempts > 1 ? 1 : 0 },
        );
      } catch {
        // The wait for a slot ran out of time (or the caller aborted): nothing was sent.
        const out = outOfTime(attempts - 1);
        await this.settle(host, out);
        return out;
      }
      if (res.ok) {
        let wholeBody: string | undefined;
        const block = detectBlock({
          status: res.status,
          headers: res.headers,
          html: res.body.subarray(0, 16 * 1024).toString("utf8"),
          url: res.url,
          whole: () => (wholeBody ??= res.body.toString("utf8")),
        });
        const out: GatewayResult = block
          ? this.blocked(res.url, res.redirects, attempts, block)
          : { ...res, kind: classifyContent(res.contentType, res.body, res.url), rendered: false, attempts };
        await this.settle(host, out);
        return out;
      }
      if (res.code === "HTTP_ERROR" && res.status) {
        const block = detectBlock({
          status: res.status,
          headers: res.headers ?? {},
          html: res.snippet ?? "",
          url: res.url,
        });
        if (block) {
          const out = this.blocked(res.url, res.redirects, attempts, block);
          await this.settle(host, out);
          return out;
        }
      }
      const retryable =
        res.code === "TIMEOUT" ||
        res.code === "CONNECTION_FAILED" ||
        (res.code === "HTTP_ERROR" &&
          !!res.status &&
          (res.status >= 500 || res.status === 408 || res.status === 429));
      const out: GatewayResult = {
        ok: false,
        code: res.code,
        reason: attempts > 1 ? `${res.reason} (after ${attempts} attempts)` : res.reason,
        url: res.url,
        redirects: res.redirects,
        attempts,
        ...(res.status ? { status: res.status } : {}),
      };
      if (!retryable || attempts > this.opts.maxRetries || fo.signal?.aborted || left() <= 0) {
        await this.settle(host, out);
        return out;
      }
      // A fetch counts once against the domain, when it ends; other fetches' failures may have
      // opened the circuit meanwhile: stop retrying then.
      if ((await this.breaker.blockedFor(host)) > 0) {
        this.opts.onOutcome?.(host, out);
        return out;
      }
      const after = retryAfterMs(res.headers, this.now());
      if (after !== null && (after > this.opts.retryAfterCapMs || after >= left())) {
        out.reason = `${res.reason}; Retry-After ${Math.ceil(after / 1000)} s exceeds the ${Math.ceil(Math.min(this.opts.retryAfterCapMs, left()) / 1000)} s left`;
        out.details = { retryAfterSeconds: Math.ceil(after / 1000) };
        await this.settle(host, out);
        return out;
      }
      // Full jitter on an exponential backoff, unless the site said when to come back.
      const backoff = this.opts.retryBaseDelayMs * 2 ** (attempts - 1);
      const wait = Math.min(
        after ?? Math.round(backoff / 2 + Math.random() * (backoff / 2)),
        Math.max(0, left()),
      );
      try {
        await sleep(wait, undefined, fo.signal ? { signal: fo.signal } : {});
      } catch {
        await this.settle(host, out);
        return out;
      }
    }
  }

  private blocked(url: string, redirects: string[], attempts: number, e: BlockEvidence): GatewayResult {
    return {
      ok: false,
      code: "BLOCKED",
      reason: `the site answered with a ${e.kind.replace("-", " ")} instead of the page`,
      url,
      redirects,
      attempts,
      status: e.status,
      details: { evidence: e },
    };
  }

  /**
   * Tells the breaker what the outcome says about the site (outcomes.ts `siteHealth`): only
   * origin-health failures count against it; any other answer of the site (a 404 included) shows
   * it is up, whoever asked for which page.
   */
  private async settle(host: string, r: GatewayResult): Promise<void> {
    this.opts.onOutcome?.(host, r);
    const health = siteHealth(r);
    if (health === "up") await this.breaker.recordSuccess(host);
    else if (health === "down" && !r.ok)
      await this.breaker.recordFailure(
        host,
        r.code === "HTTP_ERROR" && r.status ? `HTTP_${r.status}` : r.code,
      );
  }
}
