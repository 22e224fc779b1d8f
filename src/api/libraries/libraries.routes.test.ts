import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestLadle, type TestLadle } from "../../../test/helpers/testLadle.ts";
import { createTestUser, type TestUser } from "../../../test/helpers/users.ts";

let t: TestLadle;
let ann: TestUser;
let ben: TestUser;
let cat: TestUser;
beforeAll(async () => {
  t = await startTestLadle({ worker: false });
  ann = await createTestUser(t, { name: "ann" });
  ben = await createTestUser(t, { name: "ben" });
  cat = await createTestUser(t, { name: "cat" });
});
afterAll(async () => t?.close());

describe("libraries", () => {
  it("gives every user a personal default library they administer", async () => {
    expect(ann.defaultLibraryId).not.toBe(ben.defaultLibraryId);
    expect(await t.ladle.users.isLibraryAdmin(ann.id, ann.defaultLibraryId)).toBe(true);
    expect(await t.ladle.users.isMember(ben.id, ann.defaultLibraryId)).toBe(false);
    expect(await t.ladle.users.defaultLibraryId(ann.id)).toBe(ann.defaultLibraryId);
  });

  it("shares a created library with members; only its admins add members", async () => {
    const made = await t.json("POST", "/api/libraries", { name: "Family" }, ann.headers);
    expect(made).toMatchObject({ status: 201, body: { name: "Family", isDefault: false, role: "admin" } });
    const id = made.body.id as string;

    const added = await t.json("POST", `/api/libraries/${id}/members`, { user: "ben" }, ann.headers);
    expect(added).toMatchObject({ status: 200, body: { name: "ben", role: "member" } });
    const benLibs = await t.json("GET", "/api/libraries", undefined, ben.headers);
    expect(benLibs.body.libraries.map((l: { name: string; role: string }) => [l.name, l.role])).toEqual([
      ["My library", "admin"],
      ["Family", "member"],
    ]);
    // Ben's own library kept the English name it was made with (no language was known): a German
    // reader reads it in German; the shared library's chosen name stays as written.
    const inGerman = await t.json("GET", "/api/libraries", undefined, {
      ...ben.headers,
      "accept-language": "de-DE,de;q=0.9",
    });
    expect(inGerman.body.libraries.map((l: { name: string }) => l.name)).toEqual([
      "Meine Bibliothek",
      "Family",
    ]);
    expect((await t.ladle.users.libraries(ben.id))[0]!.name).toBe("My library");

    // A member may not add members; a stranger does not even see the library.
    const byMember = await t.json("POST", `/api/libraries/${id}/members`, { user: "cat" }, ben.headers);
    expect(byMember).toMatchObject({ status: 403, body: { code: "FORBIDDEN" } });
    const byStranger = await t.json("GET", `/api/libraries/${id}/members`, undefined, cat.headers);
    expect(byStranger).toMatchObject({ status: 404, body: { code: "LIBRARY_NOT_FOUND" } });
    const members = await t.json("GET", `/api/libraries/${id}/members`, undefined, ben.headers);
    expect(members.body.members.map((m: { name: string }) => m.name)).toEqual(["ann", "ben"]);
  });

  it("answers bad requests with a code and a hint", async () => {
    const noName = await t.json("POST", "/api/libraries", { name: "" }, ann.headers);
    expect(noName).toMatchObject({ status: 400, body: { code: "INVALID_REQUEST" } });
    const nobody = await t.json(
      "POST",
      `/api/libraries/${ann.defaultLibraryId}/members`,
      { user: "ghost" },
      ann.headers,
    );
    expect(nobody.status).toBe(403); // a personal library is never shared
    const made = await t.json("POST", "/api/libraries", { name: "Club" }, ann.headers);
    const ghost = await t.json(
      "POST",
      `/api/libraries/${made.body.id}/members`,
      { user: "ghost" },
      ann.headers,
    );
    expect(ghost).toMatchObject({ status: 404, body: { code: "USER_NOT_FOUND" } });
    const notUuid = await t.json("GET", "/api/libraries/nope/members", undefined, ann.headers);
    expect(notUuid.status).toBe(404);
  });
});
