import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { GatewayResult, RenderMode } from "./gateway.ts";
import { urlKey } from "../domain/normalizeUrl.ts";

/** Options of one shared fetch. */
export interface SharedFetchOptions {
  /** "always" renders in the browser (a separate shared result); default "never". */
  render?: RenderMode;
  /** Stops this caller waiting (and, for the fetching caller, the fetch). */
  signal?: AbortSignal;
  /** A smaller body cap than the gateway's (a separate shared result). */
  maxBytes?: number;
  /**
   * False: this caller's page is not stored for later callers of other processes to reuse, only
   * handed to callers already waiting on it there (and, within `reuseSeconds`, to later callers of
   * this process while it fits `RECENT_BYTES`). A recipe task reads its page once: storing it was
   * a zstd pass and some 70 KB to the database per import. Default true (kept for reuse).
   */
  keep?: boolean;
}

/**
 * How long an unkept page's lease waits to end with others' in one statement, or with the next
 * looks' statement (`lookAndEnd`: the tasks a queue fetch starts look at their pages together).
 * Short: a caller looking at the same page while its lease is still held waits for it and is given
 * that fetch's result, so a refresh or another import of the page moments later would get the page
 * as it was (200 ms did that; see refresh.routes.test.ts).
 */
const CLOSE_GATHER_MS = 20;

/**
 * How long an end waits when the outcome statements carry ends (`takeEnds`): the next outcome
 * statement of this process takes it, and the fetching task's own outcome is one of them or later,
 * so the lease has ended by the time the task shows final (what CLOSE_GATHER_MS's 20 ms kept for a
 * refresh moments after an import). Ends go alone after this only where no outcome follows (a
 * retried run's outcome, written without the outcome writer).
 */
const RIDE_WAIT_MS = 500;

/** Most looks one statement carries. */
const MAX_LOOKS = 64;

/** Bytes of recent unkept pages a process holds for its own later callers (see `keep`). */
const RECENT_BYTES = 32 * 1024 * 1024;

/** A stored result: the JSON part and the body bytes (null for a failure). */
export interface StoredFetch {
  result: unknown;
  body: Buffer | null;
}

/** What one look at a fetch key found (`FetchLeaseStore.attempt`). */
export interface FetchAttempt {
  /** A stored result this caller may use; when set, no lease was taken. */
  kept: StoredFetch | null;
  /** Whether the caller now holds the lease and must fetch. */
  acquired: boolean;
  /** The database clock as of the look, read before the lease try. */
  now: Date;
}

/** Where leases and results live (storage/fetchLeases.repo.ts); every process shares it. */
export interface FetchLeaseStore {
  /**
   * One look at `key`, in one round trip: a stored result still in its reuse window (or, given
   * `since`, stored at or after `since` on the database clock, whatever its window), else an
   * attempt to take the lease for `holder` (free, finished and out of its window, or run out).
   */
  attempt(
    key: string,
    url: string,
    holder: string,
    leaseSeconds: number,
    since: Date | null,
  ): Promise<FetchAttempt>;
  /**
   * `attempt` for several distinct keys in one round trip, answers in the order given (optional:
   * without it each look is a statement of its own).
   */
  attemptMany?(
    looks: { key: string; url: string; holder: string; since: Date | null }[],
    leaseSeconds: number,
  ): Promise<FetchAttempt[]>;
  /**
   * `attemptMany` that also ends `ends` as `completeUnlessWanted` would, in the same round trip
   * (optional); `ends` share no key with `looks`. Resolves with the looks' answers and the keys
   * whose lease ended.
   */
  lookAndEnd?(
    looks: { key: string; url: string; holder: string; since: Date | null }[],
    leaseSeconds: number,
    ends: { key: string; holder: string }[],
  ): Promise<{ attempts: FetchAttempt[]; ended: Set<string> }>;
  /** Stores the holder's result and ends its lease; reusable for `reuseSeconds` (0: waiters only). */
  complete(key: string, holder: string, stored: StoredFetch, reuseSeconds: number): Promise<void>;
  /**
   * Ends holders' leases storing nothing, except those a caller of another process waits for
   * (`want`), whose holders must `complete`; resolves with the keys whose lease ended.
   */
  completeUnlessWanted(leases: { key: string; holder: string }[]): Promise<Set<string>>;
  /** Says that a caller of another process waits on `key`'s unfinished lease. */
  want(key: string): Promise<void>;
  /** Drops the holder's lease without a result. */
  release(key: string, holder: string): Promise<void>;
  /** Extends the holder's lease (a heartbeat while the fetch runs). */
  renew(key: string, holder: string, leaseSeconds: number): Promise<void>;
}

