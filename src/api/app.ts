import { timingSafeEqual } from "node:crypto";
import { Hono, type Context, type MiddlewareHandler, type Next } from "hono";
import { metrics, registry } from "../metrics.ts";
import type { Ladle } from "../app/ladle.ts";
import { auth, type AuthEnv, type Gate } from "./auth.ts";
import { z } from "zod";
import { apiDocument } from "./apiDocument.ts";
import { json as jsonAnswer } from "./openapiParts.ts";
import { ContractViolation, defineRoute } from "./defineRoute.ts";
import { articleError, imagesRoutes, mediaRoutes } from "./media/media.routes.ts";
import { bodyGuard, createRateLimit, type Presenter } from "./guards.ts";
import { librariesRoutes } from "./libraries/libraries.routes.ts";
import { usersRoutes } from "./users/users.routes.ts";
import { peopleAdminRoutes, sessionsRoutes, welcomeRoutes } from "./household/household.routes.ts";
import { sessionRoutes, signInRoutes } from "./session/session.routes.ts";
import { guestOrAuth, parseRequestsRoutes, sendParseError } from "./parseRequests/parseRequests.routes.ts";
import { promptsRoutes } from "./prompts/prompts.routes.ts";
import { recipesRoutes } from "./recipes/recipes.routes.ts";
import { sendError, sendUnavailable } from "./respond.ts";
import { RETRY_AFTER_SECONDS } from "../storage/db.ts";
import { tasksRoutes } from "./tasks/tasks.routes.ts";
import { duplicatesRoutes } from "./duplicates/duplicates.routes.ts";
import { itemsRoutes } from "./items/items.routes.ts";
import { importError, importsRoutes } from "./imports/imports.routes.ts";
import { collectionsRoutes, isCollectionUpload } from "./collections/collections.routes.ts";
import { captureBodyBytes, capturesRoutes, isCapture } from "./captures/captures.routes.ts";
import { webRoutes } from "../web/web.routes.ts";
import { readiness } from "../app/health.ts";
import { collectQueueMetrics } from "../app/queueMetrics.ts";
import { idempotency } from "./idempotency.ts";
import { normalizeRoutes } from "./normalize/normalize.routes.ts";
import { refreshRoutes } from "./refresh/refresh.routes.ts";
import { shareRoutes, shareProblem, shareSignIn, shareTargetRoutes } from "./share/share.routes.ts";
import { pwaRoutes } from "../web/pwa.routes.ts";
import { traceRequests } from "./traceRequests.ts";
import { originPolicy } from "./originPolicy.ts";
import { strictTransport } from "./strictTransport.ts";
import { discoveryRoutes } from "./discovery/discovery.routes.ts";
import { opsRoutes } from "./ops/ops.routes.ts";
import { backupsRoutes } from "./backups/backups.routes.ts";
import { storageRoutes } from "./storage/storage.routes.ts";
import { personDataRoutes } from "./users/personData.routes.ts";
import { plansRoutes } from "./plans/plans.routes.ts";
import { sharedPageRoutes, sharesRoutes } from "./shares/shares.routes.ts";
import { searchRoutes } from "./search/search.routes.ts";
import { pantryRoutes, shoppingRoutes } from "./shopping/shopping.routes.ts";
import { webhooksRoutes } from "./webhooks/webhooks.routes.ts";
import { feedsRoutes } from "./feeds/feeds.routes.ts";
import { archivePageRoutes, archivesRoutes } from "./archives/archives.routes.ts";
import { highlightsRoutes } from "./highlights/highlights.routes.ts";

const zReadiness = z.object({
  status: z.enum(["ready", "not ready"]),
  checks: z.record(z.string(), z.object({ ok: z.boolean(), detail: z.string().optional() })),
});

/** Admins only; anyone else is told the route needs the admin role. */
const adminOnly: MiddlewareHandler<AuthEnv> = async (c, next) =>
  c.get("caller").role === "admin" ? next() : sendError(c, "FORBIDDEN");

