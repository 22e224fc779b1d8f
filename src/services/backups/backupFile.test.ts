import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync, gunzipSync } from "node:zlib";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../api/app.ts";
import { loadConfig } from "../../config.ts";
import { BackupRepo } from "../../storage/backup.repo.ts";
import { openDatabase, type Database } from "../../storage/db.ts";
import { executedMigrations } from "../../storage/migrations/index.ts";
import { BackupError, withoutSecrets } from "./backupFile.ts";
import { backupFile } from "./index.ts";
import { Ladle } from "../../app/ladle.ts";
import { PANCAKES_VERBATIM_HTML, startTestLadle, type TestLadle } from "../../../test/helpers/testLadle.ts";
import { createTestUser, type TestUser } from "../../../test/helpers/users.ts";
import { startFixtureServer, type FixtureServer } from "../../../test/helpers/fixtureServer.ts";
import { articlePage, PNG_1x1 } from "../../../test/helpers/articlePages.ts";

/**
 * A backup of an install with data of every family, restored into a fresh install, answers every
 * list and every record the same; on the embedded database, and with DATABASE_URL on the
 * PostgreSQL server and across the two (PostgreSQL → PGlite → PostgreSQL).
 */

const serverUrl = process.env.DATABASE_URL;
const tmp = mkdtempSync(path.join(os.tmpdir(), "ladle-backup-test-"));

/** An empty install: a fresh data directory, or a new database on the server (nothing migrated). */
async function emptyInstall(on: "embedded" | "server"): Promise<Database & { drop(): Promise<void> }> {
  if (on === "embedded") {
    const dir = mkdtempSync(path.join(tmp, "data-"));
    const db = await openDatabase({ dataDir: dir, migrate: false });
    return Object.assign(db, { drop: async () => db.close() });
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

/** Every row of every table, in its text form, sorted: two installs hold the same iff these are equal. */
async function everyRow(db: Database): Promise<Record<string, string[]>> {
  return new BackupRepo(db.db).snapshot(async (s) => {
    const out: Record<string, string[]> = {};
    for (const t of await s.tables()) {
      const rows: string[] = [];
      // When a token was last used moves with the reads made of a restored install (it is written at
      // most once a minute, so a slow machine sees it move): everything else must come back as it was.
      const lastUsed = t.name === "api_tokens" ? t.columns.indexOf("last_used_at") : -1;
      for await (const batch of s.rows(t, 500))
        rows.push(
          ...batch.map((r) =>
            JSON.stringify(lastUsed < 0 ? r : r.map((v, i) => (i === lastUsed ? null : v))),
          ),
        );
      out[t.name] = rows.sort();
    }
    return out;
  });
}

/** Waits for a condition (expect.poll cannot run in a hook), checking again after each answer. */
async function until(cond: () => Promise<boolean>, tries = 2000): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (await cond()) return;
    await new Promise((r) => setImmediate(r));
  }
  throw new Error("the condition never held");
}

