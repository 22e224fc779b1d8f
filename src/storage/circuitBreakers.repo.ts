import { sql, type Kysely } from "kysely";
import type { BreakerStore, CircuitBreakerOptions, DomainCircuit } from "../fetcher/circuitBreaker.ts";
import type { Schema } from "./schema.ts";

/** How long one read of the table answers `blockedFor` and `recordSuccess` in this process. */
const SNAPSHOT_MS = 500;

/**
 * Circuit breaker state in the database, shared by every Ladle process on it.
 *
 * Every fetch asks "is this domain paused?" and reports a success, so both are answered from one
 * read of the whole table (it only holds domains that failed recently: a handful of rows) taken at
 * most every {@link SNAPSHOT_MS}, instead of a select and a delete per fetch. A circuit opened by
 * another process is thus seen within half a second; one opened here is seen at once.
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

  async blockedFor(domain: string, now: number): Promise<number> {
    const until = (await this.rows(now)).get(domain);
    return until ? Math.max(0, until - now) : 0;
  }

  async recordSuccess(domain: string, now: number): Promise<void> {
    // Nothing to reset when no process has counted a failure for the domain (the common case).
    if (!(await this.rows(now)).has(domain)) return;
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
    const until = new Date(now + opts.blockDurationMs);
    // One statement, so concurrent failures from several processes add up instead of overwriting.
    const fresh = sql`(cb.window_started_at < ${cutoff} OR cb.open_until <= ${at})`;
    const r = await sql<{ open_until: Date | null }>`
      INSERT INTO circuit_breakers AS cb (domain, failures, window_started_at, open_until, last_code, updated_at)
      VALUES (${domain}, ${weight}, ${at}, ${weight >= opts.failureThreshold ? until : null}, ${code}, ${at})
      ON CONFLICT (domain) DO UPDATE SET
        failures = CASE WHEN ${fresh} THEN ${weight} ELSE cb.failures + ${weight} END,
        window_started_at = CASE WHEN ${fresh} THEN ${at} ELSE cb.window_started_at END,
        open_until = CASE
          WHEN cb.open_until > ${at} THEN cb.open_until
          WHEN (CASE WHEN ${fresh} THEN ${weight} ELSE cb.failures + ${weight} END) >= ${opts.failureThreshold}
            THEN ${until}::timestamptz
          ELSE NULL END,
        last_code = ${code},
        updated_at = ${at}
      RETURNING open_until`.execute(this.db);
    const open = r.rows[0]?.open_until;
    // This process sees its own failure at once (the next success must reset it, a pause must hold).
    this.snapshot?.rows.set(domain, open ? new Date(open).getTime() : null);
    return !!open && new Date(open).getTime() === until.getTime();
  }

  async states(now: number): Promise<DomainCircuit[]> {
    const rows = await this.db.selectFrom("circuit_breakers").selectAll().orderBy("domain").execute();
    return rows.map((r) => {
      const open = r.open_until && new Date(r.open_until).getTime() > now;
      return {
        domain: r.domain,
        state: open ? "open" : "closed",
        failures: r.failures,
        openUntil: open ? new Date(r.open_until!).toISOString() : null,
      };
    });
  }
}
