import { Hono } from "hono";
import ipaddr from "ipaddr.js";
import { describe, expect, it, vi } from "vitest";
import { loadConfig } from "../config.ts";
import { clientAddress, normalizeAddress, requestHost, requestProtocol } from "./clientAddress.ts";

/** A request arriving on a socket from `peer`, answered with what the functions make of it. */
async function seen(trusted: string[], peer: string | null, headers: Record<string, string> = {}) {
  const app = new Hono();
  app.get("/", (c) =>
    c.json({
      address: clientAddress(c, trusted),
      proto: requestProtocol(c, trusted),
      host: requestHost(c, trusted),
    }),
  );
  const env = peer ? { incoming: { socket: { remoteAddress: peer } } } : undefined;
  const res = await app.request("http://ladle.test/", { headers }, env);
  return (await res.json()) as { address: string; proto: string; host: string };
}

const spoof = {
  "x-forwarded-for": "6.6.6.6",
  "x-forwarded-proto": "https",
  "x-forwarded-host": "evil.example",
};

describe("clientAddress", () => {
  it("ignores forwarded headers when no proxy is trusted: a client cannot pick its own address", async () => {
    expect(await seen([], "203.0.113.9", spoof)).toEqual({
      address: "203.0.113.9",
      proto: "http",
      host: "ladle.test",
    });
  });

  it("ignores forwarded headers from a peer that is not a trusted proxy", async () => {
    expect((await seen(["10.0.0.0/8"], "203.0.113.9", spoof)).address).toBe("203.0.113.9");
  });

  it("believes a trusted proxy: each client behind it gets its own address", async () => {
    const a = await seen(["loopback"], "127.0.0.1", { ...spoof, "x-forwarded-for": "198.51.100.1" });
    const b = await seen(["loopback"], "::ffff:127.0.0.1", { "x-forwarded-for": "198.51.100.2" });
    expect(a).toEqual({ address: "198.51.100.1", proto: "https", host: "evil.example" });
    expect(b.address).toBe("198.51.100.2");
  });

  it("reads X-Forwarded-For right to left, stopping at the first hop that is not a trusted proxy", async () => {
    // The client wrote 6.6.6.6 itself; the outer proxy (10.0.0.2) appended the client's real address.
    const r = await seen(["10.0.0.0/8"], "10.0.0.1", {
      "x-forwarded-for": "6.6.6.6, 198.51.100.7, 10.0.0.2",
    });
    expect(r.address).toBe("198.51.100.7");
    const junk = await seen(["10.0.0.0/8"], "10.0.0.1", { "x-forwarded-for": "not-an-ip, 10.0.0.2" });
    expect(junk.address).toBe("10.0.0.2");
  });

  it("says unknown without a socket (tests' app.request)", async () => {
    expect((await seen(["loopback"], null, spoof)).address).toBe("unknown");
  });

  it("takes the proxies and public origins from the config, refusing entries that are neither", () => {
    const c = loadConfig({
      file: null,
      env: {
        LADLE_TRUSTED_PROXIES: "loopback, 10.1.0.0/16",
        LADLE_PUBLIC_ORIGINS: "https://Recipes.Example.com/",
      },
    });
    expect(c.Server.TrustedProxies).toEqual(["loopback", "10.1.0.0/16"]);
    expect(c.Server.PublicOrigins).toEqual(["https://recipes.example.com"]);
    expect(() => loadConfig({ file: null, env: { LADLE_TRUSTED_PROXIES: "proxy.local" } })).toThrow(
      /Server:TrustedProxies/,
    );
    expect(() => loadConfig({ file: null, env: { LADLE_PUBLIC_ORIGINS: "https://x.example/app" } })).toThrow(
      /Server:PublicOrigins/,
    );
  });
});

describe("normalizeAddress", () => {
  it("parses a peer's address once however many times a request asks (its plain form is kept)", async () => {
    const parse = vi.spyOn(ipaddr, "process");
    try {
      await seen(["10.0.0.0/8"], "::ffff:198.51.100.77", spoof);
      await seen(["10.0.0.0/8"], "::ffff:198.51.100.77", spoof);
      expect(normalizeAddress("::ffff:198.51.100.77")).toBe("198.51.100.77");
      expect(parse.mock.calls.filter(([a]) => a === "::ffff:198.51.100.77")).toHaveLength(1);
      // Not an address: still null, whatever was asked before.
      expect(normalizeAddress("not-an-address")).toBeNull();
      expect(normalizeAddress("not-an-address")).toBeNull();
    } finally {
      parse.mockRestore();
    }
  });
});
