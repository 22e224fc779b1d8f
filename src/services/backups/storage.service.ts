import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import type { Config } from "../../config.ts";
import type { Caller } from "../../domain/user.ts";
import type { CleanUp, StorageUsage, StorageUsageRepo } from "../../storage/storageUsage.repo.ts";
import { backupDir } from "./backups.service.ts";
import type { UsersService } from "../users/index.ts";

/** One person's room: by kind, in all, and their limit (null: none). */
export interface PersonStorage {
  usage: StorageUsage;
  totalBytes: number;
  limitBytes: number | null;
}

const total = (u: StorageUsage) => u.drafts + u.artifacts + u.uploads + u.images + u.records + u.archives;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

/** What takes the room: each person's things by kind, their limit, and the backups folder. */
export class StorageService {
  private readonly repo: StorageUsageRepo;
  private readonly users: UsersService;
  private readonly config: Config;

  constructor(repo: StorageUsageRepo, users: UsersService, config: Config) {
    this.repo = repo;
    this.users = users;
    this.config = config;
  }

  private get limit(): number | null {
    const m = this.config.Storage.MaxMegabytesPerPerson;
    return m > 0 ? Math.round(m * 1024 * 1024) : null;
  }

  async of(personId: string): Promise<PersonStorage> {
    const usage = await this.repo.usageOf(personId);
    return { usage, totalBytes: total(usage), limitBytes: this.limit };
  }

  /** Everyone's room (admins): per person, and the backups folder's size. */
  async everyone(caller: Caller): Promise<
    | {
        ok: true;
        value: {
          people: (PersonStorage & { id: string; name: string })[];
          backupsBytes: number;
          cleanUps: CleanUp[];
        };
      }
    | { ok: false; code: "FORBIDDEN" }
  > {
    if (caller.role !== "admin") return { ok: false, code: "FORBIDDEN" };
    const people = [];
    for (const u of await this.users.list())
      people.push({ id: u.id, name: u.name, ...(await this.of(u.id)) });
    people.sort((a, b) => b.totalBytes - a.totalBytes || a.name.localeCompare(b.name));
    const dir = backupDir(this.config);
    let backupsBytes = 0;
    for (const f of await readdir(dir).catch(() => [] as string[]))
      backupsBytes += (await stat(path.join(dir, f)).catch(() => null))?.size ?? 0;
    return { ok: true, value: { people, backupsBytes, cleanUps: await this.repo.lastCleanUps(5) } };
  }

  /** Null when `bytes` more fit under the person's limit; else why not, in words. */
  async roomFor(personId: string, bytes: number): Promise<string | null> {
    const limit = this.limit;
    if (limit === null) return null;
    const used = total(await this.repo.usageOf(personId));
    if (used + bytes <= limit) return null;
    return `Your storage is full: you use ${mb(used)} of your ${mb(limit)}, and this needs ${mb(bytes)} more. Delete drafts, uploads or articles you no longer need, or ask an admin for more room. Nothing you kept was lost.`;
  }

  /** Keeps what a maintenance run cleaned up, for the admins' Storage screen. */
  async recordCleanUp(c: CleanUp): Promise<void> {
    await this.repo.recordCleanUp(c);
  }
}
