import { SYSTEM } from "../domain/user.ts";
import type http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig, type ConfigInput } from "../config.ts";
import type { Resolver } from "../fetcher/policy.ts";
import { eventKey } from "../services/shared/eventHub.ts";
import { Ladle } from "../app/ladle.ts";
import { startChild } from "../../test/helpers/child.ts";
import { startFixtureServer, type FixtureServer } from "../../test/helpers/fixtureServer.ts";
import { openTestDatabase, type TestDatabase } from "../../test/helpers/testDb.ts";
import { PANCAKES_HTML } from "../../test/helpers/testLadle.ts";
import { waitFor } from "../../test/helpers/waitFor.ts";
import { readiness } from "../app/health.ts";

let db: TestDatabase;
let site: FixtureServer;
/** Responses a stalling route is holding open. */
const held: http.ServerResponse[] = [];
// Two "sites" on one loopback server, told apart by name (the stubbed resolver maps both to it).
const resolver: Resolver = async (host) => (host.endsWith(".test") ? ["127.0.0.1"] : []);
const origin = (host: string) => `http://${host}.test:${new URL(site.origin).port}`;

function configWith(o: ConfigInput = {}) {
  return loadConfig({
    env: {},
    file: null,
    overrides: {
      Server: { LogLevel: "silent", ...o.Server },
      Fetch: { AllowPrivateHosts: ["127.0.0.1"], PerDomainIntervalMs: 0, ...o.Fetch },
      ...(o.Ingest ? { Ingest: o.Ingest } : {}),
    },
  });
}

beforeAll(async () => {
  db = await openTestDatabase();
  site = await startFixtureServer({
    "/pancakes": { body: PANCAKES_HTML },
    "/stall": (_req, res) => void held.push(res),
  });
});
afterAll(async () => {
  for (const r of held) r.destroy();
  await site?.close();
  await db?.close();
});

async function status(ladle: Ladle, id: string): Promise<string> {
  const t = await ladle.tasks.get(id, SYSTEM);
  return t.ok ? t.value.status : "missing";
}

async function create(ladle: Ladle, url: string): Promise<string> {
  const c = await ladle.tasks.create({ agentType: "Ingest", payload: { mode: "Url", url } });
  if (!c.ok) throw new Error(c.message);
  return c.value.taskId;
}

describe("slow sites stay their own problem", () => {
  it("finishes other imports while a stalling origin's imports are still open", async () => {
    // Long timeouts keep the stall open however slow this machine is; the others must not wait for it.
    const slowConfig = configWith({ Fetch: { HeadersTimeoutMs: 120_000, TotalTimeoutMs: 120_000 } });
    const ladle = await Ladle.start({ config: slowConfig, database: db, role: "all", resolver });
    try {
      const heldBefore = held.length;
      const stalled = await Promise.all(
        [1, 2, 3, 4, 5, 6].map((i) => create(ladle, `${origin("stall")}/stall?${i}`)),
      );
      // The stalling site has taken its requests (and its per-domain slots) before the others arrive.
      await waitFor("the stall to hold requests", async () => held.length > heldBefore);
      const others = await Promise.all(
        Array.from({ length: 12 }, (_, i) => create(ladle, `${origin("fast")}/pancakes?${i}`)),
      );
      for (const id of others)
        expect(
          await waitFor(
            `task ${id}`,
            async () => ["ReviewReady", "Failed"].includes(await status(ladle, id)) && status(ladle, id),
          ),
        ).toBe("ReviewReady");
      // ...while the stall is still open: every stalled import is still waiting on it.
      expect(held.length).toBeGreaterThan(heldBefore);
      for (const id of stalled) expect(await status(ladle, id)).toBe("Running");
    } finally {
      for (const r of held.splice(0)) r.destroy();
      await ladle.stop({ graceMs: 0 });
    }
  });

  it("shares the circuit breaker across processes: five failures open it for every process", async () => {
    // The default block (30 minutes) holds while the other process starts slowly on a busy machine.
    const config = configWith({});
    const ladle = await Ladle.start({ config, database: db, role: "api", resolver });
    try {
      const breaker = ladle.gateway.breaker;
      // Threshold 5: four failures are not enough, a fifth (a timeout counts as one) opens it.
      for (let i = 0; i < 4; i++) await breaker.recordFailure("flaky.test", "HTTP_ERROR");
      expect(await breaker.blockedFor("flaky.test")).toBe(0);
      for (let i = 0; i < 4; i++) await breaker.recordFailure("slow.test", "TIMEOUT");
      expect(await breaker.blockedFor("slow.test")).toBe(0);
      expect(await breaker.recordFailure("slow.test", "TIMEOUT")).toBe(true);
      expect(await breaker.blockedFor("slow.test")).toBeGreaterThan(0);

      // Another process on the same database sees it open (and the flaky one closed).
      const probe = startChild(["breaker", db.url, "slow.test,flaky.test"]);
      await probe.exited;
      expect(Number(probe.lines[0])).toBeGreaterThan(25 * 60_000);
      expect(probe.lines[1]).toBe("0");

      // And this process's gateway refuses the domain without connecting.
      const r = await ladle.gateway.fetch(`${origin("slow")}/pancakes`);
      expect(r).toMatchObject({ ok: false, code: "CIRCUIT_OPEN" });
    } finally {
      await ladle.stop();
    }
  });
});

