import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestLadle, type TestLadle } from "../../test/helpers/testLadle.ts";
import { createTestUser } from "../../test/helpers/users.ts";
import { UsersService } from "../services/users/users.service.ts";
import { UsersRepo } from "../storage/users.repo.ts";

let t: TestLadle;
beforeAll(async () => {
  t = await startTestLadle({
    config: { Auth: { Users: [{ name: "ada", role: "user", token: "ada-token-0123456789" }] } },
    worker: false,
  });
});
afterAll(async () => t?.close());

const ada = { authorization: "Bearer ada-token-0123456789" };

describe("bearer tokens", () => {
  it("requires a valid token once users are configured", async () => {
    const none = await t.json("GET", "/api/recipes");
    expect(none).toMatchObject({ status: 401, body: { code: "UNAUTHORIZED" } });
    const wrong = await t.json("GET", "/api/recipes", undefined, { authorization: "Bearer nope" });
    expect(wrong.status).toBe(401);
    const ok = await t.json("GET", "/api/recipes", undefined, ada);
    expect(ok.status).toBe(200);
  });

  it("records who asked for a task", async () => {
    const r = await t.json(
      "POST",
      "/api/tasks",
      { agentType: "Ingest", payload: { mode: "Url", url: "http://127.0.0.1:9/x" } },
      ada,
    );
    expect(r.status).toBe(202);
    const task = await t.json("GET", `/api/tasks/${r.body.taskId}`, undefined, ada);
    // Ownership columns store the database user id.
    const adaUser = await t.ladle.users.get("ada");
    expect(task.body.metadata.requestedBy).toBe(adaUser.ok && adaUser.value.id);
  });

  it("keeps config users in the database, their token only as a SHA-256 hash, seeding idempotently", async () => {
    const me = await t.json("GET", "/api/libraries", undefined, ada);
    expect(me.body.user).toMatchObject({ name: "ada", role: "user" });
    expect(me.body.user.id).toMatch(/^[0-9a-f-]{36}$/);
    // Seeding again (another start) changes nothing; a new config token replaces the old one.
    await t.ladle.users.seed([{ name: "ada", role: "user", token: "ada-token-0123456789" }]);
    const rows = await t.ladle.database.db.selectFrom("api_tokens").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(UsersService.hashToken("ada-token-0123456789"));
    expect(JSON.stringify(rows)).not.toContain("ada-token-0123456789");
    expect(rows[0]!.last_used_at).not.toBeNull();
    expect((await t.ladle.users.list()).filter((u) => u.name === "ada")).toHaveLength(1);
  });

  it("authenticates tokens issued to database users, and rejects them once revoked", async () => {
    const bob = await createTestUser(t, { name: "bob" });
    const r = await t.json("GET", "/api/libraries", undefined, bob.headers);
    expect(r.status).toBe(200);
    expect(r.body.user).toEqual({ id: bob.id, name: "bob", role: "user" });
    expect(r.body.libraries).toEqual([
      expect.objectContaining({ id: bob.defaultLibraryId, isDefault: true, role: "admin" }),
    ]);
    const [token] = await t.ladle.users.tokens(bob.id);
    expect(await t.ladle.users.revokeToken(bob.id, token!.id)).toBe(true);
    expect((await t.json("GET", "/api/libraries", undefined, bob.headers)).status).toBe(401);
  });

  it("refuses a taken or malformed user name with a code that says what to do", async () => {
    expect(await t.ladle.users.create({ name: "ada" })).toMatchObject({ ok: false, code: "USER_EXISTS" });
    expect(await t.ladle.users.create({ name: "a b" })).toMatchObject({ ok: false, code: "INVALID_USER" });
    expect(await t.ladle.users.create({ name: "local" })).toMatchObject({ ok: false, code: "INVALID_USER" });
  });
});

describe("loopback single-admin mode", () => {
  it("acts as a real local admin with a default library until the first user exists", async () => {
    const open = await startTestLadle({ worker: false });
    try {
      const r = await open.json("GET", "/api/libraries");
      expect(r.status).toBe(200);
      expect(r.body.user).toMatchObject({ name: "local", role: "admin" });
      const local = await open.ladle.users.get("local");
      expect(local.ok && local.value.id).toBe(r.body.user.id);
      expect(r.body.libraries[0]).toMatchObject({
        id: await open.ladle.users.defaultLibraryId(r.body.user.id),
        isDefault: true,
      });
      const cy = await createTestUser(open, { name: "cy", role: "admin" });
      expect((await open.json("GET", "/api/libraries")).status).toBe(401);
      expect((await open.json("GET", "/api/libraries", undefined, cy.headers)).status).toBe(200);
    } finally {
      await open.close();
    }
  });

  it("does not ask the database whether users exist on every request, yet sees another process's user", async () => {
    const open = await startTestLadle({ worker: false });
    const asked = vi.spyOn(UsersRepo.prototype, "anyUserBesides");
    try {
      for (let i = 0; i < 5; i++) expect((await open.json("GET", "/api/libraries")).status).toBe(200);
      expect(asked.mock.calls.length).toBeLessThanOrEqual(1);
      // A user added by another process (its own UsersService on the same database).
      const other = new UsersService(new UsersRepo(open.ladle.database.db));
      expect((await other.create({ name: "dee" })).ok).toBe(true);
      const end = Date.now() + 10_000;
      let status = 200;
      while (status === 200 && Date.now() < end) {
        status = (await open.json("GET", "/api/libraries")).status;
        if (status === 200) await new Promise((res) => setTimeout(res, 100));
      }
      expect(status).toBe(401);
    } finally {
      asked.mockRestore();
      await open.close();
    }
  });

  it("is never open on a non-loopback bind (unless single-person mode is chosen)", async () => {
    const wide = await startTestLadle({
      worker: false,
      config: { Server: { Host: "0.0.0.0" }, Auth: { SinglePerson: false } },
    });
    try {
      expect((await wide.json("GET", "/api/libraries")).status).toBe(401);
    } finally {
      await wide.close();
    }
  });
});
