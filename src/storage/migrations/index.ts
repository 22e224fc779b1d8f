import type { Kysely } from "kysely";
import { Migrator, type Migration } from "kysely/migration";
import * as m001 from "./001_init.ts";
import * as m002 from "./002_llm.ts";

/** Migrations in order; names are stable once released. */
const MIGRATIONS: Record<string, Migration> = {
  "001_init": m001,
  "002_llm": m002,
};

/** Brings the schema to the latest version; throws (with the failing migration) on error. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
    migrationTableName: "ladle_migrations",
    migrationLockTableName: "ladle_migrations_lock",
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === "Error");
    throw new Error(`migration ${failed?.migrationName ?? "?"} failed: ${String(error)}`, { cause: error });
  }
}
