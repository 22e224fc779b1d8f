import { createWriteStream } from "node:fs";
import { rename, rm } from "node:fs/promises";
import { pipeline } from "node:stream/promises";
import { createGzip, gunzipSync } from "node:zlib";
import type { Caller } from "../../domain/user.ts";
import { fail, type Result } from "../../errors.ts";
import type { PersonDataRepo } from "../../storage/personData.repo.ts";
import type { UsersService } from "./users.service.ts";

/**
 * A person's own data: all of it in one file (gzip-compressed JSON lines: a header naming them,
 * then per table a line naming it and one line per row, secrets such as password and token
 * hashes left out), and its deletion, everything of theirs, after an admin's confirmation.
 */
export class PersonDataService {
  private readonly repo: PersonDataRepo;
  private readonly users: UsersService;
  private readonly now: () => Date;

  constructor(repo: PersonDataRepo, users: UsersService, now: () => Date) {
    this.repo = repo;
    this.users = users;
    this.now = now;
  }

  /** The person `idOrName` as `caller` may see them: themselves, or anyone for an admin; else not found. */
  private async person(
    caller: Caller,
    idOrName: string,
  ): Promise<Result<{ id: string; name: string; role: string }>> {
    const found = await this.users.get(idOrName);
    if (!found.ok || (caller.role !== "admin" && found.value.id !== caller.id)) return fail("USER_NOT_FOUND");
    return { ok: true, value: found.value };
  }

  /** Writes all of a person's data to `file` (written beside it and renamed when whole). */
  async export(caller: Caller, idOrName: string, file: string): Promise<Result<{ rows: number }>> {
    const who = await this.person(caller, idOrName);
    if (!who.ok) return who;
    const partial = `${file}.partial`;
    let rows = 0;
    try {
      const out = createWriteStream(partial, { flags: "wx" });
      const gz = createGzip();
      const done = pipeline(gz, out);
      const write = async (s: string) => {
        if (!gz.write(s)) await new Promise((r) => gz.once("drain", r));
      };
      await write(
        JSON.stringify({
          ladlePersonExport: 1,
          person: { id: who.value.id, name: who.value.name },
          createdAt: this.now().toISOString(),
        }) + "\n",
      );
      await this.repo.read(who.value.id, async (table, batches) => {
        await write(JSON.stringify({ ladleTable: table }) + "\n");
        for await (const batch of batches) {
          rows += batch.length;
          await write(batch.map((r) => JSON.stringify(r)).join("\n") + "\n");
        }
      });
      await write(JSON.stringify({ ladleEnd: true, rows }) + "\n");
      gz.end();
      await done;
      await rename(partial, file);
    } catch (err) {
      await rm(partial, { force: true });
      throw err;
    }
    return { ok: true, value: { rows } };
  }

  /**
   * Deletes a person and everything of theirs. Admins only, with the person's name as
   * confirmation; never the last admin. Articles another library also holds stay for it.
   */
  async erase(
    caller: Caller,
    idOrName: string,
    confirm: string | undefined,
  ): Promise<Result<{ name: string; deleted: Record<string, number> }>> {
    const who = await this.person(caller, idOrName);
    if (!who.ok) return who;
    if (caller.role !== "admin") return fail("FORBIDDEN", "Only an admin can delete a person: ask one.");
    if (confirm !== who.value.name) return fail("CONFIRMATION_NEEDED");
    if (who.value.role === "admin") {
      const admins = (await this.users.list()).filter((u) => u.role === "admin");
      if (admins.length <= 1) return fail("LAST_ADMIN");
    }
    const deleted = await this.repo.erase(who.value.id);
    return { ok: true, value: { name: who.value.name, deleted } };
  }
}

/** Reads an export back (tests, tools): its header, then each table's rows. */
export function readPersonExport(bytes: Buffer): {
  header: Record<string, unknown>;
  tables: Record<string, Record<string, unknown>[]>;
} {
  const lines = gunzipSync(bytes).toString("utf8").split("\n").filter(Boolean);
  const header = JSON.parse(lines[0]!) as Record<string, unknown>;
  const tables: Record<string, Record<string, unknown>[]> = {};
  let current = "";
  for (const line of lines.slice(1)) {
    const v = JSON.parse(line) as Record<string, unknown>;
    if (typeof v.ladleTable === "string") tables[(current = v.ladleTable)] = [];
    else if (v.ladleEnd !== true) tables[current]!.push(v);
  }
  return { header, tables };
}
