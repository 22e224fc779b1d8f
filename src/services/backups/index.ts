import { QUEUES } from "../../queue/jobs.ts";
import type { WorkerJob } from "../../queue/workerJob.ts";
import type { Base } from "../shared/base.ts";
import type { UsersService } from "../users/index.ts";
import { BackupService } from "./backups.service.ts";
import { StorageService } from "./storage.service.ts";

/** What other families use of this one. */
export { type StorageService } from "./storage.service.ts";

/** The server's backups (scheduled, on demand, listed for admins) and what takes the room. */
export function createBackups({ config, database, now, log }: Base, deps: { users: UsersService }) {
  const backups = new BackupService({
    db: database.db,
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
            queue.workPeriodic(QUEUES.backup, schedule, async () => {
              await backups.scheduled();
            }),
        },
      ]
    : [];
  return { backups, storage: new StorageService(database.db, deps.users, config), jobs };
}
