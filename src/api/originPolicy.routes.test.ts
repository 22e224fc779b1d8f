import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestLadle, type TestLadle } from "../../test/helpers/testLadle.ts";

/**
 * The no-user mode of a fresh start (loopback, nobody added yet: every caller is the local admin)
 * is the one another site's page can reach through the owner's own browser. The same rules hold
 * in every mode: they come before sign-in.
 */
let t: TestLadle;
let proxied: TestLadle;

beforeAll(async () => {
  t = await startTestLadle({ worker: false });
  proxied = await startTestLadle({
    worker: false,
    config: {
      Server: { TrustedProxies: ["loopback"], PublicOrigins: ["https://recipes.example.com"] },
    },
  });
});
afterAll(async () => {
  await t?.close();
  await proxied?.close();
});

const addAdmin = (app: TestLadle["app"], headers: Record<string, string>, env?: object) =>
  app.request(
    "/api/users",
    {
      method: "POST",
      // A form on another site can send this without a CORS preflight.
      headers: { "content-type": "text/plain", ...headers },
      body: JSON.stringify({ name: "mallory", role: "admin", password: "correct horse battery" }),
    },
    env,
  );
const people = async (l: TestLadle) =>
  ((await l.json("GET", "/api/users")).body.users as { name: string }[]).map((u) => u.name);

describe("cross-site writes", () => {
  it("refuses another site's text/plain POST that would add an admin, by Origin or by Fetch Metadata", async () => {
    const attempts: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site", origin: "https://sub.localhost" },
      { origin: "null" }, // a sandboxed frame, from a browser that sends no Fetch Metadata
    ];
    for (const headers of attempts) {
      const res = await addAdmin(t.app, headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(((await res.json()) as { code: string }).code).toBe("CROSS_SITE_REQUEST");
    }
    const hook = await t.json(
      "POST",
      "/api/webhooks",
      { url: "https://collector.evil.example/hook", events: ["recipe.created"] },
      { origin: "http://evil.example:3000" },
    );
    expect(hook.status).toBe(403);
    expect(await people(t)).not.toContain("mallory");
  });

  it("lets Ladle's own pages and clients that are no web page (the CLI, scripts) change things", async () => {
    const own = await t.json("POST", "/api/libraries", { name: "Ours" }, { origin: "http://localhost" });
    expect(own.status).toBe(201);
    const ownForm = await t.json(
      "POST",
      "/api/libraries",
      { name: "Form" },
      { origin: "null", "sec-fetch-site": "same-origin" },
    );
    expect(ownForm.status).toBe(201);
    const script = await t.json("POST", "/api/libraries", { name: "Script" });
    expect(script.status).toBe(201);
  });
});

describe("host names", () => {
  it("refuses a request under a name Ladle does not serve (DNS rebinding), reads included", async () => {
    const res = await t.app.request("/api/libraries", { headers: { host: "rebound.evil.example:3000" } });
    expect(res.status).toBe(421);
    const body = (await res.json()) as { code: string; message: string };
    expect(body.code).toBe("UNKNOWN_HOST");
    expect(body.message).toMatch(/not served under this name/);
    expect((await t.app.request("/", { headers: { host: "rebound.evil.example" } })).status).toBe(421);
  });

  it("serves localhost, 127.0.0.1 and [::1] on any port, and any IP address", async () => {
    for (const host of ["localhost:3000", "127.0.0.1:3000", "[::1]:3000", "192.168.1.20", "app.localhost"])
      expect((await t.app.request("/api/libraries", { headers: { host } })).status, host).toBe(200);
  });
});

describe("behind a reverse proxy", () => {
  const fromProxy = { incoming: { socket: { remoteAddress: "127.0.0.1" } } };
  const fromElsewhere = { incoming: { socket: { remoteAddress: "198.51.100.4" } } };

  it("serves the configured public name and takes changes from its pages", async () => {
    const page = await proxied.app.request("/api/libraries", { headers: { host: "recipes.example.com" } });
    expect(page.status).toBe(200);
    const own = await proxied.app.request(
      "/api/libraries",
      {
        method: "POST",
        headers: {
          host: "127.0.0.1:3000", // a proxy that does not pass the Host on
          origin: "https://recipes.example.com",
          "content-type": "application/json",
        },
        body: JSON.stringify({ name: "Kitchen" }),
      },
      fromProxy,
    );
    expect(own.status).toBe(201);
    expect((await addAdmin(proxied.app, { origin: "https://recipes.example.com.evil.example" })).status).toBe(
      403,
    );
  });

  it("asks browsers to keep to https (HSTS) when served over https, directly or by a trusted proxy", async () => {
    const direct = await t.app.request("https://localhost/api/libraries");
    expect(direct.headers.get("strict-transport-security")).toMatch(/max-age=\d{7,}/);
    const headers = { "x-forwarded-proto": "https" };
    const viaProxy = await proxied.app.request("/api/libraries", { headers }, fromProxy);
    expect(viaProxy.headers.get("strict-transport-security")).toMatch(/max-age=/);
    // Plain http, or a forwarded protocol from anyone but the proxy: no HSTS.
    expect((await t.app.request("/api/libraries")).headers.get("strict-transport-security")).toBeNull();
    const spoofed = await proxied.app.request("/api/libraries", { headers }, fromElsewhere);
    expect(spoofed.headers.get("strict-transport-security")).toBeNull();
  });

  it("believes X-Forwarded-Host only from a trusted proxy", async () => {
    const headers = { host: "127.0.0.1:3000", "x-forwarded-host": "rebound.evil.example" };
    expect((await proxied.app.request("/api/libraries", { headers }, fromProxy)).status).toBe(421);
    expect((await proxied.app.request("/api/libraries", { headers }, fromElsewhere)).status).toBe(200);
  });
});
