import { Hono } from "hono";
import { z } from "zod";
import { restartFromCandidate } from "../../services/discovery.service.ts";
import type { Ladle } from "../../services/ladle.ts";
import type { AuthEnv } from "../auth.ts";
import { readJson, sendError, sendFailure } from "../respond.ts";

/** `POST /api/discovery/search` body. */
export const zSearchRequest = z
  .object({
    query: z.string().trim().min(1, "query is required").max(500),
    constraints: z.record(z.string(), z.string().trim().max(100).nullable()).nullish(),
  })
  .meta({ id: "SearchRequest" });

/** `POST /api/tasks/{id}/restart` body. */
export const zRestartRequest = z
  .object({ candidateIndex: z.number().int().min(0) })
  .meta({ id: "RestartRequest" });

/** Discovery: search without importing, restart a query import with a chosen candidate, curated index refresh. */
export function discoveryRoutes(ladle: Ladle): Hono<AuthEnv> {
  const r = new Hono<AuthEnv>();

  r.post("/discovery/search", async (c) => {
    const body = await readJson(c, "INVALID_REQUEST");
    if (!body.ok) return sendFailure(c, body);
    const req = zSearchRequest.safeParse(body.value);
    if (!req.success) return sendError(c, "INVALID_REQUEST", req.error.issues[0]?.message);
    const res = await ladle.discovery.discover(req.data.query, req.data.constraints ?? {});
    if (!res.ok) return sendFailure(c, res);
    return c.json(res);
  });

  r.post("/tasks/:id/restart", async (c) => {
    const body = await readJson(c, "INVALID_PAYLOAD");
    if (!body.ok) return sendFailure(c, body);
    const req = zRestartRequest.safeParse(body.value);
    if (!req.success)
      return sendError(
        c,
        "INVALID_PAYLOAD",
        "candidateIndex (the position in the task's candidate list) is required.",
      );
    const res = await restartFromCandidate(
      ladle,
      c.req.param("id"),
      req.data.candidateIndex,
      c.get("caller"),
    );
    if (!res.ok) return sendFailure(c, res);
    c.header("Location", `/api/tasks/${res.value.taskId}`);
    return c.json(res.value, 202);
  });

  r.post("/discovery/curated/refresh", async (c) => {
    if (c.get("caller").role !== "admin") return sendError(c, "FORBIDDEN");
    return c.json({ refreshed: await ladle.discovery.refreshCurated(true) });
  });

  return r;
}
