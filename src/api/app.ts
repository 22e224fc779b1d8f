import { Hono } from "hono";
import { metrics, registry } from "../metrics.ts";
import type { Ladle } from "../services/ladle.ts";
import { auth, type AuthEnv } from "./auth.ts";
import { openApiDocument } from "./openapi.ts";
import { promptsRoutes } from "./prompts/prompts.routes.ts";
import { recipesRoutes } from "./recipes/recipes.routes.ts";
import { sendError } from "./respond.ts";
import { tasksRoutes } from "./tasks/tasks.routes.ts";
import { webRoutes } from "../web/web.routes.ts";

/** The HTTP API: thin adapters over the services. */
export function createApp(ladle: Ladle): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();

  app.onError((err, c) => {
    ladle.log.error({ err, path: c.req.path }, "request failed");
    return sendError(c, "INTERNAL");
  });
  app.notFound((c) => sendError(c, "NOT_FOUND", `No route for ${c.req.method} ${c.req.path}.`));

  app.get("/healthz", async (c) => {
    await ladle.database.db.selectNoFrom((eb) => eb.lit(1).as("one")).execute();
    return c.json({ status: "ok", database: ladle.database.kind });
  });
  app.get("/api/openapi.json", (c) => c.json(openApiDocument()));
  app.route("/", webRoutes());

  app.use("/api/*", auth(ladle.config));
  app.use("/metrics", auth(ladle.config));
  app.get("/metrics", async (c) => {
    metrics.circuitOpen.reset();
    for (const d of ladle.gateway.circuits())
      metrics.circuitOpen.set({ domain: d.domain }, d.state === "open" ? 1 : 0);
    return c.text(await registry.metrics(), 200, { "content-type": registry.contentType });
  });
  app.get("/api/fetcher/domains", (c) => c.json({ domains: ladle.gateway.circuits() }));
  app.route("/api/tasks", tasksRoutes(ladle));
  app.route("/api/recipes", recipesRoutes(ladle));
  app.route("/api/prompts", promptsRoutes(ladle));
  return app;
}
