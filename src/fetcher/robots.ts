import { createRequire } from "node:module";

// robots-parser is CommonJS with a default-export typing that NodeNext cannot call.
const robotsParser = createRequire(import.meta.url)("robots-parser") as (
  url: string,
  text: string,
) => {
  isAllowed(url: string, ua?: string): boolean | undefined;
  getCrawlDelay(ua?: string): number | undefined;
};

/** The verdict of robots.txt for one URL. */
export interface RobotsVerdict {
  allowed: boolean;
  /** Crawl-delay for our user agent, seconds, null when none. */
  crawlDelaySeconds: number | null;
  /** Why, for the failure message. */
  reason: string;
  /** True when robots.txt could not be fetched (the site did not answer), not a refusal. */
  unreachable?: boolean;
}

/** How the cache fetches a robots.txt: status and text, or null on a network failure. */
export type RobotsFetch = (url: string) => Promise<{ status: number; text: string } | null>;

interface Entry {
  expires: number;
  check(url: string): RobotsVerdict;
}

/**
 * robots.txt per origin, cached with a TTL (RFC 9309): 2xx is parsed; 4xx means no rules;
 * 5xx or an unreachable server means "disallow everything" for a short while.
 */
export class RobotsCache {
  private readonly entries = new Map<string, Entry>();
  private readonly inflight = new Map<string, Promise<Entry>>();
  private readonly fetchRobots: RobotsFetch;
  private readonly userAgent: string;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(opts: { fetch: RobotsFetch; userAgent: string; ttlMs: number; now?: () => number }) {
    this.fetchRobots = opts.fetch;
    this.userAgent = opts.userAgent;
    this.ttlMs = opts.ttlMs;
    this.now = opts.now ?? Date.now;
  }

  async check(url: string): Promise<RobotsVerdict> {
    const origin = new URL(url).origin;
    let entry = this.entries.get(origin);
    if (!entry || entry.expires <= this.now()) {
      let p = this.inflight.get(origin);
      if (!p) {
        p = this.load(origin).finally(() => this.inflight.delete(origin));
        this.inflight.set(origin, p);
      }
      entry = await p;
      this.entries.set(origin, entry);
    }
    return entry.check(url);
  }

  private async load(origin: string): Promise<Entry> {
    const robotsUrl = `${origin}/robots.txt`;
    const res = await this.fetchRobots(robotsUrl);
    const now = this.now();
    if (!res || res.status >= 500) {
      const why = res ? `robots.txt answered ${res.status}` : "robots.txt unreachable";
      return {
        expires: now + Math.min(this.ttlMs, 60_000),
        check: () => ({ allowed: false, crawlDelaySeconds: null, reason: why, unreachable: true }),
      };
    }
    if (res.status >= 400) {
      return {
        expires: now + this.ttlMs,
        check: () => ({ allowed: true, crawlDelaySeconds: null, reason: "no robots.txt" }),
      };
    }
    const robots = robotsParser(robotsUrl, res.text);
    return {
      expires: now + this.ttlMs,
      check: (url) => {
        const allowed = robots.isAllowed(url, this.userAgent) !== false;
        const delay = robots.getCrawlDelay(this.userAgent);
        return {
          allowed,
          crawlDelaySeconds: typeof delay === "number" && delay > 0 ? delay : null,
          reason: allowed ? "allowed by robots.txt" : `disallowed by ${robotsUrl} for ${this.userAgent}`,
        };
      },
    };
  }
}
