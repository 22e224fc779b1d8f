import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestLadle, type TestLadle } from "../../../test/helpers/testLadle.ts";
import { createTestUser, type TestUser } from "../../../test/helpers/users.ts";

/** A person's language and units: their own only, kept on the server, bad values refused by code. */
describe("person settings", () => {
  let t: TestLadle;
  let ana: TestUser;
  let bo: TestUser;

  beforeAll(async () => {
    t = await startTestLadle({ worker: false });
    ana = await createTestUser(t, { name: "ana" });
    bo = await createTestUser(t, { name: "bo" });
  });
  afterAll(async () => t?.close());

  it("starts as null (follow the browser) and is part of the session", async () => {
    const got = await t.json("GET", "/api/session/settings", undefined, ana.headers);
    expect(got).toMatchObject({ status: 200, body: { language: null, units: null } });
    const session = await t.json("GET", "/api/session", undefined, ana.headers);
    expect(session.body).toMatchObject({ settings: { language: null, units: null } });
  });

  it("sets the fields sent, keeps the others, and touches nobody else's", async () => {
    const set = await t.json("PATCH", "/api/session/settings", { language: "de" }, ana.headers);
    expect(set).toMatchObject({ status: 200, body: { language: "de", units: null } });
    const units = await t.json("PATCH", "/api/session/settings", { units: "us" }, ana.headers);
    expect(units.body).toEqual({ language: "de", units: "us" });
    const session = await t.json("GET", "/api/session", undefined, ana.headers);
    expect(session.body).toMatchObject({ settings: { language: "de", units: "us" } });
    // Bo's are his own: Ana's choice is not his, and there is no way to name another person.
    const his = await t.json("GET", "/api/session/settings", undefined, bo.headers);
    expect(his.body).toEqual({ language: null, units: null });
    const cleared = await t.json("PATCH", "/api/session/settings", { language: null }, ana.headers);
    expect(cleared.body).toEqual({ language: null, units: "us" });
  });

  it("refuses a language or units it does not know, and unknown fields, with INVALID_REQUEST", async () => {
    for (const body of [{ language: "xx" }, { units: "imperial" }, { language: 5 }, { userId: bo.id }]) {
      const res = await t.json("PATCH", "/api/session/settings", body, ana.headers);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: "INVALID_REQUEST" });
    }
    const his = await t.json("GET", "/api/session/settings", undefined, bo.headers);
    expect(his.body).toEqual({ language: null, units: null });
  });

  it("answers 401 without a sign-in", async () => {
    const res = await t.json("GET", "/api/session/settings");
    expect(res.status).toBe(401);
  });
});
