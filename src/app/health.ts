import { connectionWasCut } from "../storage/db.ts";
import { pingDatabase } from "../storage/rawSql.ts";
import { pendingMigrations } from "../storage/migrations/index.ts";
import type { Base } from "../services/shared/index.ts";

/** One readiness check's outcome. */
export interface Check {
  ok: boolean;
  detail?: string;
}

/** What the house's own checks read: the database and the queue. */
export type House = Pick<Base, "database" | "queue">;

/** Readiness: the database answers, the queue answers, every migration ran. */
export async function readiness(house: House): Promise<{ ready: boolean; checks: Record<string, Check> }> {
  const checks: Record<string, Check> = {};
  const health = house.database.health;
  const run = async (name: string, fn: () => Promise<string | undefined>) => {
    try {
      const detail = await fn();
      checks[name] = { ok: true, ...(detail ? { detail } : {}) };
    } catch (err) {
      // The database away says why in plain words and since when; another failure, as it is.
      checks[name] = {
        ok: false,
        detail: health.noteError(err)
          ? `cannot reach the database since ${health.outage!.since.toISOString()}: ${health.outage!.reason}; retrying`
          : (err as Error).message,
      };
    }
  };
  await Promise.all([
    run("database", async () => {
      await pingNow(house);
      health.noteUp();
      return house.database.kind;
    }),
    run("queue", async () => {
      if (!house.queue) return "off (in-process runs)";
      await house.queue.ping();
      return undefined;
    }),
    run("migrations", async () => {
      const pending = await pendingMigrations(house.database.db);
      if (pending.length) throw new Error(`pending: ${pending.join(", ")}`);
      return undefined;
    }),
  ]);
  return { ready: Object.values(checks).every((c) => c.ok), checks };
}

/**
 * Pings the database on a connection that tells of now: the pool may still hold connections the
 * server ended an instant ago (their end not yet seen), so a ping that meets one asks again, and
 * a fresh connection says whether the database answers, and why not.
 */
async function pingNow(house: House): Promise<void> {
  for (let tries = 0; ; tries++) {
    try {
      return await pingDatabase(house.database.db);
    } catch (err) {
      if (tries >= 4 || !connectionWasCut(err)) throw err;
    }
  }
}
