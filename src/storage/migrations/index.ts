import { sql, type Kysely } from "kysely";
import { Migrator, type Migration } from "kysely/migration";

/**
 * A migration whose file is read only when it runs: every process asks which have run at start,
 * but keeping ~40 files of DDL (source and module records) resident in each API and worker process
 * for a schema that is already up to date costs memory for nothing.
 */
function lazy(load: () => Promise<Migration>): Migration {
  return {
    up: async (db) => (await load()).up(db),
    down: async (db) => (await load()).down?.(db),
  };
}

/** Migrations in order; names are stable once released. */
const MIGRATIONS: Record<string, Migration> = {
  "001_init": lazy(() => import("./001_init.ts")),
  "002_llm": lazy(() => import("./002_llm.ts")),
  "003_recipe_versions": lazy(() => import("./003_recipe_versions.ts")),
  "004_blobs": lazy(() => import("./004_blobs.ts")),
  "007_reliability": lazy(() => import("./007_reliability.ts")),
  "011_discovery": lazy(() => import("./011_discovery.ts")),
  "012_normalize": lazy(() => import("./012_normalize.ts")),
  "005_users_libraries": lazy(() => import("./005_users_libraries.ts")),
  "008_parse_requests": lazy(() => import("./008_parse_requests.ts")),
  "009_import_jobs": lazy(() => import("./009_import_jobs.ts")),
  "010_items": lazy(() => import("./010_items.ts")),
  "006_articles": lazy(() => import("./006_articles.ts")),
  "013_review": lazy(() => import("./013_review.ts")),
  "014_fetch_lease_storage": lazy(() => import("./014_fetch_lease_storage.ts")),
  "015_media_reconcile": lazy(() => import("./015_media_reconcile.ts")),
  "016_sharing": lazy(() => import("./016_sharing.ts")),
  "018_kitchen": lazy(() => import("./018_kitchen.ts")),
  "022_breaker_probes": lazy(() => import("./022_breaker_probes.ts")),
  "024_collections": lazy(() => import("./024_collections.ts")),
  "017_spec_conformance": lazy(() => import("./017_spec_conformance.ts")),
  "025_passwords_sessions": lazy(() => import("./025_passwords_sessions.ts")),
  "026_search": lazy(() => import("./026_search.ts")),
  "027_webhooks": lazy(() => import("./027_webhooks.ts")),
  "028_duplicates": lazy(() => import("./028_duplicates.ts")),
  "029_bookmark_origin": lazy(() => import("./029_bookmark_origin.ts")),
  "030_import_words": lazy(() => import("./030_import_words.ts")),
  "031_fetch_lease_unlogged": lazy(() => import("./031_fetch_lease_unlogged.ts")),
  "032_fetch_lease_wanted": lazy(() => import("./032_fetch_lease_wanted.ts")),
  "033_task_rows_without_fk_checks": lazy(() => import("./033_task_rows_without_fk_checks.ts")),
  "045_outcome_lz4": lazy(() => import("./045_outcome_lz4.ts")),
  "047_household": lazy(() => import("./047_household.ts")),
  "048_clean_ups": lazy(() => import("./048_clean_ups.ts")),
  "057_family_events": lazy(() => import("./057_family_events.ts")),
  "060_sent_from_browser": lazy(() => import("./060_sent_from_browser.ts")),
  "061_archives_highlights": lazy(() => import("./061_archives_highlights.ts")),
  "062_person_settings": lazy(() => import("./062_person_settings.ts")),
  "063_feeds": lazy(() => import("./063_feeds.ts")),
  "064_recipe_language": lazy(() => import("./064_recipe_language.ts")),
  "065_feed_problem_codes": lazy(() => import("./065_feed_problem_codes.ts")),
  "067_list_indexes": lazy(() => import("./067_list_indexes.ts")),
  "068_draft_artifact_from_result": lazy(() => import("./068_draft_artifact_from_result.ts")),
  "069_task_progress_heap_only": lazy(() => import("./069_task_progress_heap_only.ts")),
  "070_key_taken_raise": lazy(() => import("./070_key_taken_raise.ts")),
  "072_task_events_one_index": lazy(() => import("./072_task_events_one_index.ts")),
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
