import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestLadle, type TestLadle } from "../../test/helpers/testLadle.ts";
import { serveApp, type ServedApp } from "../../test/helpers/browser.ts";
import { createTestUser } from "../../test/helpers/users.ts";

describe.each([
  { trusted: ["127.0.0.1"], believed: true },
  { trusted: ["10.0.0.5"], believed: false },
])("a sign-in header with proxies $trusted", ({ trusted, believed }) => {
  let t: TestLadle;
  let http: ServedApp;
  beforeAll(async () => {
    t = await startTestLadle({
      worker: false,
      config: {
        Server: { TrustedProxies: trusted },
        Auth: { SinglePerson: false, ProxyHeader: "Remote-User" },
      },
    });
    await createTestUser(t, { name: "ann", role: "admin" });
    await createTestUser(t, { name: "ben" });
    http = await serveApp(t.app);
  });
  afterAll(async () => {
    http?.close();
    await t?.close();
  });
  const who = (name: string, headers: Record<string, string> = {}) =>
    fetch(`${http.base}/api/session`, { headers: { "remote-user": name, ...headers } });

  it(
    believed ? "names the person on requests from the proxy" : "is ignored and logged from any other address",
    async () => {
      const warn = vi.spyOn(t.ladle.log, "warn");
      const res = await who("ann");
      if (believed) {
        expect(res.status).toBe(200);
        expect((await res.json()).user.name).toBe("ann");
        expect(warn).not.toHaveBeenCalled();
      } else {
        expect(res.status).toBe(401);
        expect(warn).toHaveBeenCalledWith(
          expect.objectContaining({ header: "Remote-User", from: "127.0.0.1" }),
          expect.stringContaining("not a trusted proxy"),
        );
      }
      // Without a socket address (no proxy at all) the header names nobody.
      expect((await t.app.request("/api/session", { headers: { "remote-user": "ann" } })).status).toBe(401);
    },
  );

  it.runIf(believed)("names nobody unknown or disabled, and refuses cross-site writes", async () => {
    expect((await who("nobody")).status).toBe(401);
    const ben = (await t.ladle.users.get("ben")) as { ok: true; value: { id: string } };
    const ann = (await t.ladle.users.get("ann")) as { ok: true; value: { id: string; name: string } };
    await t.ladle.household.setDisabled({ ...ann.value, role: "admin" }, ben.value.id, true);
    expect((await who("ben")).status).toBe(401);
    const cross = await fetch(`${http.base}/api/libraries`, {
      method: "POST",
      headers: { "remote-user": "ann", "content-type": "text/plain", origin: "https://evil.example" },
      body: JSON.stringify({ name: "x" }),
    });
    expect(cross.status).toBe(403);
  });
});
