import { SYSTEM } from "../domain/user.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { startFixtureServer, type FixtureServer } from "../../test/helpers/fixtureServer.ts";
import { openTestDatabase, type TestDatabase } from "../../test/helpers/testDb.ts";
import { PANCAKES_HTML } from "../../test/helpers/testLadle.ts";
import { Ladle } from "./ladle.ts";

let db: TestDatabase;
let site: FixtureServer;
const config = loadConfig({
  env: {},
  file: null,
  overrides: {
    Server: { LogLevel: "silent" },
    Fetch: { AllowPrivateHosts: ["127.0.0.1"], PerDomainIntervalMs: 0 },
  },
});

beforeAll(async () => {
  db = await openTestDatabase();
  site = await startFixtureServer({ "/pancakes": { body: PANCAKES_HTML } });
});
afterAll(async () => {
  await db?.close();
  await site?.close();
});

describe("queue", () => {
  it("keeps jobs across a restart: queued with no worker, finished by the next worker", async () => {
    const api = await Ladle.start({ config, database: db, role: "api" });
    const created = await api.tasks.create({
      agentType: "Ingest",
      payload: { mode: "Url", url: `${site.origin}/pancakes` },
    });
    if (!created.ok) throw new Error(created.message);
    await new Promise((r) => setTimeout(r, 300));
    expect((await api.tasks.get(created.value.taskId, SYSTEM)).ok && site.hits.get("/pancakes")).toBeFalsy();
    await api.stop();

    const worker = await Ladle.start({ config, database: db, role: "worker" });
    try {
      const end = Date.now() + 20_000;
      let status = "";
      while (Date.now() < end) {
        const t = await worker.tasks.get(created.value.taskId, SYSTEM);
        status = t.ok ? t.value.status : "";
        if (status === "ReviewReady") break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(status).toBe("ReviewReady");
    } finally {
      await worker.stop();
    }
  });
});

describe("SSRF at the task level", () => {
  it("refuses a private address when the task is created, without any connection being made", async () => {
    const strict = loadConfig({ env: {}, file: null, overrides: { Server: { LogLevel: "silent" } } });
    const ladle = await Ladle.start({ config: strict, database: db, queue: false });
    try {
      const before = site.connections;
      const created = await ladle.tasks.create({
        agentType: "Ingest",
        payload: { mode: "Url", url: `${site.origin}/pancakes` },
      });
      // Refused at create: nothing stored, nothing queued; the worker's own check stays.
      expect(created).toMatchObject({ ok: false, code: "INVALID_PAYLOAD" });
      expect(!created.ok && created.message).toMatch(/private network/);
      expect(site.connections).toBe(before);
    } finally {
      await ladle.stop();
    }
  });
});
