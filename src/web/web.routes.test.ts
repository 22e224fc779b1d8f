import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { webBundle } from "./buildApp.ts";
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
    // A screen's stylesheet, kept in its folder, is served at the same address.
    for (const css of ["/ui/kitchen.css", "/ui/capture.css", "/ui/reader.css"]) {
      const res = await app.request(css);
      expect(res.status, css).toBe(200);
      expect(await res.text(), css).toMatch(/\{/);
    }
    // app.css takes each screen's part in its place: the markers are gone, the screens' rules are in.
    const appCss = await (await app.request("/ui/app.css")).text();
    expect(appCss).not.toContain("@screen");
    expect(appCss).toContain(".bm-card {");
    expect(appCss).toContain(".wh-secret {");
    // An operator who turned the bookmark image proxy off gets its previews from their sites.
    const direct = await new Hono().route("/", webRoutes({ directImages: true })).request("/");
    expect(direct.headers.get("content-security-policy")).toMatch(/img-src 'self' data: https:;/);
    const icon = await app.request("/favicon.ico");
    expect(icon.status).toBe(200);
    expect(icon.headers.get("content-type")).toBe("image/svg+xml");
  });

  it("serves the service worker at the root, versioned by the app bundle", async () => {
    const res = await app.request("/sw.js");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/javascript/);
    expect(res.headers.get("service-worker-allowed")).toBe("/");
    const { version } = await webBundle();
    expect(await res.text()).toContain(`ladle-shell-${version}`);
  });

  it("bundles only English; another language's words are served from the catalogues on demand", async () => {
    const bundle = (await webBundle()).app;
    expect(bundle).toContain("Single-person mode");
    expect(bundle).not.toContain("Einzelpersonenmodus");
    expect(bundle).not.toContain("Mode une seule personne");
    const de = await app.request("/ui/i18n/de.json");
    expect(de.status).toBe(200);
    expect(de.headers.get("content-type")).toMatch(/json/);
    expect(await de.json()).toMatchObject({ "userMenu.singlePersonMode": "Einzelpersonenmodus" });
    for (const nope of ["/ui/i18n/en.json", "/ui/i18n/xx.json", "/ui/i18n/de.js", "/ui/i18n/..%2Fde.json"])
      expect((await app.request(nope)).status, nope).toBe(404);
  });

  it("never writes HTML from data (no innerHTML and friends)", () => {
    const dir = fileURLToPath(new URL("./app/", import.meta.url));
    const files = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter(
      (f) => /\.(js|ts|tsx)$/.test(f) && !f.endsWith(".gen.ts"),
    );
    expect(files.length).toBeGreaterThan(10);
    for (const f of files) {
      const text = readFileSync(path.join(dir, f), "utf8");
      // Writing is the danger; reading a page's own HTML (the bookmarklet sends the page it runs in) is not.
      expect(text, f).not.toMatch(
        /(innerHTML|outerHTML)\s*\+?=(?!=)|insertAdjacentHTML|document\.write|dangerouslySetInnerHTML/,
      );
    }
  });

  it("calls the API only through the generated client (no hand-written fetch in the screens)", () => {
    // A route's schema change must break the UI's type check, not a user's screen, so
    // every call goes through api/client.ts (openapi-fetch typed by the OpenAPI document).
    const dir = fileURLToPath(new URL("./app/", import.meta.url));
    const files = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter(
      (f) => /\.(js|ts|tsx)$/.test(f) && path.normalize(f) !== path.normalize("api/client.ts"),
    );
    expect(files.length).toBeGreaterThan(10);
    for (const f of files) {
      const text = readFileSync(path.join(dir, f), "utf8");
      expect(text, f).not.toMatch(/\bfetch\s*\(|new\s+EventSource\b|XMLHttpRequest/);
    }
  });
});