describe("ladle backup and ladle restore", () => {
  let t: TestLadle;
  let site: FixtureServer;
  let alice: TestUser;
  const ids: Record<string, string> = {};
  /** What alice's reads answer on the original install. */
  const answers = new Map<string, unknown>();
  let readPaths: string[] = [];
  let rowsBefore: Record<string, string[]>;
  const file = path.join(tmp, "b.ladle");

  beforeAll(async () => {
    site = await startFixtureServer({
      "/pancakes": { body: PANCAKES_VERBATIM_HTML },
      "/waffles": { body: PANCAKES_VERBATIM_HTML.replaceAll("Pancakes", "Waffles") },
      "/bread": { body: articlePage({ body: '<figure><img src="/img/loaf.png" alt="The loaf"></figure>' }) },
      "/img/loaf.png": { headers: { "content-type": "image/png" }, body: PNG_1x1 },
      "/bookmark": { body: "<html><head><title>A page</title></head><body><p>Hello</p></body></html>" },
    });
    t = await startTestLadle();
    alice = await createTestUser(t, { name: "alice" });
    const as = (method: string, p: string, body?: unknown) => t.json(method, p, body, alice.headers);
    const task = async (p: string) => {
      const r = await as("POST", "/api/tasks", {
        agentType: "Ingest",
        payload: { mode: "Url", url: `${site.origin}${p}` },
      });
      expect(r.status).toBe(202);
      await t.waitTask(r.body.taskId, (s) => s === "ReviewReady", 60_000, alice.headers);
      return r.body.taskId as string;
    };
    // A recipe with two versions, and a draft waiting for review.
    ids.committedTask = await task("/pancakes");
    const commit = await as("POST", "/api/recipes/import", {
      taskId: ids.committedTask,
      acknowledgeGuardrail: true,
    });
    expect(commit.status).toBe(200);
    ids.recipe = commit.body.recipe.id;
    const edit = await as("PATCH", `/api/recipes/${ids.recipe}`, { changes: { servings: 6 } });
    expect(edit.status).toBe(200);
    ids.draftTask = await task("/waffles");
    // An upload and its import job.
    const up = await t.app.request("/v1/uploads", {
      method: "POST",
      headers: { ...alice.headers, "content-type": "text/plain" },
      body: "Toast\n\nIngredients\n2 slices bread\n1 tbsp butter\n\nMethod\n1. Toast the bread.\n2. Butter it.",
    });
    expect(up.status).toBe(201);
    const job = await as("POST", "/v1/import", {
      source_type: "text",
      source_ref: ((await up.json()) as { token: string }).token,
    });
    ids.importJob = job.body.job_id ?? job.body.id;
    await until(
      async () =>
        !/queued|running|pending/i.test((await as("GET", `/v1/import/${ids.importJob}`)).body.status),
    );
    // A bookmark, an article with a proxied image.
    const item = await as("POST", "/api/v1/items", { url: `${site.origin}/bookmark` });
    ids.item = item.body.id ?? item.body.item?.id;
    const art = await as("POST", "/media/web-articles", { url: `${site.origin}/bread` });
    expect(art.status).toBe(202);
    ids.media = art.body.data.id;
    await until(
      async () =>
        (await as("GET", `/media/${ids.media}`)).body.data?.processing_status === "ready_for_reading",
    );
    const frags = await as("GET", `/media/${ids.media}/fragments`);
    ids.image = /\/api\/images\/([0-9a-f-]+)/.exec(frags.body.data.fragments[0].html_sanitized)![1]!;
    // The kitchen, a library, a webhook.
    ids.plan = (await as("POST", "/api/plans", { day: "2026-06-01", recipeId: ids.recipe })).body.id;
    ids.list = (await as("POST", "/api/shopping-lists", { recipes: [{ recipeId: ids.recipe }] })).body.id;
    expect((await as("POST", "/api/pantry", { name: "salt" })).status).toBe(201);
    ids.library = (await as("POST", "/api/libraries", { name: "Alice's kitchen" })).body.id;
    const hook = await as("POST", "/api/webhooks", {
      url: `${site.origin}/hook`,
      events: ["recipe.updated"],
    });
    expect(hook.status).toBe(201);
    ids.webhook = hook.body.id;

    readPaths = [
      "/api/recipes",
      `/api/recipes/${ids.recipe}`,
      `/api/recipes/${ids.recipe}/versions`,
      "/api/tasks",
      `/api/tasks/${ids.draftTask}`,
      `/api/tasks/${ids.committedTask}/artifacts`,
      `/v1/import/${ids.importJob}`,
      "/api/v1/items",
      `/api/v1/items/${ids.item}`,
      "/media",
      `/media/${ids.media}`,
      `/media/${ids.media}/fragments`,
      `/api/images/${ids.image}`,
      "/api/plans?from=2026-06-01&to=2026-06-07",
      "/api/shopping-lists",
      `/api/shopping-lists/${ids.list}`,
      "/api/pantry",
      "/api/libraries",
      `/api/libraries/${ids.library}`,
      "/api/webhooks",
      `/api/webhooks/${ids.webhook}`,
      "/api/search?q=pancakes",
    ];
    for (const p of readPaths) answers.set(p, await read(t.app, p));
    rowsBefore = await everyRow(t.db);
    const summary = await backupFile(t.db.db).write(file, {
      database: t.db.kind,
      config: t.ladle.config,
      now: new Date(),
    });
    expect(summary.rows).toBeGreaterThan(20);
  });

  afterAll(async () => {
    await t?.close();
    await site?.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  async function read(app: ReturnType<typeof createApp>, p: string): Promise<unknown> {
    const res = await app.request(p, { headers: alice.headers });
    const type = res.headers.get("content-type") ?? "";
    const body = type.includes("json")
      ? await res.json()
      : Buffer.from(await res.arrayBuffer()).toString("base64");
    return { status: res.status, body };
  }

  /** Restores `from` into a new empty install on `on`, checks it answers as the original did. */
  async function restoreAndCompare(from: string, on: "embedded" | "server"): Promise<string> {
    const target = await emptyInstall(on);
    try {
      const s = await backupFile(target.db).restore(from);
      expect(s.migrated).toEqual([]);
      expect(await everyRow(target)).toEqual(rowsBefore);
      const config = loadConfig({ env: {}, file: null, overrides: { Server: { LogLevel: "silent" } } });
      const ladle = await Ladle.start({ config, database: target, queue: false, role: "api" });
      const app = createApp(ladle);
      for (const p of readPaths)
        expect({ p, ...((await read(app, p)) as object) }).toEqual({ p, ...(answers.get(p) as object) });
      // A backup of the restored install, for the way back.
      const again = path.join(tmp, `from-${on}-${randomBytes(3).toString("hex")}.ladle`);
      await backupFile(target.db).write(again, { database: target.kind, config, now: new Date() });
      return again;
    } finally {
      await target.drop();
    }
  }

  it("restores into a fresh data directory: every list and record answers the same", async () => {
    await restoreAndCompare(file, "embedded");
  });

  it.runIf(serverUrl)("goes from PostgreSQL to PGlite and back", async () => {
    const fromPglite = await restoreAndCompare(file, "embedded");
    await restoreAndCompare(fromPglite, "server");
  });

  it("keeps the schema version and leaves the secrets out", () => {
    const header = JSON.parse(gunzipSync(readFileSync(file)).toString("utf8").split("\n")[0]!);
    expect(header.migrations).toContain("001_init");
    expect(JSON.stringify(header.config)).not.toMatch(/Bearer|sk-/);
    expect(
      withoutSecrets({ Llm: { ApiKey: "sk-123" }, Server: { DatabaseUrl: "postgres://u:pw@h/db", Port: 3 } }),
    ).toEqual({
      Llm: { ApiKey: "(secret, not in the backup)" },
      Server: { DatabaseUrl: "(secret, not in the backup)", Port: 3 },
    });
  });

  it("refuses an install that holds data unless told, then replaces it", async () => {
    const target = await emptyInstall("embedded");
    try {
      await backupFile(target.db).restore(file);
      await expect(backupFile(target.db).restore(file)).rejects.toMatchObject({
        code: "NOT_EMPTY",
        message: /--force/,
      });
      await backupFile(target.db).restore(file, { force: true });
      expect(await everyRow(target)).toEqual(rowsBefore);
    } finally {
      await target.drop();
    }
  });

  it("restores nothing from a file cut short, and says so", async () => {
    const whole = gunzipSync(readFileSync(file));
    const cut = path.join(tmp, "cut.ladle");
    writeFileSync(cut, gzipSync(whole.subarray(0, Math.floor(whole.length * 0.6))));
    const target = await emptyInstall("embedded");
    try {
      const err = await backupFile(target.db)
        .restore(cut)
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(BackupError);
      expect((err as BackupError).code).toBe("BACKUP_CUT_SHORT");
      expect(await new BackupRepo(target.db).tablesWithData()).toEqual([]);
      // and the same install takes the whole file afterwards
      await backupFile(target.db).restore(file);
      expect((await everyRow(target)).recipes).toEqual(rowsBefore.recipes);
    } finally {
      await target.drop();
    }
  });

  it("refuses a backup from a newer version, and a file that is not a backup", async () => {
    const lines = gunzipSync(readFileSync(file)).toString("utf8").split("\n");
    const header = JSON.parse(lines[0]!);
    header.migrations.push("999_from_the_future");
    const newer = path.join(tmp, "newer.ladle");
    writeFileSync(newer, gzipSync([JSON.stringify(header), ...lines.slice(1)].join("\n")));
    const target = await emptyInstall("embedded");
    try {
      await expect(backupFile(target.db).restore(newer)).rejects.toMatchObject({
        code: "NEWER_BACKUP",
        message: /newer version/,
      });
      const junk = path.join(tmp, "junk.ladle");
      writeFileSync(junk, gzipSync("hello"));
      await expect(backupFile(target.db).restore(junk)).rejects.toMatchObject({ code: "NOT_A_BACKUP" });
      expect(await executedMigrations(target.db)).toEqual([]);
    } finally {
      await target.drop();
    }
  });
});
