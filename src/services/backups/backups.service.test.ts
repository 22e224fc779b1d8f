import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { NewerDatabaseError, openDatabase } from "../../storage/db.ts";
import { executedMigrations, migrateOnly, pendingMigrations } from "../../storage/migrations/index.ts";
import { BackupRepo } from "../../storage/backup.repo.ts";
import { BackupService } from "./backups.service.ts";
import { Ladle } from "../../app/ladle.ts";
import { startTestLadle, type TestLadle } from "../../../test/helpers/testLadle.ts";
import { createTestUser, type TestUser } from "../../../test/helpers/users.ts";

const tmp = mkdtempSync(path.join(os.tmpdir(), "ladle-backups-"));
const silent = { Server: { LogLevel: "silent" as const } };

describe("the server's backups", () => {
  let t: TestLadle;
  let admin: TestUser;
  let cook: TestUser;
  const dir = path.join(tmp, "backups");

  beforeAll(async () => {
    t = await startTestLadle({ worker: false, config: { Backups: { Dir: dir, Keep: 2, Schedule: "" } } });
    admin = await createTestUser(t, { name: "admin", role: "admin" });
    cook = await createTestUser(t, { name: "cook" });
    expect((await t.json("POST", "/api/pantry", { name: "salt" }, cook.headers)).status).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("lets an admin back up now, list the backups and download one that holds the data", async () => {
    const empty = await t.json("GET", "/api/backups", undefined, admin.headers);
    expect(empty).toMatchObject({ status: 200, body: { backups: [], schedule: null, keep: 2, folder: dir } });
    const made = await t.json("POST", "/api/backups", undefined, admin.headers);
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      reason: "manual",
      name: expect.stringMatching(/^ladle-.*-manual\.ladle$/),
    });
    const list = await t.json("GET", "/api/backups", undefined, admin.headers);
    expect(list.body.backups).toEqual([made.body]);
    const res = await t.app.request(`/api/backups/${made.body.name}`, { headers: admin.headers });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain(made.body.name);
    const text = gunzipSync(Buffer.from(await res.arrayBuffer())).toString("utf8");
    expect(JSON.parse(text.split("\n")[0]!)).toMatchObject({ ladleBackup: 1 });
    expect(text).toContain('"salt"');
  });

  it("answers a cook 403 and a name that is not a backup 404", async () => {
    expect((await t.json("GET", "/api/backups", undefined, cook.headers)).status).toBe(403);
    expect((await t.json("POST", "/api/backups", undefined, cook.headers)).status).toBe(403);
    const name = (await t.json("GET", "/api/backups", undefined, admin.headers)).body.backups[0].name;
    expect((await t.json("GET", `/api/backups/${name}`, undefined, cook.headers)).status).toBe(403);
    for (const bad of ["nope.ladle", "..%2F..%2Fetc%2Fpasswd", "ladle-20260101T000000Z-manual.ladle"])
      expect(await t.json("GET", `/api/backups/${bad}`, undefined, admin.headers)).toMatchObject({
        status: 404,
        body: { code: "BACKUP_NOT_FOUND" },
      });
  });

  it("keeps the last Backups:Keep scheduled backups", async () => {
    let clock = new Date("2026-03-01T03:00:00Z");
    const backups = new BackupService({
      repo: new BackupRepo(t.db.db),
      config: t.ladle.config,
      database: "embedded",
      now: () => clock,
      log: t.ladle.log,
    });
    const made: string[] = [];
    for (let day = 0; day < 3; day++) {
      clock = new Date(clock.getTime() + 86_400_000);
      const r = await backups.scheduled();
      made.push(r.made.name);
      expect(r.deleted).toEqual(day === 2 ? [made[0]] : []);
    }
    const left = (await backups.list()).filter((b) => b.reason === "scheduled").map((b) => b.name);
    expect(left).toEqual([made[2], made[1]]);
    // the admin's own backup is not the schedule's to delete
    expect((await backups.list()).some((b) => b.reason === "manual")).toBe(true);
  });
});

