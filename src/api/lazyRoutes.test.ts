import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { lazyRoutes, loadAllRoutes } from "./lazyRoutes.ts";

type Env = { Variables: { who: string } };

/** An app as app.ts builds it: middleware that sets the caller and reads the body, then a family. */
function appWithFamily() {
  let loads = 0;
  const app = new Hono<Env>();
  app.onError((err, c) => c.text(`app saw: ${err.message}`, 500));
  app.use("/api/*", async (c, next) => {
    c.set("who", "alice");
    if (c.req.method === "POST") await c.req.text();
    return next();
  });
  lazyRoutes(app, {
    under: ["/api/things"],
    load: async () => {
      loads++;
      const r = new Hono<Env>();
      r.get("/", (c) => c.json({ who: c.get("who") }));
      r.post("/", async (c) => c.json({ who: c.get("who"), sent: await c.req.json() }));
      r.get("/broken", () => {
        throw new Error("broken");
      });
      return (table) => table.route("/api/things", r);
    },
  });
  app.get("/api/things/other", (c) => c.text("the app's next route"));
  app.notFound((c) => c.text("app's not found", 404));
  return { app, loads: () => loads };
}

describe("a family's routes loaded with its first request", () => {
  it("loads nothing until a request comes under its paths, then once", async () => {
    const { app, loads } = appWithFamily();
    expect(loads()).toBe(0);
    expect(app.routes.some((r) => r.path === "/api/things" && r.method === "GET")).toBe(false);
    await app.request("/api/elsewhere");
    expect(loads()).toBe(0);
    await Promise.all([app.request("/api/things"), app.request("/api/things")]);
    await app.request("/api/things");
    expect(loads()).toBe(1);
  });

  it("answers with what the app's middleware set and read (the caller, the body)", async () => {
    const { app } = appWithFamily();
    expect(await (await app.request("/api/things")).json()).toEqual({ who: "alice" });
    const res = await app.request("/api/things", { method: "POST", body: JSON.stringify({ a: 1 }) });
    expect(await res.json()).toEqual({ who: "alice", sent: { a: 1 } });
  });

  it("hands a path it does not answer to the app's next routes, and its errors to the app", async () => {
    const { app } = appWithFamily();
    expect(await (await app.request("/api/things/other")).text()).toBe("the app's next route");
    const missing = await app.request("/api/things/none");
    expect([missing.status, await missing.text()]).toEqual([404, "app's not found"]);
    const broken = await app.request("/api/things/broken");
    expect([broken.status, await broken.text()]).toEqual([500, "app saw: broken"]);
  });

  it("lists its routes in the app's table once loaded (what the OpenAPI document reads)", async () => {
    const { app, loads } = appWithFamily();
    await loadAllRoutes(app);
    expect(loads()).toBe(1);
    const listed = app.routes.map((r) => `${r.method} ${r.path}`);
    expect(listed).toContain("GET /api/things");
    expect(listed).toContain("POST /api/things");
    // In the app's order: after the family's stub, before the app's later routes.
    expect(listed.indexOf("GET /api/things")).toBeLessThan(listed.indexOf("GET /api/things/other"));
  });
});
