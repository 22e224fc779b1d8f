import { Hono } from "hono";
import { metrics, registry } from "../metrics.ts";
import type { Ladle } from "../services/ladle.ts";
import { auth, type AuthEnv } from "./auth.ts";
import { openApiDocument } from "./openapi.ts";
import { imagesRoutes, mediaRoutes } from "./media/media.routes.ts";
import { librariesRoutes } from "./libraries/libraries.routes.ts";
import { parseRequestsRoutes } from "./parseRequests/parseRequests.routes.ts";
import { promptsRoutes } from "./prompts/prompts.routes.ts";
import { recipesRoutes } from "./recipes/recipes.routes.ts";
import { sendError } from "./respond.ts";
import { tasksRoutes } from "./tasks/tasks.routes.ts";
import { itemsRoutes } from "./items/items.routes.ts";
import { importError, importsRoutes } from "./imports/imports.routes.ts";
import { webRoutes } from "../web/web.routes.ts";
import { readiness } from "../services/health.ts";
import { collectQueueMetrics } from "../services/queueMetrics.ts";
import { IdempotencyRepo } from "../storage/idempotency.repo.ts";
import { idempotency } from "./idempotency.ts";
import { normalizeRoutes } from "./normalize/normalize.routes.ts";
import { traceRequests } from "./traceRequests.ts";
import { discoveryRoutes } from "./discovery/discovery.routes.ts";
import { opsRoutes } from "./ops/ops.routes.ts";
import { mcpRoutes } from "../mcp/mcpRoutes.ts";

/** The HTTP API: thin adapters over the services. */
export function createApp(ladle: Ladle): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();

  app.onError((err, c) => {
    ladle.log.error({ err, path: c.req.path }, "request failed");
    return sendError(c, "INTERNAL");
  });
  app.notFound((c) => sendError(c, "NOT_FOUND", `No route for ${c.req.method} ${c.req.path}.`));

  // Reliability: liveness (the process answers) and readiness (database, queue, migrations).
  app.get("/healthz", (c) => c.json({ status: "ok" }));
  app.get("/readyz", async (c) => {
    const r = await readiness(ladle);
    return c.json({ status: r.ready ? "ready" : "not ready", checks: r.checks }, r.ready ? 200 : 503);
  });
  app.use("*", traceRequests());
  app.get("/api/openapi.json", async (c) => c.json(await openApiDocument()));
  app.route("/", webRoutes());

  // Reliability: Idempotency-Key on every create (POST) endpoint, stored per caller.
  const idem = idempotency(new IdempotencyRepo(ladle.database.db), {
    ttlMs: ladle.config.Server.IdempotencyTtlHours * 3_600_000,
    now: ladle.now,
  });
  app.use("/api/parse-requests", idem);
  // Parse requests accept guests: mounted before the token check, which they apply themselves.
  app.route("/api/parse-requests", parseRequestsRoutes(ladle));
  app.use("/api/*", auth(ladle.config, ladle.users));
  app.use("/api/*", idem);
  app.use("/metrics", auth(ladle.config, ladle.users));
  app.get("/metrics", async (c) => {
    metrics.circuitOpen.reset();
    for (const d of await ladle.gateway.circuits())
      metrics.circuitOpen.set({ domain: d.domain }, d.state === "open" ? 1 : 0);
    await collectQueueMetrics(ladle);
    return c.text(await registry.metrics(), 200, { "content-type": registry.contentType });
  });
  app.get("/api/fetcher/domains", async (c) => c.json({ domains: await ladle.gateway.circuits() }));
  app.route("/api/tasks", tasksRoutes(ladle));
  app.route("/api/ops", opsRoutes(ladle));
  app.route("/api/recipes", recipesRoutes(ladle));
  app.route("/api/prompts", promptsRoutes(ladle));
  app.route("/api", discoveryRoutes(ladle));
  app.route("/api", normalizeRoutes(ladle));
  app.route("/api/libraries", librariesRoutes(ladle));
  app.route("/api/v1/items", itemsRoutes(ladle));
  app.route("/api/images", imagesRoutes(ladle));
  app.route("/media", mediaRoutes(ladle));
  // Import jobs (import-pipeline-io.md): /v1/import, /v1/uploads.
  app.use(
    "/v1/*",
    auth(ladle.config, ladle.users, (c) => importError(c, "unauthorized")),
  );
  app.use("/v1/*", idem);
  app.route("/v1", importsRoutes(ladle));
  app.route("/mcp", mcpRoutes(ladle));
  return app;
}