describe("graceful shutdown", () => {
  it("releases a running job at the end of the grace period; another worker finishes it, and its events are not replayed", async () => {
    let first = true;
    site.route("/stall-once", (_req, res) => {
      if (first) {
        first = false;
        held.push(res);
        return;
      }
      res.writeHead(200, { "content-type": "text/html" }).end(PANCAKES_HTML);
    });
    const a = await Ladle.start({ config: configWith(), database: db, role: "worker", resolver });
    const id = await create(a, `${origin("shutdown")}/stall-once`);
    await waitFor("worker A to be fetching", async () => !first);
    // SIGTERM path: stop taking jobs, give running ones the grace period, release the rest.
    await a.stop({ graceMs: 200 });
    expect(await status(a, id)).toBe("Running");

    const b = await Ladle.start({ config: configWith(), database: db, role: "worker", resolver });
    try {
      expect(await waitFor("worker B to finish", async () => (await status(b, id)) === "ReviewReady")).toBe(
        true,
      );
      // Released, not failed: the job was not charged an attempt.
      // (settled right after the handler returns)
      const job = await waitFor("the job to be settled", async () => {
        const j = (await b.queue!.newestJobs("ladle-task", [id])).get(id);
        return j && j.state !== "active" ? j : null;
      });
      expect(job.state).toBe("completed");
      // Clients see each step once although the fetch phase ran twice.
      const events = await b.events.history(id, null);
      const keys = events.map((e) => eventKey(e.type, e.data));
      expect(new Set(keys).size).toBe(keys.length);
      expect(
        events.filter((e) => e.type === "ingest.fetch.progress" && e.data.state === "started"),
      ).toHaveLength(1);
      expect(events.filter((e) => e.type === "ingest.review_ready")).toHaveLength(1);
    } finally {
      for (const r of held.splice(0)) r.destroy();
      await b.stop();
    }
  });
});

describe("an API process on the PostgreSQL server", () => {
  // Its queue loads pg-boss with the first job it sends (apiModules.process.test.ts checks that
  // nothing loads it at rest); that first job must still reach the workers, and readiness answer.
  it.runIf(process.env.DATABASE_URL)("sends its first job through a queue started by the send", async () => {
    const api = await Ladle.start({ config: configWith(), database: db, role: "api", resolver });
    const worker = await Ladle.start({ config: configWith(), database: db, role: "worker", resolver });
    try {
      expect(api.queue!.lazy).toBe(true);
      expect(() => api.queue!.boss).toThrow(/not started/);
      const id = await create(api, `${origin("lazy")}/pancakes`);
      expect(
        await waitFor("the worker to finish", async () => (await status(api, id)) === "ReviewReady"),
      ).toBe(true);
      expect((await readiness(api)).checks.queue!.ok).toBe(true);
    } finally {
      await api.stop();
      await worker.stop();
    }
  });
});