/**
 * Unkept pages' lease ends handed to another statement to carry (`SharedFetcher.takeEnds`): the
 * carrier ends `ends` as `completeUnlessWanted` would, then calls `settle` with the keys whose lease
 * ended (the others are stored for the callers waiting on them), or with null when its statement
 * failed (the ends wait for the next statement).
 */
export interface EndsRide {
  ends: { key: string; holder: string }[];
  settle(ended: Set<string> | null): void;
}

/** What a SharedFetcher needs: the gateway, the shared lease store, and its timings. */
export interface SharedFetcherOptions {
  /** The egress gateway's page fetch: policy, DNS pinning, robots.txt, limits, retries all stay there. */
  fetch(
    url: string,
    o: { render?: RenderMode; signal?: AbortSignal; maxBytes?: number },
  ): Promise<GatewayResult>;
  /**
   * This process's gateway policy on a result fetched by another caller (lists, address policy of
   * every hop); a refusal is returned instead of the result.
   */
  admits?(url: string, r: GatewayResult): Promise<GatewayResult | null>;
  store: FetchLeaseStore;
  /** How long a result is reused by later callers. */
  reuseSeconds: number;
  /** Lease length; the holder renews it every third of this, so a dead holder is replaced after it. */
  leaseSeconds: number;
  /** First wait between looks at a lease someone else holds; grows to 250 ms. Default 20 ms. */
  pollMs?: number;
}

/** What a caller got: the fetch's own result, one reused from another caller, or a coalesced one. */
export type SharedFetchSource = "fetched" | "reused" | "joined";

/** The key of a shared fetch: SHA-256 hex of the recipe normalization, plus the variant. */
export function sharedFetchKey(url: string, o: SharedFetchOptions = {}): string {
  let key = urlKey(url);
  if (o.render === "always") key += ":render";
  if (o.maxBytes) key += `:max${o.maxBytes}`;
  return key;
}

/** What a caller whose signal aborted gets. */
function aborted(url: string): GatewayResult {
  return {
    ok: false,
    code: "TIMEOUT",
    reason: "gave up waiting for the shared fetch",
    url,
    redirects: [],
    attempts: 0,
  };
}

