import { timingSafeEqual } from "node:crypto";
import { Hono, type Context, type MiddlewareHandler, type Next } from "hono";
import { metrics, registry } from "../metrics.ts";
import type { Ladle } from "../app/ladle.ts";
import { auth, type AuthEnv, type Gate } from "./auth.ts";
import { z } from "zod";
import { apiDocument } from "./apiDocument.ts";
import { json as jsonAnswer } from "./openapiParts.ts";
import { ContractViolation, defineRoute } from "./defineRoute.ts";
import { articleError } from "./media/articleError.ts";
import { bodyGuard, createRateLimit, type Presenter } from "./guards.ts";
import { guestOrAuth, sendParseError } from "./parseRequests/parseRequestsGate.ts";
import { sendError, sendUnavailable } from "./respond.ts";
import { RETRY_AFTER_SECONDS } from "../storage/db.ts";
import { importError } from "./imports/importError.ts";
import { isCollectionUpload } from "./collections/collectionUpload.ts";
import { captureBodyBytes, isCapture } from "./captures/captureLimits.ts";
import { webRoutes } from "../web/web.routes.ts";
import { readiness } from "../app/health.ts";
import { collectQueueMetrics } from "../app/queueMetrics.ts";
import { idempotency } from "./idempotency.ts";
import { shareProblem, shareSignIn } from "./share/shareSignIn.ts";
import { pwaRoutes } from "../web/pwa.routes.ts";
import { traceRequests } from "./traceRequests.ts";
import { originPolicy } from "./originPolicy.ts";
import { strictTransport } from "./strictTransport.ts";
import { lazyRoutes } from "./lazyRoutes.ts";
import { familyRoutes } from "./familyRoutes.ts";

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

/** The HTTP API: thin adapters over the services; each route factory is handed its family. */
export function createApp(ladle: Ladle): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();
  const { shared, users, imports, captures } = ladle.families;
  // Who may come in: the settings and the people (routes that check their callers themselves).
  const gate: Gate = { config: ladle.config, users: users.users, log: ladle.log };
  // Each family's routes load with the first request for them (familyRoutes.ts).
  const f = familyRoutes(ladle, gate);

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
  lazyRoutes(app, f.sharedPage);

  // Reliability: Idempotency-Key on every create (POST) endpoint, stored per caller.
  const idem = idempotency(shared.idempotencyKeys, {
    ttlMs: ladle.config.Server.IdempotencyTtlHours * 3_600_000,
    now: ladle.now,
    // A task submit claims its key in the task's own statement (one round trip per submit).
    claimedByRoute: (method, path) => method === "POST" && path === "/api/tasks",
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
  lazyRoutes(app, f.parseRequests);
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
  lazyRoutes(app, f.shareTarget);
  // Signing in: nobody is signed in yet, so before the API's auth; the body limit still first.
  app.post("/api/session", bodyGuard({ maxBytes: json, present: presentApi }));
  lazyRoutes(app, f.signIn);
  // The other ways in (first run, invitation, reset link): likewise before the auth.
  app.use("/api/welcome/*", bodyGuard({ maxBytes: json, present: presentApi }));
  lazyRoutes(app, f.welcome);
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
  lazyRoutes(app, f.session);
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
  lazyRoutes(app, f.tasks);
  lazyRoutes(app, f.ops);
  lazyRoutes(app, f.backups);
  lazyRoutes(app, f.storage);
  lazyRoutes(app, f.recipes);
  lazyRoutes(app, f.prompts);
  lazyRoutes(app, f.discovery);
  lazyRoutes(app, f.normalize);
  lazyRoutes(app, f.refresh);
  lazyRoutes(app, f.share);
  lazyRoutes(app, f.captures);
  lazyRoutes(app, f.libraries);
  lazyRoutes(app, f.users);
  lazyRoutes(app, f.plans);
  lazyRoutes(app, f.shopping);
  lazyRoutes(app, f.shares);
  lazyRoutes(app, f.search);
  lazyRoutes(app, f.webhooks);
  lazyRoutes(app, f.feeds);
  lazyRoutes(app, f.archives);
  lazyRoutes(app, f.highlights);
  lazyRoutes(app, f.items);
  lazyRoutes(app, f.collections);
  lazyRoutes(app, f.images);
  app.use(
    "/media/*",
    auth(ladle.config, users.users, (c) => articleError(c, "E_UNAUTHORIZED"), ladle.log),
    ...limits(presentArticle),
  );
  lazyRoutes(app, f.media);
  // Kept pages on a path of their own, read by their keeper only; nothing to write here.
  app.use("/archives/*", auth(ladle.config, users.users, undefined, ladle.log));
  lazyRoutes(app, f.archivePage);
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
  lazyRoutes(app, f.imports);
  // The MCP server is every operation over every family: the one adapter handed the whole Ladle.
  lazyRoutes(app, f.mcp);
  return app;
}
