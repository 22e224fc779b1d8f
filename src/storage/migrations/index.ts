import { sql, type Kysely } from "kysely";
import { Migrator, type Migration } from "kysely/migration";
import * as m001 from "./001_init.ts";
import * as m002 from "./002_llm.ts";
import * as m003 from "./003_recipe_versions.ts";
import * as m004 from "./004_blobs.ts";
import * as m007 from "./007_reliability.ts";
import * as m011 from "./011_discovery.ts";
import * as m012 from "./012_normalize.ts";
import * as m005 from "./005_users_libraries.ts";
import * as m008 from "./008_parse_requests.ts";
import * as m009 from "./009_import_jobs.ts";
import * as m010 from "./010_items.ts";
import * as m006 from "./006_articles.ts";
import * as m013 from "./013_review.ts";
import * as m014 from "./014_fetch_lease_storage.ts";
import * as m015 from "./015_media_reconcile.ts";
import * as m016 from "./016_sharing.ts";
import * as m018 from "./018_kitchen.ts";
import * as m022 from "./022_breaker_probes.ts";
import * as m024 from "./024_collections.ts";
import * as m017 from "./017_spec_conformance.ts";
import * as m025 from "./025_passwords_sessions.ts";
import * as m026 from "./026_search.ts";
import * as m027 from "./027_webhooks.ts";
import * as m028 from "./028_duplicates.ts";
import * as m029 from "./029_bookmark_origin.ts";
import * as m030 from "./030_import_words.ts";
import * as m031 from "./031_fetch_lease_unlogged.ts";
import * as m032 from "./032_fetch_lease_wanted.ts";
import * as m033 from "./033_task_rows_without_fk_checks.ts";
import * as m045 from "./045_outcome_lz4.ts";
import * as m047 from "./047_household.ts";
import * as m048 from "./048_clean_ups.ts";
import * as m057 from "./057_family_events.ts";
import * as m060 from "./060_sent_from_browser.ts";
import * as m061 from "./061_archives_highlights.ts";
import * as m062 from "./062_person_settings.ts";
import * as m063 from "./063_feeds.ts";
import * as m064 from "./064_recipe_language.ts";
import * as m065 from "./065_feed_problem_codes.ts";
import * as m067 from "./067_list_indexes.ts";
import * as m068 from "./068_draft_artifact_from_result.ts";

/** Migrations in order; names are stable once released. */
const MIGRATIONS: Record<string, Migration> = {
  "001_init": m001,
  "002_llm": m002,
  "003_recipe_versions": m003,
  "004_blobs": m004,
  "007_reliability": m007,
  "011_discovery": m011,
  "012_normalize": m012,
  "005_users_libraries": m005,
  "008_parse_requests": m008,
  "009_import_jobs": m009,
  "010_items": m010,
  "006_articles": m006,
  "013_review": m013,
  "014_fetch_lease_storage": m014,
  "015_media_reconcile": m015,
  "016_sharing": m016,
  "018_kitchen": m018,
  "022_breaker_probes": m022,
  "024_collections": m024,
  "017_spec_conformance": m017,
  "025_passwords_sessions": m025,
  "026_search": m026,
  "027_webhooks": m027,
  "028_duplicates": m028,
  "029_bookmark_origin": m029,
  "030_import_words": m030,
  "031_fetch_lease_unlogged": m031,
  "032_fetch_lease_wanted": m032,
  "033_task_rows_without_fk_checks": m033,
  "045_outcome_lz4": m045,
  "047_household": m047,
  "048_clean_ups": m048,
  "057_family_events": m057,
  "060_sent_from_browser": m060,
  "061_archives_highlights": m061,
  "062_person_settings": m062,
  "063_feeds": m063,
  "064_recipe_language": m064,
  "065_feed_problem_codes": m065,
  "067_list_indexes": m067,
  "068_draft_artifact_from_result": m068,
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function migrator(db: Kysely<any>): Migrator {
  return new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
    migrationTableName: "ladle_migrations",
    migrationLockTableName: "ladle_migrations_lock",
    allowUnorderedMigrations: true,
  });
}

/** Names of migrations this code knows that the database has not run (readiness). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function pendingMigrations(db: Kysely<any>): Promise<string[]> {
  const all = await migrator(db).getMigrations();
  return all.filter((m) => !m.executedAt).map((m) => m.name);
}

/** Brings the schema to the latest version; throws (with the failing migration) on error. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
    migrationTableName: "ladle_migrations",
    migrationLockTableName: "ladle_migrations_lock",
    // Families land their migrations on separate branches; a data dir that ran a later-numbered one
    // first must still take an earlier-numbered one that arrives afterwards.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === "Error");
    throw new Error(`migration ${failed?.migrationName ?? "?"} failed: ${String(error)}`, { cause: error });
  }
}

/** Names of the migrations this database has run, in name order (a backup's schema version). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function executedMigrations(db: Kysely<any>): Promise<string[]> {
  const exists = await sql<{
    t: string | null;
  }>`SELECT to_regclass('public.ladle_migrations')::text AS t`.execute(db);
  if (!exists.rows[0]?.t) return [];
  const all = await sql<{ name: string }>`SELECT name FROM ladle_migrations ORDER BY name`.execute(db);
  return all.rows.map((r) => r.name);
}

/** The names among `names` this code does not know: the database (or backup) comes from a newer Ladle. */
export function unknownMigrations(names: string[]): string[] {
  return names.filter((n) => !(n in MIGRATIONS));
}

/**
 * Runs exactly the migrations named (those this code knows): the schema a backup was made at,
 * so its rows go in as they were before the later migrations bring them forward.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateOnly(db: Kysely<any>, names: string[]): Promise<void> {
  const wanted = new Set(names);
  const subset = Object.fromEntries(Object.entries(MIGRATIONS).filter(([n]) => wanted.has(n)));
  const { error, results } = await new Migrator({
    db,
    provider: { getMigrations: async () => subset },
    migrationTableName: "ladle_migrations",
    migrationLockTableName: "ladle_migrations_lock",
    allowUnorderedMigrations: true,
  }).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === "Error");
    throw new Error(`migration ${failed?.migrationName ?? "?"} failed: ${String(error)}`, { cause: error });
  }
}
