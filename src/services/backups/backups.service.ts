import { mkdirSync } from "node:fs";
import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Logger } from "pino";
import type { Config } from "../../config.ts";
import type { BackupRepo } from "../../storage/backup.repo.ts";
import { writeBackup } from "./backupFile.ts";

/** Why a backup was made: on the schedule, by an admin, or before migrations changed the database. */
export type BackupReason = "scheduled" | "manual" | "before-upgrade";

/** A backup in the backups folder, as the admins' screen lists it. */
export interface BackupInfo {
  name: string;
  reason: BackupReason;
  bytes: number;
  createdAt: string;
}

/** `ladle-20261129T030000Z-scheduled.ladle` (a counter before `.ladle` when two fall in one second). */
const NAME = /^ladle-(\d{8}T\d{6}Z)-(scheduled|manual|before-upgrade)(?:-\d+)?\.ladle$/;

/** The folder of the server's backups: `Backups:Dir`, else `backups` in the data directory. */
export function backupDir(config: Config): string {
  return path.resolve(config.Backups.Dir || path.join(config.Server.DataDir, "backups"));
}

function stamp(d: Date): string {
  return d
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
}

/**
 * Writes a backup into the backups folder, named by when and why. Used by the schedule, the
 * admins' "back up now", and before a migration run (from Ladle.start, before the service exists).
 */
export async function backupInto(
  repo: BackupRepo,
  config: Config,
  reason: BackupReason,
  opts: { now: Date; database: string },
): Promise<BackupInfo> {
  const dir = backupDir(config);
  mkdirSync(dir, { recursive: true });
  for (let n = 0; ; n++) {
    const name = `ladle-${stamp(opts.now)}-${reason}${n ? `-${n}` : ""}.ladle`;
    const file = path.join(dir, name);
    try {
      const s = await writeBackup(repo, file, { database: opts.database, config, now: opts.now });
      // To the second, as the name keeps it (and the list reads it back).
      const createdAt = new Date(Math.floor(opts.now.getTime() / 1000) * 1000).toISOString();
      return { name, reason, bytes: s.bytes, createdAt };
    } catch (err) {
      // Another backup took this second's name: the next counter.
      if (/already exists/.test(String((err as Error).message)) && n < 50) continue;
      throw err;
    }
  }
}

/** The server's backups: made on the schedule or on demand, kept `Backups:Keep`, listed for admins. */
export class BackupService {
  private readonly deps: {
    repo: BackupRepo;
    config: Config;
    database: string;
    now: () => Date;
    log: Logger;
  };

  constructor(deps: BackupService["deps"]) {
    this.deps = deps;
  }

  /** Makes a backup now. */
  async make(reason: BackupReason): Promise<BackupInfo> {
    const info = await backupInto(this.deps.repo, this.deps.config, reason, {
      now: this.deps.now(),
      database: this.deps.database,
    });
    this.deps.log.info({ backup: info.name, bytes: info.bytes, reason }, "backup written");
    return info;
  }

  /** The backups in the folder, newest first (files of other names are not Ladle's: left out). */
  async list(): Promise<BackupInfo[]> {
    const dir = backupDir(this.deps.config);
    const names = await readdir(dir).catch(() => [] as string[]);
    const out: BackupInfo[] = [];
    for (const name of names) {
      const m = NAME.exec(name);
      if (!m) continue;
      const s = await stat(path.join(dir, name)).catch(() => null);
      if (!s?.isFile()) continue;
      const t = m[1]!;
      const createdAt = `${t.slice(0, 4)}-${t.slice(4, 6)}-${t.slice(6, 8)}T${t.slice(9, 11)}:${t.slice(11, 13)}:${t.slice(13, 15)}.000Z`;
      out.push({ name, reason: m[2] as BackupReason, bytes: s.size, createdAt });
    }
    return out.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.name.localeCompare(a.name));
  }

  /** The path of a backup by its listed name, or null (any other name, a path among them, answers null). */
  async file(name: string): Promise<string | null> {
    if (!NAME.test(name)) return null;
    const file = path.join(backupDir(this.deps.config), name);
    const s = await stat(file).catch(() => null);
    return s?.isFile() ? file : null;
  }

  /** The scheduled run: a backup, then the scheduled ones beyond `Backups:Keep` deleted, oldest first. */
  async scheduled(): Promise<{ made: BackupInfo; deleted: string[] }> {
    const made = await this.make("scheduled");
    const scheduled = (await this.list()).filter((b) => b.reason === "scheduled");
    const deleted: string[] = [];
    for (const old of scheduled.slice(this.deps.config.Backups.Keep)) {
      await rm(path.join(backupDir(this.deps.config), old.name), { force: true });
      deleted.push(old.name);
    }
    if (deleted.length) this.deps.log.info({ deleted }, "old scheduled backups deleted");
    return { made, deleted };
  }
}

/**
 * Before a migration run on a database that holds data: a backup, so an upgrade that goes wrong
 * can be undone. A backup that cannot be written stops the start (nothing was migrated).
 */
export async function backupBeforeMigrating(
  repo: BackupRepo,
  config: Config,
  pending: string[],
  log: Logger,
): Promise<void> {
  if (!(await repo.tablesWithData()).length) return;
  const info = await backupInto(repo, config, "before-upgrade", {
    now: new Date(),
    database: config.Server.DatabaseUrl ? "postgresql" : "embedded",
  });
  log.info({ backup: info.name, pending }, "backup written before migrating the database");
}
