import { readdirSync, readFileSync } from "node:fs";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { webRoutes } from "./web.routes.ts";

const app = new Hono().route("/", webRoutes());

describe("web UI", () => {
  it("serves the app shell with a strict Content-Security-Policy", async () => {
    const res = await app.request("/");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    expect(res.headers.get("content-security-policy")).toMatch(/script-src 'self'/);
    // Pictures only from Ladle itself (its image proxy), never a third-party host.
    expect(res.headers.get("content-security-policy")).toMatch(/img-src 'self' data:;/);
    expect(await res.text()).toContain('<main id="app"');
  });

  it("serves its script and styles, and 404s anything else", async () => {
    expect((await app.request("/ui/app.js")).headers.get("content-type")).toMatch(/javascript/);
    expect((await app.request("/ui/app.css")).headers.get("content-type")).toMatch(/text\/css/);
    expect((await app.request("/ui/nope.js")).status).toBe(404);
    // An operator who turned the bookmark image proxy off gets its previews from their sites.
    const direct = await new Hono().route("/", webRoutes({ directImages: true })).request("/");
    expect(direct.headers.get("content-security-policy")).toMatch(/img-src 'self' data: https:;/);
    const icon = await app.request("/favicon.ico");
    expect(icon.status).toBe(200);
    expect(icon.headers.get("content-type")).toBe("image/svg+xml");
  });

  it("never writes HTML from data (no innerHTML and friends)", () => {
    const dir = new URL("./static/", import.meta.url);
    for (const f of readdirSync(dir)) {
      const text = readFileSync(new URL(f, dir), "utf8");
      expect(text, f).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write/);
    }
  });
});
