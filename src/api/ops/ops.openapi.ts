import type { ZodOpenApiPathsObject } from "zod-openapi";

/** The contract of health, readiness, metrics and operations, beside the routes that serve it; src/api/openapi.ts composes the document. */
export const opsPaths: ZodOpenApiPathsObject = {
  "/api/fetcher/domains": {
    get: {
      operationId: "listFetcherDomains",
      summary: "Per-domain circuit state (admins)",
      responses: { "200": { description: "Domains" } },
    },
  },
  "/api/ops/status": {
    get: {
      operationId: "getOpsStatus",
      summary: "Readiness, queues, paused sites (admins)",
      responses: { "200": { description: "Status" } },
    },
  },
  "/api/ops/reconcile": {
    post: {
      operationId: "reconcileQueues",
      summary: "Run the reconciler now (admins)",
      responses: { "200": { description: "Requeued" } },
    },
  },
  "/healthz": {
    get: {
      operationId: "getLiveness",
      summary: "Liveness",
      security: [],
      responses: { "200": { description: "ok" } },
    },
  },
  "/readyz": {
    get: {
      operationId: "getReadiness",
      summary: "Readiness: database, queue, migrations",
      security: [],
      responses: { "200": { description: "ready" }, "503": { description: "not ready, and why" } },
    },
  },
  "/metrics": {
    get: {
      operationId: "getMetrics",
      summary: "Prometheus metrics (admins, or Server:MetricsToken)",
      responses: { "200": { description: "text/plain exposition" } },
    },
  },
};