/** A small tmpfs for the backups folder, when this machine lets us mount one (as root). */
function mountTmpfs(at: string, size: string): boolean {
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${size}`, "tmpfs", at], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}
const full = path.join(tmp, "full");
execFileSync("mkdir", ["-p", full]);
/** Whether this machine lets the test mount a tmpfs (root): tried once, on the folder, and undone. */
const canMount = mountTmpfs(full, "1m") && (execFileSync("umount", [full]), true);

describe.skipIf(!canMount)("a full disk (a 1 MB tmpfs as the backups folder)", () => {
  let t: TestLadle;
  let admin: TestUser;

  beforeAll(async () => {
    expect(mountTmpfs(full, "1m")).toBe(true);
    t = await startTestLadle({ worker: false, config: { Backups: { Dir: full, Schedule: "" } } });
    admin = await createTestUser(t, { name: "admin", role: "admin" });
    // Enough rows that the backup cannot fit in what is left.
    for (let i = 0; i < 40; i++)
      await t.json("POST", "/api/pantry", { name: `spice ${i} ${"x".repeat(200)}` }, admin.headers);
    await t.ladle.blobs.put("big", randomBytes(300_000), "application/octet-stream");
    writeFileSync(path.join(full, "filler"), Buffer.alloc(900 * 1024));
  });
  afterAll(async () => {
    await t?.close();
    execFileSync("umount", [full]);
  });

  it("refuses the backup with a message, leaves no half file, and loses nothing", async () => {
    const before = (await sql<{ n: string }>`SELECT count(*)::text AS n FROM pantry_items`.execute(t.db.db))
      .rows[0]!.n;
    const r = await t.json("POST", "/api/backups", undefined, admin.headers);
    expect(r.status).toBe(507);
    expect(r.body).toMatchObject({
      code: "BACKUP_WRITE_FAILED",
      message: expect.stringMatching(/disk is full/),
    });
    expect(readdirSync(full)).toEqual(["filler"]);
    expect((await t.json("GET", "/api/backups", undefined, admin.headers)).body.backups).toEqual([]);
    const after = (await sql<{ n: string }>`SELECT count(*)::text AS n FROM pantry_items`.execute(t.db.db))
      .rows[0]!.n;
    expect(after).toBe(before);
    // and once there is room, the same request succeeds
    rmSync(path.join(full, "filler"));
    expect((await t.json("POST", "/api/backups", undefined, admin.headers)).status).toBe(201);
  });
});

describe("upgrades", () => {
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it("backs up before a migration run on an install with data, then migrates", async () => {
    const dataDir = path.join(tmp, "older");
    const config = loadConfig({
      env: {},
      file: null,
      overrides: { ...silent, Server: { ...silent.Server, DataDir: dataDir } },
    });
    // An install one migration behind, holding a recipe.
    const db = await openDatabase({ dataDir, migrate: false });
    const last = (await pendingMigrations(db.db)).at(-1)!;
    await migrateOnly(
      db.db,
      (await pendingMigrations(db.db)).filter((n) => n !== last),
    );
    await sql`INSERT INTO blobs (key, content_type, size, sha256, data, created_at)
      VALUES ('note', 'text/plain', 1, 'x', '\\x41'::bytea, now())`.execute(db.db);
    await db.close();
    const ladle = await Ladle.start({ config, queue: false, role: "api" });
    try {
      expect(await executedMigrations(ladle.database.db)).toContain(last);
      const list = await ladle.backups.list();
      expect(list.map((b) => b.reason)).toEqual(["before-upgrade"]);
    } finally {
      await ladle.stop();
    }
  });

  it("refuses to start on a database a newer Ladle upgraded, saying what to do", async () => {
    const dataDir = path.join(tmp, "newer");
    const db = await openDatabase({ dataDir });
    await sql`INSERT INTO ladle_migrations (name, timestamp) VALUES ('999_from_the_future', now()::text)`.execute(
      db.db,
    );
    await db.close();
    const err = await openDatabase({ dataDir }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NewerDatabaseError);
    expect((err as Error).message).toMatch(
      /newer version of Ladle.*999_from_the_future.*Start the newer version again/,
    );
    // the refusal closed what it opened: the data directory opens again without migrating
    const again = await openDatabase({ dataDir, migrate: false });
    await again.close();
  });
});
