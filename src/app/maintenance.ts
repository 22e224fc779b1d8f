import type { Config } from "../config.ts";
import type { Logger } from "pino";
import type { BlobsRepo } from "../storage/blobs.repo.ts";
import type { Database } from "../storage/db.ts";
import { analyzeSearchTables } from "../storage/rawSql.ts";
import type { StorageService } from "../services/backups/index.ts";
import type { DiscoveryService } from "../services/tasks/discovery.service.ts";
import type { RecipeService } from "../services/recipes/recipes.service.ts";
import type { ReviewService } from "../services/tasks/review.service.ts";

/** What maintenance touches (the Ladle), named here so this file does not import ladle.ts. */
export interface MaintenanceDeps {
  readonly config: Config;
  readonly database: Database;
  readonly review: ReviewService;
  readonly recipes: RecipeService;
  readonly blobs: BlobsRepo;
  readonly storage: StorageService;
  /** Drops Idempotency-Key records older than `before`. */
  dropExpiredKeys(before: Date): Promise<unknown>;
  readonly discovery: DiscoveryService;
  readonly log: Logger;
  readonly now: () => Date;
}

/** The periodic job: draft expiry, artifact retention, expired blobs and idempotency keys, curated refresh, recipe purge. */
export async function runMaintenance(ladle: MaintenanceDeps): Promise<void> {
  const expired = await ladle.review.expireDrafts();
  const deleted = await ladle.review.applyRetention();
  const blobs = await ladle.blobs.deleteExpired(ladle.now());
  await ladle.dropExpiredKeys(
    new Date(ladle.now().getTime() - ladle.config.Server.IdempotencyTtlHours * 3_600_000),
  );
  // Curated sources' title indexes, when older than Discovery:CuratedRefreshMinutes.
  await ladle.discovery
    .refreshCurated()
    .catch((err: unknown) => ladle.log.warn({ err }, "curated index refresh failed"));
  // A PostgreSQL server's autovacuum keeps statistics; the embedded database needs asking.
  if (ladle.database.kind !== "server") await analyzeSearchTables(ladle.database.db);
  // review: deleted recipes past their restore window
  const purged = await ladle.recipes.purgeDeleted();
  // Kept for the admins' Storage screen, whichever process ran it.
  await ladle.storage.recordCleanUp({
    ranAt: ladle.now().toISOString(),
    draftsExpired: expired.length,
    artifactsDeleted: deleted,
    blobsDeleted: blobs,
    recipesPurged: purged,
  });
  if (purged) ladle.log.info({ recipesPurged: purged }, "maintenance");
  if (expired.length || deleted || blobs)
    ladle.log.info(
      { expired: expired.length, artifactsDeleted: deleted, blobsDeleted: blobs },
      "maintenance",
    );
}
