import { SYSTEM } from "../domain/user.ts";
import { createHash } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { IdempotencyRepo } from "../storage/idempotency.repo.ts";
import { startFixtureServer, type FixtureServer } from "../../test/helpers/fixtureServer.ts";
import { PANCAKES_HTML, startTestLadle, type TestLadle } from "../../test/helpers/testLadle.ts";
import { createTestUser, type TestUser } from "../../test/helpers/users.ts";

let t: TestLadle;
let site: FixtureServer;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  site = await startFixtureServer({ "/pancakes": { body: PANCAKES_HTML } });
  t = await startTestLadle();
  alice = await createTestUser(t, { name: "alice" });
  bob = await createTestUser(t, { name: "bob" });
});
afterAll(async () => {
  await t?.close();
  await site?.close();
});

const body = (path: string) => ({
  agentType: "Ingest",
  payload: { mode: "Url", url: `${site.origin}${path}` },
});
const taskCount = async () => (await t.db.db.selectFrom("tasks").select("id").execute()).length;

describe("Idempotency-Key", () => {
  it("replays the original response for the same key and body, creating nothing new", async () => {
    const h = { ...alice.headers, "idempotency-key": "retry-1" };
    const first = await t.json("POST", "/api/tasks", body("/pancakes?a"), h);
    expect(first.status).toBe(202);
    const before = await taskCount();
    const again = await t.app.request("/api/tasks", {
      method: "POST",
      headers: { "content-type": "application/json", ...h },
      body: JSON.stringify(body("/pancakes?a")),
    });
    expect(again.status).toBe(202);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.headers.get("location")).toBe(`/api/tasks/${first.body.taskId}`);
    expect(await again.json()).toEqual(first.body);
    expect(await taskCount()).toBe(before);
    // The one task still runs to the end.
    const end = Date.now() + 15_000;
    let status = "";
    while (Date.now() < end && !["ReviewReady", "Failed"].includes(status)) {
      const r = await t.ladle.tasks.get(first.body.taskId, SYSTEM);
      status = r.ok ? r.value.status : "";
      await new Promise((res) => setTimeout(res, 50));
    }
    expect(status).toBe("ReviewReady");
  });

  it("answers 422 IDEMPOTENCY_KEY_REUSED for the same key with another body, and keeps the first", async () => {
    const h = { ...alice.headers, "idempotency-key": "retry-2" };
    const first = await t.json("POST", "/api/tasks", body("/pancakes?b"), h);
    expect(first.status).toBe(202);
    const before = await taskCount();
    const other = await t.json("POST", "/api/tasks", body("/pancakes?c"), h);
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ code: "IDEMPOTENCY_KEY_REUSED" });
    expect(other.body.message).toMatch(/new key/);
    expect(await taskCount()).toBe(before);
    const replay = await t.json("POST", "/api/tasks", body("/pancakes?b"), h);
    expect(replay.body).toEqual(first.body);
  });

  it("keeps keys per caller: another user's same key is a new request", async () => {
    const key = { "idempotency-key": "shared-key" };
    const a = await t.json("POST", "/api/tasks", body("/pancakes?d"), { ...alice.headers, ...key });
    const b = await t.json("POST", "/api/tasks", body("/pancakes?d"), { ...bob.headers, ...key });
    expect(a.status).toBe(202);
    expect(b.status).toBe(202);
    expect(b.body.taskId).not.toBe(a.body.taskId);
  });

  it("replays a stored error too (a 400 stays the answer), and refuses an unusable key", async () => {
    const h = { ...alice.headers, "idempotency-key": "bad-request" };
    const first = await t.json("POST", "/api/tasks", { agentType: "Nope" }, h);
    expect(first.status).toBe(400);
    const again = await t.json("POST", "/api/tasks", { agentType: "Nope" }, h);
    expect(again).toEqual(first);
    const bad = await t.json("POST", "/api/tasks", body("/pancakes?e"), {
      ...alice.headers,
      "idempotency-key": "x".repeat(300),
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: "IDEMPOTENCY_KEY_INVALID" });
  });

  it("replays the task to a retry when the API died after creating it but before answering", async () => {
    const req = body("/pancakes?crash");
    const bodySha256 = createHash("sha256")
      .update("POST\n/api/tasks\n")
      .update(JSON.stringify(req))
      .digest("hex");
    // The first request claimed the key and committed its task; its process died before answering.
    const repo = new IdempotencyRepo(t.db.db);
    expect(
      await repo.begin({
        callerId: alice.id,
        key: "crash-1",
        method: "POST",
        path: "/api/tasks",
        bodySha256,
        expiredBefore: new Date(0),
        now: new Date(),
      }),
    ).toEqual({ claimed: true });
    const created = await t.ladle.tasks.create({
      ...req,
      requestedBy: alice.name,
      idempotency: { callerId: alice.id, key: "crash-1" },
    });
    if (!created.ok) throw new Error(created.message);
    const before = await taskCount();
    const retry = await t.json("POST", "/api/tasks", req, { ...alice.headers, "idempotency-key": "crash-1" });
    expect(retry.status).toBe(202);
    expect(retry.body.taskId).toBe(created.value.taskId);
    expect(await taskCount()).toBe(before);
  });

  it("replays the import job to a retry when the API died after creating it, even once the job failed", async () => {
    const req = { source_type: "text", source_ref: "Crash Cake\n\nIngredients\n- 1 egg\n\nMethod\n1. Bake." };
    const bodySha256 = createHash("sha256")
      .update("POST\n/v1/import\n")
      .update(JSON.stringify(req))
      .digest("hex");
    const repo = new IdempotencyRepo(t.db.db);
    expect(
      await repo.begin({
        callerId: alice.id,
        key: "import-crash-1",
        method: "POST",
        path: "/v1/import",
        bodySha256,
        expiredBefore: new Date(0),
        now: new Date(),
      }),
    ).toEqual({ claimed: true });
    // The first request's job (and its answer) committed; its process died before answering.
    const created = await t.ladle.imports.start(alice.id, req as never, {
      idempotency: { callerId: alice.id, key: "import-crash-1" },
    });
    if (!created.ok) throw new Error(created.message);
    // Its job then failed: a new submission of the same source would make a second job, so
    // only the stored answer keeps the retry from duplicating it.
    await t.ladle.imports.repo.fail(created.job.id, "extraction_failed", "failed meanwhile", {}, new Date());
    const jobs = async () => (await t.db.db.selectFrom("import_jobs").select("id").execute()).length;
    const before = await jobs();
    const retry = await t.app.request("/v1/import", {
      method: "POST",
      headers: { "content-type": "application/json", ...alice.headers, "idempotency-key": "import-crash-1" },
      body: JSON.stringify(req),
    });
    expect(retry.status).toBe(202);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(((await retry.json()) as { id: string }).id).toBe(created.job.id);
    expect(await jobs()).toBe(before);
  });

  it("stores an import's answer once, in the transaction that creates the job", async () => {
    const complete = vi.spyOn(IdempotencyRepo.prototype, "complete");
    try {
      const h = { ...alice.headers, "idempotency-key": "import-once-1" };
      const req = {
        source_type: "text",
        source_ref: "Once Cake\n\nIngredients\n- 1 egg\n\nMethod\n1. Bake.",
      };
      const first = await t.json("POST", "/v1/import", req, h);
      expect(first.status).toBe(202);
      expect(complete).toHaveBeenCalledTimes(1);
      const replay = await t.app.request("/v1/import", {
        method: "POST",
        headers: { "content-type": "application/json", ...h },
        body: JSON.stringify(req),
      });
      expect(replay.headers.get("idempotent-replayed")).toBe("true");
      expect(replay.headers.get("location")).toBe(`/v1/import/${first.body.id}`);
      expect(await replay.json()).toEqual(first.body);
      expect(complete).toHaveBeenCalledTimes(1);
    } finally {
      complete.mockRestore();
    }
  });

  it("leaves requests without the header alone: two posts, two tasks, no idempotency statement", async () => {
    const spies = (["begin", "complete", "abandon", "takeOver"] as const).map((m) =>
      vi.spyOn(IdempotencyRepo.prototype, m),
    );
    try {
      const before = await taskCount();
      await t.json("POST", "/api/tasks", body("/pancakes?f"), alice.headers);
      await t.json("POST", "/api/tasks", body("/pancakes?f"), alice.headers);
      expect(await taskCount()).toBe(before + 2);
      for (const s of spies) expect(s).not.toHaveBeenCalled();
    } finally {
      for (const s of spies) s.mockRestore();
    }
  });

  it("stores a task's answer once, in the task's own statement, not again after it", async () => {
    const complete = vi.spyOn(IdempotencyRepo.prototype, "complete");
    const claimAnswered = vi.spyOn(IdempotencyRepo.prototype, "claimAnswered");
    const storedByTask = vi.spyOn(IdempotencyRepo.prototype, "stored");
    try {
      const h = { ...alice.headers, "idempotency-key": "once-1" };
      const first = await t.json("POST", "/api/tasks", body("/pancakes?once"), h);
      expect(first.status).toBe(202);
      // Written once, by the statement that creates the task (no statement of its own); the
      // middleware does not write it again.
      expect(complete).not.toHaveBeenCalled();
      expect(storedByTask).toHaveBeenCalledTimes(1);
      const replay = await t.json("POST", "/api/tasks", body("/pancakes?once"), h);
      expect(replay.body).toEqual(first.body);
      // A route that does not store its own answer still has it stored by the middleware, once.
      const bad = await t.json(
        "POST",
        "/api/tasks",
        { agentType: "Nope" },
        { ...h, "idempotency-key": "once-2" },
      );
      expect(bad.status).toBe(400);
      // A task submit's refusal is claimed and stored in one statement.
      expect(claimAnswered).toHaveBeenCalledTimes(1);
      expect(complete).not.toHaveBeenCalled();
      const replayed = await t.json(
        "POST",
        "/api/tasks",
        { agentType: "Nope" },
        { ...h, "idempotency-key": "once-2" },
      );
      expect([replayed.status, replayed.body]).toEqual([400, bad.body]);
    } finally {
      claimAnswered.mockRestore();
      complete.mockRestore();
      storedByTask.mockRestore();
    }
  });

  it("creates a task, its queue job and its answer in one statement, no transaction", async () => {
    // The in-process worker may take the new job and open transactions of its own before the
    // answer arrives: only a transaction opened by the submit itself counts.
    const begin = t.db.db.transaction.bind(t.db.db);
    const openedBy: string[] = [];
    const trx = vi.spyOn(t.db.db, "transaction").mockImplementation(() => {
      openedBy.push(new Error().stack ?? "");
      return begin();
    });
    try {
      const h = { ...alice.headers, "idempotency-key": "one-statement-1" };
      const first = await t.json("POST", "/api/tasks", body("/pancakes?one"), h);
      expect(first.status).toBe(202);
      expect(openedBy.filter((stack) => stack.includes("TaskService.create"))).toEqual([]);
      const taskId = (first.body as { taskId: string }).taskId;
      // The job is the queue's own row, keyed by the task; the answer is stored for a retry.
      const job = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM pgboss.job WHERE singleton_key = ${taskId}`.execute(t.db.db);
      expect(job.rows[0]!.n).toBe(1);
      const key = await t.db.db
        .selectFrom("idempotency_keys")
        .select(["status", "response_body"])
        .where("key", "=", "one-statement-1")
        .executeTakeFirstOrThrow();
      expect(key.status).toBe(202);
      expect(JSON.parse(key.response_body!)).toEqual(first.body);
    } finally {
      trx.mockRestore();
    }
  });

  it("claims a task submit's key in the task's own statement: one statement, the answer stored", async () => {
    const begin = vi.spyOn(IdempotencyRepo.prototype, "begin");
    try {
      const h = { ...alice.headers, "idempotency-key": "claim-in-task-1" };
      const first = await t.json("POST", "/api/tasks", body("/pancakes?claim"), h);
      expect(first.status).toBe(202);
      expect(begin).not.toHaveBeenCalled();
      const key = await t.db.db
        .selectFrom("idempotency_keys")
        .select(["status", "response_body"])
        .where("key", "=", "claim-in-task-1")
        .executeTakeFirstOrThrow();
      expect(key.status).toBe(202);
      expect(JSON.parse(key.response_body!)).toEqual(first.body);
      // The same key again: the stored answer, no second task.
      const before = await taskCount();
      const again = await t.json("POST", "/api/tasks", body("/pancakes?claim"), h);
      expect(again.body).toEqual(first.body);
      expect(await taskCount()).toBe(before);
    } finally {
      begin.mockRestore();
    }
  });

  it("answers two submits sent at once with one key with one task", async () => {
    const before = await taskCount();
    const h = { ...alice.headers, "idempotency-key": "at-once-1" };
    const [a, b] = await Promise.all([
      t.json("POST", "/api/tasks", body("/pancakes?at-once"), h),
      t.json("POST", "/api/tasks", body("/pancakes?at-once"), h),
    ]);
    expect([a.status, b.status]).toEqual([202, 202]);
    expect(a.body).toEqual(b.body);
    expect(await taskCount()).toBe(before + 1);
  });

  it("lets a key be used afresh once its record expired, in one claim", async () => {
    const repo = new IdempotencyRepo(t.db.db);
    const k = { callerId: bob.id, key: "expiring", method: "POST", path: "/api/tasks" };
    const t0 = new Date(Date.now() - 3_600_000);
    expect(await repo.begin({ ...k, bodySha256: "a", expiredBefore: new Date(0), now: t0 })).toEqual({
      claimed: true,
    });
    await repo.complete(bob.id, "expiring", { status: 201, headers: {}, body: "first" });
    // Still alive: the stored answer, whatever the body.
    const alive = await repo.begin({ ...k, bodySha256: "b", expiredBefore: new Date(0), now: new Date() });
    expect(alive).toMatchObject({ claimed: false, record: { bodySha256: "a", status: 201, body: "first" } });
    // Expired: claimed again, the old answer gone.
    const now = new Date();
    expect(
      await repo.begin({ ...k, bodySha256: "b", expiredBefore: new Date(t0.getTime() + 1), now }),
    ).toEqual({
      claimed: true,
    });
    const again = await repo.begin({ ...k, bodySha256: "b", expiredBefore: new Date(0), now: new Date() });
    expect(again).toEqual({
      claimed: false,
      record: { bodySha256: "b", status: null, headers: {}, body: null, createdAt: now },
    });
  });
});
