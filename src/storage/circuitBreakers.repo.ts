import { sql, type Kysely } from "kysely";
import type { BreakerStore, CircuitBreakerOptions, DomainCircuit } from "../fetcher/circuitBreaker.ts";
import type { Schema } from "./schema.ts";

/** Circuit breaker state in the database, shared by every Ladle process on it. */
export class CircuitBreakersRepo implements BreakerStore {
  private readonly db: Kysely<Schema>;

  constructor(db: Kysely<Schema>) {
    this.db = db;
  }

  async blockedFor(domain: string, now: number): Promise<number> {
    const row = await this.db
      .selectFrom("circuit_breakers")
      .select("open_until")
      .where("domain", "=", domain)
      .where("open_until", ">", new Date(now))
      .executeTakeFirst();
    return row?.open_until ? Math.max(0, new Date(row.open_until).getTime() - now) : 0;
  }

  async recordSuccess(domain: string, now: number): Promise<void> {
    await this.db
      .deleteFrom("circuit_breakers")
      .where("domain", "=", domain)
      .where((eb) => eb.or([eb("open_until", "is", null), eb("open_until", "<=", new Date(now))]))
      .execute();
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
