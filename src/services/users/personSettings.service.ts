import {
  zPersonSettings,
  type Caller,
  type PersonSettings,
  type PersonSettingsUpdate,
} from "../../domain/user.ts";
import type { UsersRepo } from "../../storage/users.repo.ts";

/**
 * A person's own settings for the web app (language, units): always the caller's own, so nobody
 * reads or changes another person's.
 */
export class PersonSettingsService {
  private readonly repo: UsersRepo;

  constructor(repo: UsersRepo) {
    this.repo = repo;
  }

  /** The caller's settings; a value the database holds but the app no longer knows reads as null. */
  async get(caller: Caller): Promise<PersonSettings> {
    const row = await this.repo.settings(caller.id);
    const parsed = zPersonSettings.safeParse({ language: row?.language ?? null, units: row?.units ?? null });
    return parsed.success ? parsed.data : { language: null, units: null };
  }

  /** Sets the fields given (null clears one) and answers the settings as they are now. */
  async update(caller: Caller, change: PersonSettingsUpdate): Promise<PersonSettings> {
    await this.repo.setSettings(caller.id, change);
    return this.get(caller);
  }
}
