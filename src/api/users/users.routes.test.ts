import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestLadle, type TestLadle } from "../../../test/helpers/testLadle.ts";
import { createTestUser, type TestUser } from "../../../test/helpers/users.ts";

// People and tokens ("people, not a single admin"): an admin adds people and sees
// everyone; each person manages their own tokens; another person's tokens answer 404.

let t: TestLadle;
let admin: TestUser;
let ann: TestUser;
let ben: TestUser;

beforeAll(async () => {
  t = await startTestLadle({ worker: false });
  admin = await createTestUser(t, { name: "boss", role: "admin" });
  ann = await createTestUser(t, { name: "ann" });
  ben = await createTestUser(t, { name: "ben" });
});

afterAll(async () => {
  await t?.close();
});

describe("/api/users", () => {
  it("lets an admin see everyone and add a person who can then sign in", async () => {
    const list = await t.json("GET", "/api/users", undefined, admin.headers);
    expect(list.status).toBe(200);
    expect(list.body.users.map((u: { name: string }) => u.name)).toEqual(
      expect.arrayContaining(["boss", "ann", "ben"]),
    );
    const added = await t.json(
      "POST",
      "/api/users",
      { name: "cleo", password: "a long enough password" },
      admin.headers,
    );
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ name: "cleo", role: "user" });
    const signIn = await t.json("POST", "/api/session", { name: "cleo", password: "a long enough password" });
    expect(signIn.status).toBe(200);
  });

  it("names the new person's own library in the language chosen for them, else the admin's", async () => {
    const ownLibrary = async (id: string) =>
      (await t.ladle.users.libraries(id)).find((l) => l.isDefault)?.name;
    const chosen = await t.json(
      "POST",
      "/api/users",
      { name: "fleur", language: "fr" },
      {
        ...admin.headers,
        "accept-language": "de-DE",
      },
    );
    expect(chosen.status).toBe(201);
    expect(await ownLibrary(chosen.body.id)).toBe("Ma bibliothèque");
    const asAdmin = await t.json(
      "POST",
      "/api/users",
      { name: "greta" },
      {
        ...admin.headers,
        "accept-language": "de-DE,de;q=0.9,en;q=0.5",
      },
    );
    expect(await ownLibrary(asAdmin.body.id)).toBe("Meine Bibliothek");
    const plain = await t.json("POST", "/api/users", { name: "hal" }, admin.headers);
    expect(await ownLibrary(plain.body.id)).toBe("My library");
    const odd = await t.json("POST", "/api/users", { name: "ivo", language: "xx" }, admin.headers);
    expect(odd.status).toBe(400);
  });

  it("adds nobody when the password is too short or the name is taken", async () => {
    const weak = await t.json("POST", "/api/users", { name: "dora", password: "short" }, admin.headers);
    expect(weak.status).toBe(400);
    expect(weak.body.code).toBe("WEAK_PASSWORD");
    const list = await t.json("GET", "/api/users", undefined, admin.headers);
    expect(list.body.users.some((u: { name: string }) => u.name === "dora")).toBe(false);
    const taken = await t.json("POST", "/api/users", { name: "ann" }, admin.headers);
    expect(taken.status).toBe(409);
    const bad = await t.json("POST", "/api/users", { name: "no spaces please" }, admin.headers);
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("INVALID_USER");
  });

  it("keeps the list and adding people to admins", async () => {
    expect((await t.json("GET", "/api/users", undefined, ann.headers)).status).toBe(403);
    expect((await t.json("POST", "/api/users", { name: "eve" }, ann.headers)).status).toBe(403);
  });

  it("lets a person issue, use and revoke their own tokens", async () => {
    const issued = await t.json("POST", "/api/users/me/tokens", { name: "phone" }, ann.headers);
    expect(issued.status).toBe(201);
    const token = issued.body.token as string;
    const phone = { authorization: `Bearer ${token}` };
    expect((await t.json("GET", "/api/session", undefined, phone)).body.user.name).toBe("ann");
    const tokens = await t.json("GET", "/api/users/me/tokens", undefined, ann.headers);
    expect(tokens.body.tokens.map((x: { name: string }) => x.name)).toEqual(
      expect.arrayContaining(["test", "phone"]),
    );
    // Secrets are never listed.
    expect(JSON.stringify(tokens.body)).not.toContain(token);
    const revoked = await t.json(
      "DELETE",
      `/api/users/me/tokens/${issued.body.apiToken.id}`,
      undefined,
      ann.headers,
    );
    expect(revoked.status).toBe(200);
    expect((await t.json("GET", "/api/session", undefined, phone)).status).toBe(401);
    const again = await t.json(
      "DELETE",
      `/api/users/me/tokens/${issued.body.apiToken.id}`,
      undefined,
      ann.headers,
    );
    expect(again.status).toBe(404);
    expect(again.body.code).toBe("TOKEN_NOT_FOUND");
  });

  it("answers 404 for another person's tokens, unless an admin asks", async () => {
    for (const [m, p] of [
      ["GET", `/api/users/${ben.id}/tokens`],
      ["POST", `/api/users/${ben.id}/tokens`],
      ["DELETE", `/api/users/${ben.id}/tokens/00000000-0000-4000-8000-000000000000`],
    ] as const) {
      const r = await t.json(m, p, m === "POST" ? { name: "x" } : undefined, ann.headers);
      expect(r.status, `${m} ${p}`).toBe(404);
      expect(r.body.code).toBe("USER_NOT_FOUND");
    }
    const asAdmin = await t.json("GET", `/api/users/${ben.id}/tokens`, undefined, admin.headers);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.tokens).toHaveLength(1);
  });
});
