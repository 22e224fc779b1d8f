import { pingDatabase } from "../storage/rawSql.ts";
import { pendingMigrations } from "../storage/migrations/index.ts";
import type { Ladle } from "./ladle.ts";

/** One readiness check's outcome. */
export interface Check {
  ok: boolean;
  detail?: string;
}

/** Readiness: the database answers, the queue answers, every migration ran. */
export async function readiness(ladle: Ladle): Promise<{ ready: boolean; checks: Record<string, Check> }> {
  const checks: Record<string, Check> = {};
  const health = ladle.database.health;
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
      await pingDatabase(ladle.database.db);
      health.noteUp();
      return ladle.database.kind;
    }),
    run("queue", async () => {
      if (!ladle.queue) return "off (in-process runs)";
      await ladle.queue.boss.getDb().executeSql(`SELECT 1 FROM ${ladle.queue.schema}.version`);
      return undefined;
    }),
    run("migrations", async () => {
      const pending = await pendingMigrations(ladle.database.db);
      if (pending.length) throw new Error(`pending: ${pending.join(", ")}`);
      return undefined;
    }),
  ]);
  return { ready: Object.values(checks).every((c) => c.ok), checks };
}
