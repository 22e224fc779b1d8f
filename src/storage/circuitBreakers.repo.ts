import { sql, type Kysely } from "kysely";
import {
  nextPauseMs,
  type Admission,
  type BreakerStore,
  type CircuitBreakerOptions,
  type DomainCircuit,
} from "../fetcher/circuitBreaker.ts";
import type { Schema } from "./schema.ts";

/** How long one read of the table answers `admit`, `blockedFor` and `recordSuccess` in this process. */
const SNAPSHOT_MS = 500;

/**
 * Circuit breaker state in the database, shared by every Ladle process on it.
 *
 * Every fetch asks "may this domain be tried?" and reports a success, so both are answered from one
 * read of the whole table (it only holds domains that failed recently: a handful of rows) taken at
 * most every {@link SNAPSHOT_MS}, instead of a select and a delete per fetch. A circuit opened by
 * another process is thus seen within half a second; one opened here is seen at once. Only a
 * half-open domain (its pause over) costs a statement per request: the claim of its one probe.
 */
export class CircuitBreakersRepo implements BreakerStore {
  private readonly db: Kysely<Schema>;
  private snapshot: { at: number; rows: Map<string, number | null> } | null = null;
  private loading: Promise<Map<string, number | null>> | null = null;

  constructor(db: Kysely<Schema>) {
    this.db = db;
  }

  /** Domain → open-until (ms) or null (failures counted, circuit closed), at most SNAPSHOT_MS old. */
  private async rows(now: number): Promise<Map<string, number | null>> {
    if (this.snapshot && now - this.snapshot.at < SNAPSHOT_MS) return this.snapshot.rows;
    this.loading ??= this.db
      .selectFrom("circuit_breakers")
      .select(["domain", "open_until"])
      .execute()
      .then((r) => {
        const rows = new Map(
          r.map((x) => [x.domain, x.open_until ? new Date(x.open_until).getTime() : null]),
        );
        this.snapshot = { at: now, rows };
        return rows;
      })
      .finally(() => (this.loading = null));
    return this.loading;
  }

  async admit(domain: string, now: number, probeLeaseMs: number): Promise<Admission> {
    const until = (await this.rows(now)).get(domain);
    if (until === undefined || until === null) return { ok: true, probe: false };
    if (until > now) return { ok: false, retryAfterMs: until - now };
    // Half-open: one request across every process takes the probe (a lease, should its process die).
    const at = new Date(now);
    const r = await sql<{ claimed: number; open_until: Date | null; probe_until: Date | null }>`
      WITH claim AS (
        UPDATE circuit_breakers SET probe_until = ${new Date(now + probeLeaseMs)}
        WHERE domain = ${domain} AND open_until <= ${at} AND (probe_until IS NULL OR probe_until <= ${at})
        RETURNING domain
      )
      SELECT (SELECT count(*) FROM claim)::int AS claimed, cb.open_until, cb.probe_until
      FROM (SELECT 1) one LEFT JOIN circuit_breakers cb ON cb.domain = ${domain}`.execute(this.db);
    const row = r.rows[0]!;
    if (row.claimed) return { ok: true, probe: true };
    const open = row.open_until ? new Date(row.open_until).getTime() : null;
    this.snapshot?.rows.set(domain, open);
    // Closed meanwhile (a success elsewhere), or re-opened by another process's failed probe.
    if (open === null) return { ok: true, probe: false };
    if (open > now) return { ok: false, retryAfterMs: open - now };
    const probe = row.probe_until ? new Date(row.probe_until).getTime() : now;
    return { ok: false, retryAfterMs: Math.max(1000, probe - now) };
  }

  async blockedFor(domain: string, now: number): Promise<number> {
    const until = (await this.rows(now)).get(domain);
    return until ? Math.max(0, until - now) : 0;
  }

