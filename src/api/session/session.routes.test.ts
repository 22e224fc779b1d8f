import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestLadle, type TestLadle } from "../../../test/helpers/testLadle.ts";
import { createTestUser, type TestUser } from "../../../test/helpers/users.ts";

/** Signing in with a password: an HttpOnly session cookie, CSRF-safe, ended by sign-out. */
describe("password sign-in", () => {
  let t: TestLadle;
  let bo: TestUser;
  let clock = Date.now();

  beforeAll(async () => {
    t = await startTestLadle({
      worker: false,
      now: () => new Date(clock),
      config: { Auth: { SignInAttempts: 3 } },
    });
    bo = await createTestUser(t, { name: "bo" });
    const set = await t.ladle.signIn.setPassword(bo.id, "correct horse battery");
    expect(set.ok).toBe(true);
  });
  afterAll(async () => t?.close());

  const post = (body: unknown, headers: Record<string, string> = {}) =>
    t.app.request("/api/session", {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
  const cookieOf = (res: Response) => /ladle_session=([^;]+)/.exec(res.headers.get("set-cookie") ?? "")?.[1];

  it("refuses a sign-in posted by another site's page (login CSRF)", async () => {
    const res = await post(
      { name: "bo", password: "correct horse battery" },
      { origin: "https://evil.example", "content-type": "text/plain" },
    );
    expect(res.status).toBe(403);
    expect(res.headers.get("set-cookie")).toBeNull();
    const also = await post(
      { name: "bo", password: "correct horse battery" },
      { "sec-fetch-site": "cross-site" },
    );
    expect(also.status).toBe(403);
  });

  it("opens a session as an HttpOnly, SameSite=Lax cookie that the API accepts", async () => {
    const res = await post({ name: "bo", password: "correct horse battery" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ user: { name: "bo", role: "user" } });
    const set = res.headers.get("set-cookie") ?? "";
    expect(set).toMatch(/HttpOnly/);
    expect(set).toMatch(/SameSite=Lax/);
    const cookie = `ladle_session=${cookieOf(res)}`;
    const me = await t.json("GET", "/api/session", undefined, { cookie });
    expect(me).toMatchObject({
      status: 200,
      body: { user: { name: "bo" }, via: "session", hasPassword: true },
    });
    // Same-site writes work; a write another site's page makes with the cookie is refused.
    const lib = await t.json(
      "POST",
      "/api/libraries",
      { name: "Kitchen" },
      { cookie, origin: "http://localhost" },
    );
    expect(lib.status).toBe(201);
    const evil = await t.json(
      "POST",
      "/api/libraries",
      { name: "x" },
      { cookie, origin: "https://evil.example" },
    );
    expect(evil).toMatchObject({ status: 403, body: { code: "CROSS_SITE_REQUEST" } });
    const evil2 = await t.json(
      "POST",
      "/api/libraries",
      { name: "x" },
      { cookie, "sec-fetch-site": "cross-site" },
    );
    expect(evil2.status).toBe(403);
    // Sign-out ends the session: the cookie no longer signs anyone in.
    const out = await t.app.request("/api/session", { method: "DELETE", headers: { cookie } });
    expect(out.status).toBe(204);
    expect(out.headers.get("set-cookie")).toMatch(/ladle_session=;/);
    expect((await t.json("GET", "/api/session", undefined, { cookie })).status).toBe(401);
  });

  it("refuses a wrong password or an unknown name alike, then slows a guesser down with 429", async () => {
    const wrong = await post({ name: "bo", password: "not it at all" }, { "x-test": "1" });
    expect(wrong.status).toBe(401);
    const body = (await wrong.json()) as { code: string; message: string };
    expect(body.code).toBe("INVALID_CREDENTIALS");
    const nobody = await post({ name: "nobody", password: "not it at all" });
    expect(nobody.status).toBe(401);
    await post({ name: "bo", password: "still not it" });
    await post({ name: "bo", password: "nor this one" });
    const limited = await post({ name: "bo", password: "correct horse battery" });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("changes one's own password with the current one, and a session expires", async () => {
    const other = await createTestUser(t, { name: "cy" });
    await t.ladle.signIn.setPassword(other.id, "first password here");
    const res = await post({ name: "cy", password: "first password here" });
    const cookie = `ladle_session=${cookieOf(res)}`;
    const bad = await t.json(
      "PUT",
      "/api/session/password",
      { current: "nope", password: "second password here" },
      { cookie },
    );
    expect(bad.status).toBe(401);
    const weak = await t.json(
      "PUT",
      "/api/session/password",
      { current: "first password here", password: "short" },
      { cookie },
    );
    expect(weak).toMatchObject({ status: 400, body: { code: "WEAK_PASSWORD" } });
    const ok = await t.json(
      "PUT",
      "/api/session/password",
      { current: "first password here", password: "second password here" },
      { cookie },
    );
    expect(ok.status).toBe(204);
    expect((await post({ name: "cy", password: "first password here" })).status).toBe(401);
    // The session that changed it keeps going, until it expires (30 days by default).
    expect((await t.json("GET", "/api/session", undefined, { cookie })).status).toBe(200);
    clock += 31 * 86_400_000;
    expect((await t.json("GET", "/api/session", undefined, { cookie })).status).toBe(401);
    // API tokens do not expire.
    expect((await t.json("GET", "/api/session", undefined, other.headers)).status).toBe(200);
  });

  it("refuses an oversized sign-in body before reading it", async () => {
    const res = await post({ name: "bo", password: "x".repeat(2 * 1024 * 1024) });
    expect(res.status).toBe(413);
  });
});