/** `p`, or null as soon as `signal` aborts. */
function raceAbort<T>(p: Promise<T>, signal: AbortSignal): Promise<T | null> {
  return new Promise<T | null>((resolve, reject) => {
    const onAbort = () => resolve(null);
    signal.addEventListener("abort", onAbort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

function encode(r: GatewayResult): StoredFetch {
  if (!r.ok) return { result: r, body: null };
  const { body, ...rest } = r;
  return { result: rest, body };
}

function decode(e: StoredFetch): GatewayResult {
  const r = e.result as GatewayResult;
  return r.ok ? ({ ...r, body: e.body ?? Buffer.alloc(0) } as GatewayResult) : r;
}

/**
 * One fetch per URL, everywhere (single flight). Callers asking for the same normalized URL at the
 * same time, in this process or any other on the same database, wait for one gateway fetch and all
 * get its result; later callers reuse it within the reuse window. A database lease on the URL says
 * who fetches; a holder that dies loses the lease after `leaseSeconds` and a waiter takes over.
 * Inside one process, concurrent callers also share one promise so that they do not all poll.
 */
export class SharedFetcher {
  private readonly opts: SharedFetcherOptions;
  private readonly local = new Map<
    string,
    { p: Promise<{ r: GatewayResult; source: SharedFetchSource }>; signal?: AbortSignal }
  >();
  /** Unkept pages this process fetched lately, oldest first, for its own later callers. */
  private readonly recent = new Map<string, { r: GatewayResult; until: number; bytes: number }>();
  private recentBytes = 0;

  constructor(opts: SharedFetcherOptions) {
    this.opts = opts;
  }

  /** The shared fetch; `source` tells whether this caller fetched, reused or joined. */
  async fetchWithSource(
    url: string,
    o: SharedFetchOptions = {},
  ): Promise<{ result: GatewayResult; source: SharedFetchSource }> {
    const key = sharedFetchKey(url, o);
    const mine = this.recent.get(key);
    if (mine && mine.until > performance.now()) return { result: mine.r, source: "reused" };
    for (;;) {
      if (o.signal?.aborted) return { result: aborted(url), source: "joined" };
      const pending = this.local.get(key);
      if (!pending) break;
      // Join this process's caller already at it; a caller's own signal only stops its own wait.
      const x = await (o.signal ? raceAbort(pending.p, o.signal) : pending.p);
      if (!x) return { result: aborted(url), source: "joined" };
      // The fetching caller gave up (its signal): its aborted result is nobody else's; try again.
      if (pending.signal?.aborted && x.source === "fetched") continue;
      return { result: x.r, source: x.source === "fetched" ? "joined" : x.source };
    }
    const p = this.resolve(key, url, o).finally(() => this.local.delete(key));
    this.local.set(key, { p, ...(o.signal ? { signal: o.signal } : {}) });
    const x = await p;
    return { result: x.r, source: x.source };
  }

  /** The shared fetch's result. */
  async fetch(url: string, o: SharedFetchOptions = {}): Promise<GatewayResult> {
    return (await this.fetchWithSource(url, o)).result;
  }

  /** Unkept pages whose lease is still to end, and the statement ending the previous ones. */
  private closing: { key: string; holder: string; r: GatewayResult }[] = [];
  private closer: Promise<void> | null = null;
  /** Ends the closer's wait at once (every waiting end was taken by another statement). */
  private wake: (() => void) | null = null;
  /** Whether another writer's statements take the waiting ends (`carriedElsewhere`). */
  private carried = false;
  /** Lease ends that went with looks or outcomes, until the pages wanted elsewhere are stored (`settled`). */
  private readonly rides = new Set<Promise<void>>();

  /** Stores the pages whose lease did not end (another process's caller wants them). */
  private async storeWanted(batch: { key: string; holder: string; r: GatewayResult }[], ended: Set<string>) {
    for (const c of batch)
      if (!ended.has(c.key))
        await this.opts.store.complete(c.key, c.holder, encode(c.r), this.opts.reuseSeconds);
  }

  /**
   * Ends an unkept page's lease: those of the pages fetched meanwhile (within CLOSE_GATHER_MS, and
   * while the previous statement runs) share one statement; a page another process's caller
   * waits for is stored for it as a kept one.
   */
  private close(key: string, holder: string, r: GatewayResult): void {
    this.closing.push({ key, holder, r });
    if (this.closer) return;
    this.closer = (async () => {
      while (this.closing.length) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.carried ? RIDE_WAIT_MS : CLOSE_GATHER_MS);
          this.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.wake = null;
        // Taken meanwhile by a looks' or an outcome's statement, or what is left for one of its own.
        const batch = this.closing;
        this.closing = [];
        if (!batch.length) break;
        try {
          await this.storeWanted(batch, await this.opts.store.completeUnlessWanted(batch));
        } catch {
          // The database away: the leases run out by themselves (Fetch:SharedFetchLeaseSeconds).
        }
      }
      // Cleared here, in the turn that saw nothing waiting: an end pushed later starts a new closer.
      this.closer = null;
    })();
  }

  /**
   * Says that another writer's statements will take the waiting ends (`takeEnds`): an end then
   * waits RIDE_WAIT_MS for one instead of CLOSE_GATHER_MS. A task's outcome writer does, in the
   * process that runs tasks (the only caller of unkept fetches).
   */
  carriedElsewhere(): void {
    this.carried = true;
  }

  /**
   * The lease ends waiting for a statement, for the caller's statement to carry (the outcomes'),
   * or null when none waits. Until `settle`, `settled` counts them as not yet ended.
   */
  takeEnds(): EndsRide | null {
    if (!this.closing.length) return null;
    const taken = this.closing;
    this.closing = [];
    this.wake?.();
    let done = () => {};
    const ride = new Promise<void>((resolve) => (done = resolve));
    this.rides.add(ride);
    void ride.finally(() => this.rides.delete(ride));
    return {
      ends: taken.map(({ key, holder }) => ({ key, holder })),
      settle: (ended) => {
        if (!ended) {
          // Nothing of the statement happened: the ends wait for the next statement.
          for (const c of taken) this.close(c.key, c.holder, c.r);
          done();
          return;
        }
        void this.storeWanted(taken, ended)
          .catch(() => undefined)
          .finally(done);
      },
    };
  }

  /** Looks waiting for the next statement (see `look`). */
  private looks: {
    key: string;
    url: string;
    holder: string;
    since: Date | null;
    resolve(a: FetchAttempt): void;
    reject(err: unknown): void;
  }[] = [];

  /**
   * One look at a key. The looks asked for in the same turn of the event loop (the tasks of one
   * queue fetch start their fetches together) share one statement: a statement a look was about a
   * fifth of an import's round trips.
   */
  private look(key: string, url: string, holder: string, since: Date | null): Promise<FetchAttempt> {
    const { store, leaseSeconds } = this.opts;
    if (!store.attemptMany) return store.attempt(key, url, holder, leaseSeconds, since);
    return new Promise<FetchAttempt>((resolve, reject) => {
      this.looks.push({ key, url, holder, since, resolve, reject });
      if (this.looks.length === 1) setImmediate(() => this.sendLooks());
    });
  }

  private sendLooks(): void {
    const batch: typeof this.looks = [];
    const rest: typeof this.looks = [];
    const keys = new Set<string>();
    // One look per key in a statement (its insert may touch a row once); another waits its turn.
    for (const l of this.looks) {
      if (batch.length < MAX_LOOKS && !keys.has(l.key)) {
        keys.add(l.key);
        batch.push(l);
      } else rest.push(l);
    }
    this.looks = rest;
    if (rest.length) setImmediate(() => this.sendLooks());
    const { store, leaseSeconds } = this.opts;
    // Lease ends waiting for their statement ride with these looks (a key looked at stays).
    const ends = store.lookAndEnd ? this.closing.filter((c) => !keys.has(c.key)) : [];
    if (!ends.length) {
      store.attemptMany!(batch, leaseSeconds).then(
        (answers) => batch.forEach((l, i) => l.resolve(answers[i]!)),
        (err: unknown) => batch.forEach((l) => l.reject(err)),
      );
      return;
    }
    this.closing = this.closing.filter((c) => keys.has(c.key));
    if (!this.closing.length) this.wake?.();
    const ride = store.lookAndEnd!(batch, leaseSeconds, ends).then(
      async ({ attempts, ended }) => {
        batch.forEach((l, i) => l.resolve(attempts[i]!));
        await this.storeWanted(ends, ended).catch(() => undefined);
      },
      (err: unknown) => {
        batch.forEach((l) => l.reject(err));
        // Nothing of the statement happened: the ends wait for the next statement.
        for (const c of ends) this.close(c.key, c.holder, c.r);
      },
    );
    this.rides.add(ride);
    void ride.finally(() => this.rides.delete(ride));
  }

  /** Resolves once every unkept page's lease ended (tests; a process's stop need not wait). */
  async settled(): Promise<void> {
    while (this.closer || this.rides.size) {
      if (this.closer) await this.closer;
      await Promise.all(this.rides);
    }
  }

  /** Keeps an unkept page for this process's callers within the reuse window, up to RECENT_BYTES. */
  private remember(key: string, r: GatewayResult): void {
    if (!r.ok || this.opts.reuseSeconds <= 0 || r.body.length > RECENT_BYTES / 4) return;
    const now = performance.now();
    const old = this.recent.get(key);
    if (old) {
      this.recent.delete(key);
      this.recentBytes -= old.bytes;
    }
    this.recent.set(key, { r, until: now + this.opts.reuseSeconds * 1000, bytes: r.body.length });
    this.recentBytes += r.body.length;
    // Oldest first: drop what ran out of its window or no longer fits.
    for (const [k, v] of this.recent) {
      if (this.recentBytes <= RECENT_BYTES && v.until > now) break;
      this.recent.delete(k);
      this.recentBytes -= v.bytes;
    }
  }

  private async resolve(
    key: string,
    url: string,
    o: SharedFetchOptions,
  ): Promise<{ r: GatewayResult; source: SharedFetchSource }> {
    const { store } = this.opts;
    const holder = randomUUID();
    let since: Date | null = null;
    let waited = false;
    let pause = this.opts.pollMs ?? 20;
    for (;;) {
      // A kept result, the lease, and the clock in one round trip. The first look's clock (read
      // before its lease try) is what a waiter's later looks go by, so a result stored right after
      // a lost race still counts, whatever its reuse window.
      const look = await this.look(key, url, holder, since);
      if (look.kept) {
        const r = decode(look.kept);
        const refused = await this.opts.admits?.(url, r);
        return { r: refused ?? r, source: waited ? "joined" : "reused" };
      }
      since ??= look.now;
      if (look.acquired) {
        let r: GatewayResult;
        // A live holder keeps its lease however long the gateway takes (retries, renders); a dead
        // one stops renewing and a waiter takes over within `leaseSeconds`.
        const beat = setInterval(
          () => void store.renew(key, holder, this.opts.leaseSeconds).catch(() => undefined),
          Math.max(200, (this.opts.leaseSeconds * 1000) / 3),
        );
        beat.unref();
        try {
          r = await this.opts.fetch(url, {
            ...(o.render ? { render: o.render } : {}),
            ...(o.signal ? { signal: o.signal } : {}),
            ...(o.maxBytes ? { maxBytes: o.maxBytes } : {}),
          });
        } catch (err) {
          await store.release(key, holder);
          throw err;
        } finally {
          clearInterval(beat);
        }
        // A fetch this caller aborted says nothing about the page: nobody else should get it.
        if (o.signal?.aborted) await store.release(key, holder);
        // An unkept page is stored only when another process's caller asked for it meanwhile; its
        // caller goes on at once, the lease ends with others' (see `close`).
        else if (r.ok && o.keep === false) {
          this.remember(key, r);
          this.close(key, holder, r);
        }
        // Callers waiting now get a failure too, but it is never reused: a retry must reach the site.
        else await store.complete(key, holder, encode(r), r.ok ? this.opts.reuseSeconds : 0);
        return { r, source: "fetched" };
      }
      // Someone else holds the lease: wait for its result (a reuse window of 0 still hands it over),
      // and say so, so that a holder that would keep nothing stores it.
      if (!waited) await store.want(key);
      waited = true;
      try {
        await sleep(pause, undefined, o.signal ? { signal: o.signal } : {});
      } catch {
        return { r: aborted(url), source: "joined" };
      }
      pause = Math.min(250, Math.round(pause * 1.5));
    }
  }
}
