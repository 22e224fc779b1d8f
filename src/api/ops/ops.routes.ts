import { Hono } from "hono";
import { readiness } from "../../app/health.ts";
import type { ParseRequests } from "../../services/parseRequests/index.ts";
import type { Shared } from "../../services/shared/index.ts";
import type { House } from "../../app/health.ts";
import type { AuthEnv } from "../auth.ts";
import { sendError } from "../respond.ts";
import { defineRoute } from "../defineRoute.ts";
import { z } from "zod";
import { zParseRequestStatus } from "../../domain/parseRequest.ts";
import { err, json } from "../openapiParts.ts";

/** What the Status screen reads: readiness, each family's queue, parse requests, paused sites. */
const zOpsStatus = z
  .object({
    ready: z.boolean(),
    checks: z.record(z.string(), z.object({ ok: z.boolean(), detail: z.string().optional() })),
    queues: z.array(
      z.object({
        family: z.string(),
        waiting: z.number(),
        running: z.number(),
        retrying: z.number(),
        oldestWaitingSeconds: z.number(),
      }),
    ),
    pausedSites: z.array(z.object({ domain: z.string(), until: z.string().nullable() })),
    parseRequests: z.record(zParseRequestStatus, z.number()),
  })
  .meta({ id: "OpsStatus" });
/** Per family, how many stuck items the reconciler put back in the queue or marked failed. */
const zReconcileReport = z.object({
  families: z.record(z.string(), z.object({ requeued: z.number(), failed: z.number() })),
});

/**
 * `/api/ops`: what an operator (and the Status screen) needs to see whether work flows: readiness,
 * queued and running jobs per family, paused sites; and running the reconciler now. Admins only:
 * queue depths and paused sites tell what everyone is importing.
 */
export function opsRoutes(
  house: House,
  { gateway, reconciler }: Pick<Shared, "gateway" | "reconciler">,
  { parseRequests: requests }: Pick<ParseRequests, "parseRequests">,
): Hono<AuthEnv> {
  const r = new Hono<AuthEnv>();
  r.use("*", async (c, next) =>
    c.get("caller").role === "admin"
      ? next()
      : sendError(c, "FORBIDDEN", "The status of the server's queues is for its admins."),
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/status",
      operationId: "getOpsStatus",
      summary: "Readiness, queues, paused sites (admins)",
      responses: { "200": json(zOpsStatus, "Status"), "403": err("FORBIDDEN") },
    },
    async (c) => {
      const [ready, depth, circuits, parseRequests] = await Promise.all([
        readiness(house),
        house.queue ? house.queue.depth() : Promise.resolve([]),
        gateway.circuits(),
        // Parse requests by status (PENDING, PROCESSING, COMPLETED, FAILED).
        requests.counts(),
      ]);
      const families = new Map<
        string,
        { family: string; waiting: number; running: number; retrying: number; oldestWaitingSeconds: number }
      >();
      for (const d of depth) {
        const f = families.get(d.family) ?? {
          family: d.family,
          waiting: 0,
          running: 0,
          retrying: 0,
          oldestWaitingSeconds: 0,
        };
        if (d.state === "created") f.waiting += d.count;
        else if (d.state === "retry") f.retrying += d.count;
        else if (d.state === "active") f.running += d.count;
        if (d.state !== "active")
          f.oldestWaitingSeconds = Math.max(f.oldestWaitingSeconds, Math.round(d.oldestSeconds));
        families.set(d.family, f);
      }
      return c.json({
        ready: ready.ready,
        checks: ready.checks,
        queues: [...families.values()].sort((a, b) => a.family.localeCompare(b.family)),
        pausedSites: circuits
          .filter((x) => x.state === "open")
          .map((x) => ({ domain: x.domain, until: x.openUntil })),
        parseRequests,
      });
    },
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/reconcile",
      operationId: "reconcileQueues",
      summary: "Run the reconciler now (admins)",
      responses: { "200": json(zReconcileReport, "Requeued"), "403": err("FORBIDDEN") },
    },
    async (c) => {
      if (!reconciler) return c.json({ families: {} });
      // On demand the age rule still holds: rows changed in the last minute may have a job on its way.
      return c.json({ families: await reconciler.runOnce() });
    },
  );
  return r;
}