/** `/metrics`: the metrics token (constant-time compare) or an admin's credentials. */
function metricsAuth({ config, users, log }: Gate): MiddlewareHandler<AuthEnv> {
  const token = config.Server.MetricsToken;
  const checked = auth(config, users, undefined, log);
  return async (c, next) => {
    const sent = /^Bearer\s+(.+)$/i.exec(c.req.header("authorization") ?? "")?.[1]?.trim();
    if (
      token &&
      sent &&
      sent.length === token.length &&
      timingSafeEqual(Buffer.from(sent), Buffer.from(token))
    )
      return next();
    return checked(c, (() => adminOnly(c, next)) as Next);
  };
}

const presentApi: Presenter = (c, p) =>
  sendError(
    c,
    p.kind === "too_large" ? "PAYLOAD_TOO_LARGE" : p.kind === "bad_text" ? "INVALID_TEXT" : "RATE_LIMITED",
    p.message,
    {
      ...(p.kind === "bad_text" ? { field: p.field } : {}),
      ...(p.kind === "too_large" ? { limitBytes: p.limitBytes } : {}),
      ...(p.kind === "rate_limited" ? { retryAfterSeconds: p.retryAfterSeconds } : {}),
    },
  );
const presentParse: Presenter = (c, p) =>
  sendParseError(
    c,
    p.kind === "too_large" ? "PAYLOAD_TOO_LARGE" : p.kind === "bad_text" ? "INVALID_TEXT" : "RATE_LIMITED",
    p.message,
  );
const presentArticle: Presenter = (c, p) =>
  articleError(
    c,
    p.kind === "too_large"
      ? "E_PAYLOAD_TOO_LARGE"
      : p.kind === "bad_text"
        ? "E_INVALID_REQUEST"
        : "E_RATE_LIMITED",
    p.message,
  );
const presentImport: Presenter = (c, p) =>
  importError(
    c,
    p.kind === "too_large" ? "payload_too_large" : p.kind === "bad_text" ? "invalid_request" : "rate_limited",
    p.message,
  );
import { mcpRoutes } from "../mcp/mcpRoutes.ts";

