import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestLadle, type TestLadle } from "../../../test/helpers/testLadle.ts";
import { createTestUser, type TestUser } from "../../../test/helpers/users.ts";

/** Password guesses are counted against the person, from each address, wherever they are named. */
describe("sign-in and password-change limits", () => {
  let t: TestLadle;
  let dee: TestUser;
  const PASSWORD = "correct horse battery";

  beforeAll(async () => {
    t = await startTestLadle({
      worker: false,
      config: { Auth: { SignInAttempts: 3 }, Server: { TrustedProxies: ["10.0.0.0/8"] } },
    });
    dee = await createTestUser(t, { name: "dee" });
    await t.ladle.signIn.setPassword(dee.id, PASSWORD);
  });
  afterAll(async () => t?.close());

  /** A sign-in from a socket at `peer`, optionally through a proxy that forwards `forwardedFor`. */
  const signIn = (name: string, password: string, peer: string, forwardedFor?: string) =>
    t.app.request(
      "/api/session",
      {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}),
        },
        body: JSON.stringify({ name, password }),
      },
      { incoming: { socket: { remoteAddress: peer } } },
    );

  it("counts guesses by the person: naming them by id does not start a fresh count", async () => {
    const from = "203.0.113.1";
    for (let i = 0; i < 3; i++) expect((await signIn("dee", `guess ${i} wrong`, from)).status).toBe(401);
    const byId = await signIn(dee.id, "another wrong guess", from);
    expect(byId.status).toBe(429);
    expect(Number(byId.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await signIn("dee", PASSWORD, from)).status).toBe(429);
  });

  it("a lockout never refuses the right password from another address", async () => {
    expect((await signIn("dee", PASSWORD, "198.51.100.9")).status).toBe(200);
  });

  it("behind a trusted proxy each client has its own count, not the proxy's one address", async () => {
    const proxy = "10.0.0.5";
    for (let i = 0; i < 3; i++)
      expect((await signIn("dee", `proxy guess ${i}`, proxy, "192.0.2.66")).status).toBe(401);
    expect((await signIn("dee", PASSWORD, proxy, "192.0.2.66")).status).toBe(429);
    expect((await signIn("dee", PASSWORD, proxy, "192.0.2.77")).status).toBe(200);
    // A client cannot pick its own address: the header is not believed from an untrusted peer.
    for (let i = 0; i < 3; i++)
      await signIn("dee", `direct guess ${i}`, "203.0.113.50", `192.0.2.${100 + i}`);
    expect((await signIn("dee", PASSWORD, "203.0.113.50", "192.0.2.200")).status).toBe(429);
  });

  it("keeps a token sign-in's picture cookie out of reach of scripts (HttpOnly, only for the image proxy)", async () => {
    const res = await t.app.request("/api/session/image-cookie", { method: "PUT", headers: dee.headers });
    expect(res.status).toBe(204);
    const set = res.headers.get("set-cookie") ?? "";
    expect(set).toMatch(/^ladle_image_token=/);
    expect(set).toMatch(/HttpOnly/);
    expect(set).toMatch(/Path=\/api\/images\//);
    expect(set).toMatch(/SameSite=Strict/);
    expect((await t.app.request("/api/session/image-cookie", { method: "PUT" })).status).toBe(401);
  });

  it("limits guesses of the current password through a signed-in session", async () => {
    const cookie = { cookie: `ladle_session=${dee.token}` };
    const change = (current: string) =>
      t.json("PUT", "/api/session/password", { current, password: "a brand new password" }, cookie);
    for (let i = 0; i < 3; i++) expect((await change(`not it ${i}`)).status).toBe(401);
    const limited = await change(PASSWORD);
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe("RATE_LIMITED");
  });
});
