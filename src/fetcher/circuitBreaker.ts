// Hand-written: opossum and friends break on error *rates* per wrapped function; the spec wants
// "N failures within a window pauses a domain" per domain, shared by every process.

export interface CircuitBreakerOptions {
  /** Origin-health failures within the window that open the circuit; default 5. */
  failureThreshold: number;
  /** Window in which failures are counted; default 10 minutes. */
  failureWindowMs: number;
  /** How long an opened circuit blocks the domain (30 minutes); a failed probe blocks it again. */
  blockDurationMs: number;
  /**
   * A shorter first pause, if an operator wants one; then it is half-open: one request (the probe)
   * goes to the site, and its answer closes the circuit or pauses it again for twice as long (up to
   * `blockDurationMs`). Default: the whole block.
   */
  probeAfterMs?: number;
  /** A probe that has not ended after this long lets another request probe; default 60 s. */
  probeLeaseMs?: number;
  /** How much one timed-out fetch counts; default 1 (a timeout is one failure, like any other). */
  timeoutWeight?: number;
}

export const DEFAULT_PROBE_LEASE_MS = 60_000;

export interface DomainCircuit {
  domain: string;
  /** open: paused; half-open: the pause is over and one probe request may go (or is going). */
  state: "closed" | "open" | "half-open";
  /** Failures counted in the current window (weighted). */
  failures: number;
  /** When an open circuit turns half-open (ISO), null otherwise. */
  openUntil: string | null;
}

/** Whether a request to a domain may go: `probe` when it is the half-open circuit's one probe. */
export type Admission = { ok: true; probe: boolean } | { ok: false; retryAfterMs: number };

/**
 * Where circuit state lives. The database store (storage/circuitBreakers.repo.ts) shares it across
 * processes: a domain paused by one worker is paused for every worker and the API, and only one
 * process's request probes a half-open domain.
 */
export interface BreakerStore {
  /** Lets a request go (a closed circuit, or the one probe of a half-open one) or says how long to wait. */
  admit(domain: string, now: number, probeLeaseMs: number): Promise<Admission>;
  /** Milliseconds until the domain may be tried again, 0 when it may be tried now (no probe claimed). */
  blockedFor(domain: string, now: number): Promise<number>;
  /** The site answered: failures are forgotten and a half-open circuit closes. */
  recordSuccess(domain: string, now: number): Promise<void>;
  /** Counts a failure of `weight`; true when it opened (or re-opened) the circuit. */
  recordFailure(
    domain: string,
    weight: number,
    code: string,
    now: number,
    opts: CircuitBreakerOptions,
  ): Promise<boolean>;
  /** A probe ended without saying anything about the site: another request may probe. */
  releaseProbe(domain: string): Promise<void>;
  states(now: number): Promise<DomainCircuit[]>;
}

/** The next pause of a circuit that opens (`previous` null) or whose probe failed. */
export function nextPauseMs(previous: number | null, opts: CircuitBreakerOptions): number {
  const first = Math.min(opts.probeAfterMs ?? opts.blockDurationMs, opts.blockDurationMs);
  return previous === null ? first : Math.min(Math.max(previous, first) * 2, opts.blockDurationMs);
}

interface MemoryEntry {
  failures: { at: number; weight: number }[];
  openUntil: number | null;
  pauseMs: number | null;
  probeUntil: number | null;
}

/** The in-process store (a gateway without a database: tests, one-shot CLI runs). */
export class MemoryBreakerStore implements BreakerStore {
  private readonly entries = new Map<string, MemoryEntry>();
  private windowMs = 600_000;

  async admit(domain: string, now: number, probeLeaseMs: number): Promise<Admission> {
    const e = this.entries.get(domain);
    if (!e || e.openUntil === null) return { ok: true, probe: false };
    if (now < e.openUntil) return { ok: false, retryAfterMs: e.openUntil - now };
    if (e.probeUntil !== null && now < e.probeUntil) return { ok: false, retryAfterMs: e.probeUntil - now };
    e.probeUntil = now + probeLeaseMs;
    return { ok: true, probe: true };
  }

  async blockedFor(domain: string, now: number): Promise<number> {
    const e = this.entries.get(domain);
    if (!e || e.openUntil === null) return 0;
    if (now < e.openUntil) return e.openUntil - now;
    return e.probeUntil !== null && now < e.probeUntil ? e.probeUntil - now : 0;
  }

  async recordSuccess(domain: string, now: number): Promise<void> {
    const e = this.entries.get(domain);
    // A late answer to a request sent before the circuit opened does not cut its pause short.
    if (e && (e.openUntil === null || e.openUntil <= now)) this.entries.delete(domain);
  }

  async recordFailure(
    domain: string,
    weight: number,
    _code: string,
    now: number,
    opts: CircuitBreakerOptions,
  ): Promise<boolean> {
    this.windowMs = opts.failureWindowMs;
    const e = this.entries.get(domain) ?? { failures: [], openUntil: null, pauseMs: null, probeUntil: null };
    this.entries.set(domain, e);
    e.failures = e.failures.filter((f) => now - f.at < opts.failureWindowMs);
    e.failures.push({ at: now, weight });
    if (e.openUntil !== null && now < e.openUntil) return false;
    const total = e.failures.reduce((n, f) => n + f.weight, 0);
    // Half-open (the pause is over): the site still fails, pause again for longer.
    if (e.openUntil !== null || total >= opts.failureThreshold) {
      e.pauseMs = nextPauseMs(e.openUntil !== null ? e.pauseMs : null, opts);
      e.openUntil = now + e.pauseMs;
      e.probeUntil = null;
      return true;
    }
    return false;
  }

  async releaseProbe(domain: string): Promise<void> {
    const e = this.entries.get(domain);
    if (e) e.probeUntil = null;
  }

  async states(now: number): Promise<DomainCircuit[]> {
    return [...this.entries.keys()].sort().map((domain) => {
      const e = this.entries.get(domain)!;
      const open = e.openUntil !== null && now < e.openUntil;
      return {
        domain,
        state: open ? "open" : e.openUntil !== null ? "half-open" : "closed",
        failures: e.failures.filter((f) => now - f.at < this.windowMs).reduce((n, f) => n + f.weight, 0),
        openUntil: open ? new Date(e.openUntil!).toISOString() : null,
      };
    });
  }
}

/**
 * Per-domain circuit breaker: counts only what says the
 * site is unwell (the gateway decides which outcomes: outcomes.ts `siteHealth`), pauses the domain
 * after `failureThreshold` of them within the window, then lets one probe through after a short
 * pause; an answer closes it, another failure pauses it twice as long (up to `blockDurationMs`).
 */
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

  /** May a request go now? Claims the probe of a half-open circuit (one across every process). */
  admit(domain: string): Promise<Admission> {
    return this.store.admit(domain, this.now(), this.opts.probeLeaseMs ?? DEFAULT_PROBE_LEASE_MS);
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
    const weight = code === "TIMEOUT" ? (this.opts.timeoutWeight ?? 1) : 1;
    return this.store.recordFailure(domain, weight, code, this.now(), this.opts);
  }

  /** The probe ended without an answer about the site's health (refused by policy, cancelled). */
  releaseProbe(domain: string): Promise<void> {
    return this.store.releaseProbe(domain);
  }

  /** Every domain with failures or an open circuit. */
  states(): Promise<DomainCircuit[]> {
    return this.store.states(this.now());
  }
}