/** The HTTP API: thin adapters over the services; each route factory is handed its family. */
export function createApp(ladle: Ladle): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();
  const { shared, users, backups, imports, tasks, recipes, kitchen, search, articles, items } =
    ladle.families;
  const { parseRequests, collections, webhooks, share, captures, feeds, archives, highlights } =
    ladle.families;
  // Who may come in: the settings and the people (routes that check their callers themselves).
  const gate: Gate = { config: ladle.config, users: users.users, log: ladle.log };

  app.onError((err, c) => {
    // The database away (terminated, restarting, unreachable) is not this request's fault: 503
    // with Retry-After, logged once per outage by the health's transitions, not once per request.
    if (ladle.database.health.noteError(err)) return sendUnavailable(c, RETRY_AFTER_SECONDS);
    ladle.log.error({ err, path: c.req.path }, "request failed");
    // A route answering what its definition does not declare (checked in tests): say which and how.
    return sendError(c, "INTERNAL", err instanceof ContractViolation ? err.message : undefined);
  });
  app.notFound((c) => sendError(c, "NOT_FOUND", `No route for ${c.req.method} ${c.req.path}.`));

  // Reliability: liveness (the process answers) and readiness (database, queue, migrations).
  defineRoute(
    app,
    {
      method: "get",
      path: "/healthz",
      operationId: "getLiveness",
      summary: "Liveness",
      // Probes answer without credentials.
      security: [],
      responses: { "200": jsonAnswer(z.object({ status: z.literal("ok") }), "ok") },
    },
    (c) => c.json({ status: "ok" }),
  );
  defineRoute(
    app,
    {
      method: "get",
      path: "/readyz",
      operationId: "getReadiness",
      summary: "Readiness: database, queue, migrations",
      // Probes answer without credentials.
      security: [],
      responses: {
        "200": jsonAnswer(zReadiness, "ready"),
        "503": jsonAnswer(zReadiness, "not ready, and why"),
      },
    },
    async (c) => {
      const r = await readiness(ladle);
      if (!r.ready) c.header("Retry-After", String(RETRY_AFTER_SECONDS));
      return c.json({ status: r.ready ? "ready" : "not ready", checks: r.checks }, r.ready ? 200 : 503);
    },
  );
  app.use("*", traceRequests());
  // Before anything is read or served: the host name must be one Ladle serves (DNS rebinding) and
  // a change must come from Ladle's own pages or no page at all (cross-site writes), in every mode.
  app.use("*", originPolicy(ladle.config.Server));
  app.use("*", strictTransport(ladle.config.Server.TrustedProxies));
  app.get("/api/openapi.json", async (c) => c.json(await apiDocument(app)));
  app.route("/", webRoutes({ directImages: !ladle.config.Enrichment.UiImageProxy }));
  // A shared recipe's public page: no sign-in, read only.
  app.route("/", sharedPageRoutes(kitchen));

  // Reliability: Idempotency-Key on every create (POST) endpoint, stored per caller.
  const idem = idempotency(shared.idempotencyKeys, {
    ttlMs: ladle.config.Server.IdempotencyTtlHours * 3_600_000,
    now: ladle.now,
  });
  // Limits before work, in this order on every family: who asks (auth), how much they
  // send (body limit, while it streams), what it holds (NUL, broken Unicode), how often (creates per
  // minute); only then idempotency and the route read the body.
  const server = ladle.config.Server;
  const json = () => server.MaxJsonBodyBytes;
  const limits = (present: Presenter, maxBytes: (c: Context) => number | null = json) => [
    bodyGuard({ maxBytes, present }),
    createRateLimit({ limit: shared.creates, present, trustedProxies: server.TrustedProxies }),
  ];

  // Parse requests accept guests: their own token check (a token, when sent, must be valid).
  app.use("/api/parse-requests/*", guestOrAuth(gate), ...limits(presentParse), idem);
  app.route("/api/parse-requests", parseRequestsRoutes(parseRequests, shared));
  // The share target and the bookmarklet: the share target's POST as the API's, who
  // sends it first (signed-out shares wait in the browser), then the body limit (the largest
  // upload), then the creates limit.
  app.route("/", pwaRoutes());
  app.use(
    "/share",
    shareSignIn(gate),
    ...limits(
      (c, p) => c.redirect(shareProblem(p.message), 303),
      () => imports.uploads.maxAny() + 256 * 1024,
    ),
  );
  app.route("/", shareTargetRoutes(share));
  // Signing in: nobody is signed in yet, so before the API's auth; the body limit still first.
  app.post("/api/session", bodyGuard({ maxBytes: json, present: presentApi }));
  app.route("/api/session", signInRoutes(users, ladle.config));
  // The other ways in (first run, invitation, reset link): likewise before the auth.
  app.use("/api/welcome/*", bodyGuard({ maxBytes: json, present: presentApi }));
  app.route("/api/welcome", welcomeRoutes(users, ladle.config));
  app.use(
    "/api/*",
    auth(ladle.config, users.users, undefined, ladle.log),
    // Collection files apply their own, larger limit (src/api/collections).
    // A page the browser sent may be larger than other JSON (Imports:MaxCaptureKb).
    ...limits(presentApi, (c) =>
      isCollectionUpload(c) ? null : isCapture(c) ? captureBodyBytes(captures) : json(),
    ),
    idem,
  );
  app.route("/api/session/sessions", sessionsRoutes(users));
  app.route("/api/session", sessionRoutes(users, ladle.config));
  // Operations are the operator's: admins, or a scraper holding the metrics token.
  defineRoute(
    app,
    {
      method: "get",
      path: "/metrics",
      operationId: "getMetrics",
      summary: "Prometheus metrics (admins, or Server:MetricsToken)",
      responses: { "200": { description: "text/plain exposition" } },
    },
    metricsAuth(gate),
    async (c) => {
      metrics.circuitOpen.reset();
      for (const d of await shared.gateway.circuits())
        metrics.circuitOpen.set({ domain: d.domain }, d.state === "open" ? 1 : 0);
      await collectQueueMetrics(ladle);
      return c.text(await registry.metrics(), 200, { "content-type": registry.contentType });
    },
  );
  defineRoute(
    app,
    {
      method: "get",
      path: "/api/fetcher/domains",
      operationId: "listFetcherDomains",
      summary: "Per-domain circuit state (admins)",
      responses: { "200": { description: "Domains" } },
    },
    adminOnly,
    async (c) => c.json({ domains: await shared.gateway.circuits() }),
  );
  app.route("/api/tasks", tasksRoutes(tasks, shared));
  app.route("/api/tasks", duplicatesRoutes(tasks));
  app.route("/api/ops", opsRoutes(ladle, shared, parseRequests));
  app.route("/api/backups", backupsRoutes(backups, ladle.config));
  app.route("/api/storage", storageRoutes(backups));
  app.route("/api/recipes", recipesRoutes(recipes, tasks));
  app.route("/api/prompts", promptsRoutes(shared));
  app.route("/api", discoveryRoutes(tasks, shared));
  app.route("/api", normalizeRoutes(tasks));
  app.route("/api", refreshRoutes(tasks));
  app.route("/api/share", shareRoutes(share));
  app.route("/api/captures", capturesRoutes(captures));
  app.route("/api/libraries", librariesRoutes(users));
  app.route("/api/users", peopleAdminRoutes(users));
  app.route("/api/users", usersRoutes(users));
  app.route("/api/users", personDataRoutes(users));
  app.route("/api/plans", plansRoutes(kitchen));
  app.route("/api/shopping-lists", shoppingRoutes(kitchen, users));
  app.route("/api/pantry", pantryRoutes(kitchen));
  app.route("/api/recipe-shares", sharesRoutes(kitchen));
  app.route("/api/search", searchRoutes(search));
  app.route("/api/webhooks", webhooksRoutes(webhooks));
  app.route("/api/feeds", feedsRoutes(feeds));
  app.route("/api/archives", archivesRoutes(archives));
  app.route("/api/highlights", highlightsRoutes(highlights));
  app.route("/api/v1/items", itemsRoutes(items, shared));
  app.route("/api/collections", collectionsRoutes(collections));
  app.route(
    "/api/images",
    imagesRoutes(articles, {
      recipes: recipes.recipes,
      collections: collections.collections,
      tasks: tasks.tasks,
    }),
  );
  app.use(
    "/media/*",
    auth(ladle.config, users.users, (c) => articleError(c, "E_UNAUTHORIZED"), ladle.log),
    ...limits(presentArticle),
  );
  app.route("/media", mediaRoutes(articles, shared));
  // Kept pages on a path of their own, read by their keeper only; nothing to write here.
  app.use("/archives/*", auth(ladle.config, users.users, undefined, ladle.log));
  app.route("/archives", archivePageRoutes(archives));
  // Import jobs: /v1/import, /v1/uploads.
  const textImportBytes = Math.max(json(), 2 * ladle.config.Imports.MaxTextBytes + 64 * 1024);
  app.use(
    "/v1/*",
    auth(ladle.config, users.users, (c) => importError(c, "unauthorized"), ladle.log),
    // Uploads keep their own limit (the largest cap of a kind); pasted text may be as long as a text upload.
    ...limits(presentImport, (c) =>
      c.req.path.startsWith("/v1/uploads") ? null : c.req.path === "/v1/import" ? textImportBytes : json(),
    ),
    idem,
  );
  app.route("/v1", importsRoutes(imports));
  // The MCP server is every operation over every family: the one adapter handed the whole Ladle.
  app.route(
    "/mcp",
    mcpRoutes(gate, imports, async (caller) =>
      // The tools' server loads with the first request to /mcp (see mcpRoutes.ts).
      (await import("../mcp/mcpServer.ts")).createMcpServer(ladle, caller),
    ),
  );
  return app;
}