  async recordSuccess(domain: string, now: number): Promise<void> {
    // Nothing to reset when no process has counted a failure for the domain (the common case).
    if (!(await this.rows(now)).has(domain)) return;
    // A late answer to a request sent before the circuit opened does not cut its pause short.
    await this.db
      .deleteFrom("circuit_breakers")
      .where("domain", "=", domain)
      .where((eb) => eb.or([eb("open_until", "is", null), eb("open_until", "<=", new Date(now))]))
      .execute();
    const until = this.snapshot?.rows.get(domain);
    if (!until || until <= now) this.snapshot?.rows.delete(domain);
  }

  async recordFailure(
    domain: string,
    weight: number,
    code: string,
    now: number,
    opts: CircuitBreakerOptions,
  ): Promise<boolean> {
    const at = new Date(now);
    const cutoff = new Date(now - opts.failureWindowMs);
    const first = nextPauseMs(null, opts);
    const block = opts.blockDurationMs;
    // One statement, so concurrent failures from several processes add up instead of overwriting.
    // States: closed (open_until null) counts within the window and opens at the threshold for the
    // first pause; open (open_until ahead) only counts; half-open (open_until passed: the probe, or
    // a late request) re-opens at once for twice the last pause, up to the longest.
    const fresh = sql`(cb.window_started_at < ${cutoff})`;
    const count = sql`(CASE WHEN ${fresh} THEN ${weight} ELSE cb.failures + ${weight} END)`;
    const halfOpen = sql`(cb.open_until <= ${at})`;
    const longer = sql`least(greatest(coalesce(cb.pause_ms, ${first}), ${first}) * 2, ${block})`;
    const pause = sql`(CASE
      WHEN cb.open_until > ${at} THEN cb.pause_ms
      WHEN ${halfOpen} THEN ${longer}
      WHEN ${count} >= ${opts.failureThreshold} THEN ${first}
      ELSE NULL END)`;
    const r = await sql<{ open_until: Date | null; pause_ms: number | null }>`
      INSERT INTO circuit_breakers AS cb (domain, failures, window_started_at, open_until, pause_ms, last_code, updated_at)
      VALUES (${domain}, ${weight}, ${at},
              ${weight >= opts.failureThreshold ? new Date(now + first) : null},
              ${weight >= opts.failureThreshold ? first : null}, ${code}, ${at})
      ON CONFLICT (domain) DO UPDATE SET
        failures = ${count},
        window_started_at = CASE WHEN ${fresh} THEN ${at} ELSE cb.window_started_at END,
        open_until = CASE
          WHEN cb.open_until > ${at} THEN cb.open_until
          WHEN ${halfOpen} OR ${count} >= ${opts.failureThreshold}
            THEN ${at}::timestamptz + make_interval(secs => ${pause} / 1000.0)
          ELSE NULL END,
        pause_ms = ${pause},
        probe_until = CASE WHEN cb.open_until > ${at} THEN cb.probe_until ELSE NULL END,
        last_code = ${code},
        updated_at = ${at}
      RETURNING open_until, pause_ms`.execute(this.db);
    const row = r.rows[0];
    const open = row?.open_until ? new Date(row.open_until).getTime() : null;
    // This process sees its own failure at once (the next success must reset it, a pause must hold).
    this.snapshot?.rows.set(domain, open);
    // Opened by this statement: its pause starts now (another process's opening started at its own time).
    return open !== null && row!.pause_ms !== null && Math.abs(open - row!.pause_ms - now) < 1;
  }

  async releaseProbe(domain: string): Promise<void> {
    await this.db
      .updateTable("circuit_breakers")
      .set({ probe_until: null })
      .where("domain", "=", domain)
      .where("probe_until", "is not", null)
      .execute();
  }

  async states(now: number): Promise<DomainCircuit[]> {
    const rows = await this.db.selectFrom("circuit_breakers").selectAll().orderBy("domain").execute();
    return rows.map((r) => {
      const until = r.open_until ? new Date(r.open_until).getTime() : null;
      const open = until !== null && until > now;
      return {
        domain: r.domain,
        state: open ? "open" : until !== null ? "half-open" : "closed",
        failures: r.failures,
        openUntil: open ? new Date(until).toISOString() : null,
      };
    });
  }
}
