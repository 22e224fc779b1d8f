import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestLadle, type TestLadle } from "../../../test/helpers/testLadle.ts";
import { createTestUser, type TestUser } from "../../../test/helpers/users.ts";

/** What takes the room, per person, and a limit that refuses new uploads in words, losing nothing. */
describe("storage", () => {
  let t: TestLadle;
  let admin: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  const upload = (who: TestUser, body: string) =>
    t.app.request("/v1/uploads", {
      method: "POST",
      headers: { ...who.headers, "content-type": "text/plain" },
      body,
    });
  const recipeText = (n: number) =>
    `Toast\n\nIngredients\n2 slices bread\n1 tbsp butter\n\nMethod\n1. Toast the bread.\n2. Butter it.\n${"Notes. ".repeat(n)}`;

  beforeAll(async () => {
    // 60 kB each.
    t = await startTestLadle({ worker: false, config: { Storage: { MaxMegabytesPerPerson: 60 / 1024 } } });
    admin = await createTestUser(t, { name: "admin", role: "admin" });
    alice = await createTestUser(t, { name: "alice" });
    bob = await createTestUser(t, { name: "bob" });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("shows each person what their things take, by kind, and their limit", async () => {
    expect((await upload(alice, recipeText(4000))).status).toBe(201);
    const mine = await t.json("GET", "/api/storage", undefined, alice.headers);
    expect(mine.status).toBe(200);
    expect(mine.body.usage.uploads).toBeGreaterThan(28_000);
    expect(mine.body.totalBytes).toBeGreaterThanOrEqual(mine.body.usage.uploads);
    expect(mine.body.limitBytes).toBe(60 * 1024);
    const bobs = await t.json("GET", "/api/storage", undefined, bob.headers);
    expect(bobs.body.usage.uploads).toBe(0);
  });

  it("refuses an upload past the limit with a message, and keeps what was there", async () => {
    const before = (await t.json("GET", "/api/storage", undefined, alice.headers)).body.usage.uploads;
    const res = await upload(alice, recipeText(5000));
    expect(res.status).toBe(507);
    const body = (await res.json()) as { error_code: string; error_msg: string };
    expect(body.error_code).toBe("storage_full");
    expect(body.error_msg).toMatch(
      /Your storage is full: you use .* MB of your 0\.1 MB.*Nothing you kept was lost/,
    );
    expect((await t.json("GET", "/api/storage", undefined, alice.headers)).body.usage.uploads).toBe(before);
    // Another person's room is their own.
    expect((await upload(bob, recipeText(10))).status).toBe(201);
  });

  it("lists everyone's storage, largest first, for admins only", async () => {
    const all = await t.json("GET", "/api/storage/people", undefined, admin.headers);
    expect(all.status).toBe(200);
    expect(all.body.people.map((p: { name: string }) => p.name)).toEqual(["alice", "bob", "admin"]);
    expect(all.body.backupsBytes).toBeGreaterThanOrEqual(0);
    expect(all.body.cleanUps).toEqual([]);
    // The periodic clean-up's results are kept for this list.
    await t.ladle.maintenance();
    const after = await t.json("GET", "/api/storage/people", undefined, admin.headers);
    expect(after.body.cleanUps).toEqual([
      { ranAt: expect.any(String), draftsExpired: 0, artifactsDeleted: 0, blobsDeleted: 0, recipesPurged: 0 },
    ]);
    expect(await t.json("GET", "/api/storage/people", undefined, bob.headers)).toMatchObject({
      status: 403,
      body: { code: "FORBIDDEN" },
    });
  });
});
