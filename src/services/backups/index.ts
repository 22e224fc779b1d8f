import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { Config } from "../../config.ts";
import type { WorkerJob } from "../../queue/workerJob.ts";
import { BackupRepo } from "../../storage/backup.repo.ts";
import type { Schema } from "../../storage/schema.ts";
import { StorageUsageRepo } from "../../storage/storageUsage.repo.ts";
import type { Base } from "../shared/base.ts";
import type { UsersService } from "../users/index.ts";
import { restoreBackup, writeBackup } from "./backupFile.ts";
import { BackupService, backupBeforeMigrating } from "./backups.service.ts";
import { StorageService } from "./storage.service.ts";

/** What other families use of this one. */
export { type StorageService } from "./storage.service.ts";
export { BackupError } from "./backupFile.ts";
export { backupDir } from "./backups.service.ts";

/**
 * The backup file of `db`, for those that hold a database before any family exists: the CLI's
 * backup and restore, and the backup Ladle.start writes before migrating.
 */
export function backupFile(db: Kysely<Schema>) {
  const repo = new BackupRepo(db);
  return {
    write: (file: string, opts: Parameters<typeof writeBackup>[2]) => writeBackup(repo, file, opts),
    restore: (file: string, opts?: Parameters<typeof restoreBackup>[3]) =>
      restoreBackup(db, repo, file, opts),
    beforeMigrating: (config: Config, pending: string[], log: Logger) =>
      backupBeforeMigrating(repo, config, pending, log),
  };
}

/** The server's backups (scheduled, on demand, listed for admins) and what takes the room. */
/** Scheduled backups (`Backups:Schedule`), one run per period across processes. */
const BACKUP_QUEUE = "ladle-backup";

export function createBackups({ config, database, now, log }: Base, deps: { users: UsersService }) {
  const backups = new BackupService({
    repo: new BackupRepo(database.db),
    config,
    database: database.kind === "server" ? "postgresql" : "embedded",
    now,
    log,
  });
  const schedule = config.Backups.Schedule;
  const jobs: WorkerJob[] = schedule
    ? [
        {
          start: (queue) =>
            queue.workPeriodic(BACKUP_QUEUE, schedule, async () => {
              await backups.scheduled();
            }),
        },
      ]
    : [];
  return {
    backups,
    storage: new StorageService(new StorageUsageRepo(database.db), deps.users, config),
    jobs,
  };
}

/** What the family hands the composition root: its services and its jobs. */
export type Backups = ReturnType<typeof createBackups>;
