import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestLadle, type TestLadle } from "../../../test/helpers/testLadle.ts";
import { createTestUser } from "../../../test/helpers/users.ts";

let t: TestLadle;

beforeAll(async () => {
  t = await startTestLadle({ worker: false });
});
afterAll(async () => {
  await t?.close();
});

describe("health and operations", () => {
  it("answers /healthz and /readyz with the database, queue and migrations checked", async () => {
    expect(await t.json("GET", "/healthz")).toEqual({ status: 200, body: { status: "ok" } });
    const ready = await t.json("GET", "/readyz");
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({
      status: "ready",
      checks: { database: { ok: true }, queue: { ok: true }, migrations: { ok: true } },
    });
  });

  it("shows waiting work per family and paused sites on /api/ops/status", async () => {
    await t.json("POST", "/api/tasks", {
      agentType: "Ingest",
      payload: { mode: "Url", url: "https://recipes.example/waiting" },
    });
    for (let i = 0; i < 5; i++) await t.ladle.gateway.breaker.recordFailure("stalling.example", "TIMEOUT");
    const s = await t.json("GET", "/api/ops/status");
    expect(s.status).toBe(200);
    expect(s.body.ready).toBe(true);
    expect(s.body.queues).toContainEqual(
      expect.objectContaining({ family: "ladle-task", waiting: 1, running: 0 }),
    );
    expect(s.body.pausedSites).toEqual([expect.objectContaining({ domain: "stalling.example" })]);
  });

  it("lets only admins run the reconciler on demand", async () => {
    const admin = await createTestUser(t, { name: "ops-admin", role: "admin" });
    const cook = await createTestUser(t, { name: "ops-cook" });
    expect((await t.json("POST", "/api/ops/reconcile", undefined, cook.headers)).status).toBe(403);
    const r = await t.json("POST", "/api/ops/reconcile", undefined, admin.headers);
    expect(r.status).toBe(200);
    expect(r.body.families.tasks).toEqual({ requeued: 0, failed: 0 });
  });

  it("answers 503 on /readyz when the queue is unreachable", async () => {
    await t.ladle.queue!.stop({ graceful: false });
    const r = await t.json("GET", "/readyz");
    expect(r.status).toBe(503);
    expect(r.body).toMatchObject({
      status: "not ready",
      checks: { queue: { ok: false }, database: { ok: true } },
    });
  });
});
