// Hand-written: opossum and friends break on error *rates* per wrapped function; the spec wants
// "N failures within a window blocks a domain for a while" per domain, a dozen lines.

export interface CircuitBreakerOptions {
  /** Failures within the window that open the circuit; default 5. */
  failureThreshold: number;
  /** Window in which failures are counted; default 10 minutes. */
  failureWindowMs: number;
  /** How long an open circuit blocks the domain; default 30 minutes. */
  blockDurationMs: number;
}

export interface DomainCircuit {
  domain: string;
  state: "closed" | "open";
  /** Failures counted in the current window. */
  failures: number;
  /** When an open circuit closes again (ISO), null when closed. */
  openUntil: string | null;
}

/** Per-domain circuit breaker (recipe-ingest-agent.md §15.2). A success resets the count. */
export class CircuitBreaker {
  private readonly opts: CircuitBreakerOptions;
  private readonly now: () => number;
  private readonly failures = new Map<string, number[]>();
  private readonly openUntil = new Map<string, number>();

  constructor(opts: CircuitBreakerOptions, now: () => number = Date.now) {
    this.opts = opts;
    this.now = now;
  }

  /** Milliseconds until the domain may be tried again, 0 when it may be tried now. */
  blockedFor(domain: string): number {
    const until = this.openUntil.get(domain);
    if (until === undefined) return 0;
    const left = until - this.now();
    if (left > 0) return left;
    this.openUntil.delete(domain);
    this.failures.delete(domain);
    return 0;
  }

  recordSuccess(domain: string): void {
    this.failures.delete(domain);
  }

  /** Counts a failure; returns true when this failure opened the circuit. */
  recordFailure(domain: string): boolean {
    const now = this.now();
    const recent = (this.failures.get(domain) ?? []).filter((t) => now - t < this.opts.failureWindowMs);
    recent.push(now);
    this.failures.set(domain, recent);
    if (recent.length >= this.opts.failureThreshold && !this.openUntil.has(domain)) {
      this.openUntil.set(domain, now + this.opts.blockDurationMs);
      return true;
    }
    return false;
  }

  /** Every domain with failures or an open circuit. */
  states(): DomainCircuit[] {
    const domains = new Set([...this.failures.keys(), ...this.openUntil.keys()]);
    return [...domains].sort().map((domain) => {
      const left = this.blockedFor(domain);
      return {
        domain,
        state: left > 0 ? "open" : "closed",
        failures: this.failures.get(domain)?.length ?? 0,
        openUntil: left > 0 ? new Date(this.now() + left).toISOString() : null,
      };
    });
  }
}
