// Hand-written: opossum and friends break on error *rates* per wrapped function; the spec wants
// "N failures within a window blocks a domain for a while" per domain, shared by every process.

export interface CircuitBreakerOptions {
  /** Failures within the window that open the circuit; default 5. */
  failureThreshold: number;
  /** Window in which failures are counted; default 10 minutes. */
  failureWindowMs: number;
  /** How long an open circuit blocks the domain; default 30 minutes. */
  blockDurationMs: number;
  /**
   * How much one timeout counts (a stalling domain costs every caller the whole timeout, so it is
   * paused after fewer of them); default 2, so 3 timeouts open a circuit of threshold 5.
   */
  timeoutWeight?: number;
}

export interface DomainCircuit {
  domain: string;
  state: "closed" | "open";
  /** Failures counted in the current window (weighted). */
  failures: number;
  /** When an open circuit closes again (ISO), null when closed. */
  openUntil: string | null;
}

/**
 * Where circuit state lives. The database store (storage/circuitBreakers.repo.ts) shares it across
 * processes: a domain paused by one worker is paused for every worker and the API.
 */
export interface BreakerStore {
  /** Milliseconds until the domain may be tried again, 0 when it may be tried now. */
  blockedFor(domain: string, now: number): Promise<number>;
  recordSuccess(domain: string, now: number): Promise<void>;
  /** Counts a failure of `weight`; true when it opened the circuit. */
  recordFailure(
    domain: string,
    weight: number,
    code: string,
    now: number,
    opts: CircuitBreakerOptions,
  ): Promise<boolean>;
  states(now: number): Promise<DomainCircuit[]>;
}

/** The in-process store (a gateway without a database: tests, one-shot CLI runs). */
export class MemoryBreakerStore implements BreakerStore {
  private readonly failures = new Map<string, { at: number; weight: number }[]>();
  private readonly openUntil = new Map<string, number>();
  private windowMs = 600_000;

  async blockedFor(domain: string, now: number): Promise<number> {
    return this.blockedNow(domain, now);
  }

  private blockedNow(domain: string, now: number): number {
    const until = this.openUntil.get(domain);
    if (until === undefined) return 0;
    const left = until - now;
    if (left > 0) return left;
    this.openUntil.delete(domain);
    this.failures.delete(domain);
    return 0;
  }

  async recordSuccess(domain: string): Promise<void> {
    this.failures.delete(domain);
  }

  async recordFailure(
    domain: string,
    weight: number,
    _code: string,
    now: number,
    opts: CircuitBreakerOptions,
  ): Promise<boolean> {
    this.windowMs = opts.failureWindowMs;
    const recent = (this.failures.get(domain) ?? []).filter((f) => now - f.at < opts.failureWindowMs);
    recent.push({ at: now, weight });
    this.failures.set(domain, recent);
    const total = recent.reduce((n, f) => n + f.weight, 0);
    if (total >= opts.failureThreshold && !this.openUntil.has(domain)) {
      this.openUntil.set(domain, now + opts.blockDurationMs);
      return true;
    }
    return false;
  }

  async states(now: number): Promise<DomainCircuit[]> {
    const domains = new Set([...this.failures.keys(), ...this.openUntil.keys()]);
    return [...domains].sort().map((domain) => {
      const left = this.blockedNow(domain, now);
      return {
        domain,
        state: left > 0 ? "open" : "closed",
        failures: (this.failures.get(domain) ?? [])
          .filter((f) => now - f.at < this.windowMs)
          .reduce((n, f) => n + f.weight, 0),
        openUntil: left > 0 ? new Date(now + left).toISOString() : null,
      };
    });
  }
}

/** Per-domain circuit breaker (recipe-ingest-agent.md §15.2). A success resets the count. */
export class CircuitBreaker {
  private readonly opts: CircuitBreakerOptions;
  private readonly now: () => number;
  private readonly store: BreakerStore;

  constructor(
    opts: CircuitBreakerOptions,
    now: () => number = Date.now,
    store: BreakerStore = new MemoryBreakerStore(),
  ) {
    this.opts = opts;
    this.now = now;
    this.store = store;
  }

  /** Milliseconds until the domain may be tried again, 0 when it may be tried now. */
  blockedFor(domain: string): Promise<number> {
    return this.store.blockedFor(domain, this.now());
  }

  recordSuccess(domain: string): Promise<void> {
    return this.store.recordSuccess(domain, this.now());
  }

  /** Counts a failure (a timeout weighs `timeoutWeight`); true when this failure opened the circuit. */
  recordFailure(domain: string, code = "FAILED"): Promise<boolean> {
    const weight = code === "TIMEOUT" ? (this.opts.timeoutWeight ?? 2) : 1;
    return this.store.recordFailure(domain, weight, code, this.now(), this.opts);
  }

  /** Every domain with failures or an open circuit. */
  states(): Promise<DomainCircuit[]> {
    return this.store.states(this.now());
  }
}
