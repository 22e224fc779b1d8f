import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "../src/api/app.ts";
import { loadConfig } from "../src/config.ts";
import { backupFile } from "../src/services/backups/index.ts";
import { Ladle } from "../src/app/ladle.ts";
import { openDatabase, type Database } from "../src/storage/db.ts";
import { pendingMigrations } from "../src/storage/migrations/index.ts";

/**
 * An install made at an older commit of this repository (028_duplicates, before 029..045), with
 * data of every family, written by that commit's own code: test/fixtures/upgrade/ladle-028.ladle,
 * and what its API answered then (answers.json). Restored and upgraded with today's migrations,
 * every record must read as it did: each field the older version answered is answered the same.
 */
const FIXTURE = new URL("./fixtures/upgrade/", import.meta.url);
const backup = new URL("ladle-028.ladle", FIXTURE).pathname;
const recorded = JSON.parse(readFileSync(new URL("answers.json", FIXTURE), "utf8")) as {
  token: string;
  answers: Record<string, { status: number; body: unknown }>;
};
const serverUrl = process.env.DATABASE_URL;
const tmp = mkdtempSync(path.join(os.tmpdir(), "ladle-upgrade-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function emptyInstall(on: "embedded" | "server"): Promise<Database & { drop(): Promise<void> }> {
  if (on === "embedded") {
    const db = await openDatabase({ dataDir: mkdtempSync(path.join(tmp, "data-")), migrate: false });
    return Object.assign(db, { drop: () => db.close() });
  }
  const name = `ladle_t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const u = new URL(serverUrl!);
  u.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: u.toString(), migrate: false });
  return Object.assign(db, {
    async drop() {
      await db.close();
      const a = new pg.Client({ connectionString: serverUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await a.end();
    },
  });
}

describe("an install from an older version", () => {
  for (const on of ["embedded", "server"] as const)
    it.runIf(on === "embedded" || serverUrl)(
      `upgrades with today's migrations and reads every record as before (${on})`,
      async () => {
        const target = await emptyInstall(on);
        try {
          const s = await backupFile(target.db).restore(backup);
          // The migrations made since ran on its data.
          expect(s.migrated).toEqual(expect.arrayContaining(["029_bookmark_origin", "045_outcome_lz4"]));
          expect(await pendingMigrations(target.db)).toEqual([]);
          const config = loadConfig({ env: {}, file: null, overrides: { Server: { LogLevel: "silent" } } });
          const ladle = await Ladle.start({ config, database: target, queue: false, role: "api" });
          const app = createApp(ladle);
          const headers = { authorization: `Bearer ${recorded.token}` };
          let compared = 0;
          for (const [p, then] of Object.entries(recorded.answers)) {
            if (then.status !== 200) continue;
            const res = await app.request(p, { headers });
            const type = res.headers.get("content-type") ?? "";
            const body = type.includes("json")
              ? await res.json()
              : Buffer.from(await res.arrayBuffer()).toString("base64");
            expect({ p, status: res.status }).toEqual({ p, status: 200 });
            if (typeof then.body === "string") expect(body).toBe(then.body);
            else expect({ p, body }).toMatchObject({ p, body: then.body as object });
            compared++;
          }
          expect(compared).toBeGreaterThan(15);
          await ladle.stop();
        } finally {
          await target.drop();
        }
      },
    );
});
