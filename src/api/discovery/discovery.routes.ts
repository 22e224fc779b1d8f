import { Hono } from "hono";
import { z } from "zod";
import { restartFromCandidate, type Tasks } from "../../services/tasks/index.ts";
import type { Shared } from "../../services/shared/index.ts";
import type { AuthEnv } from "../auth.ts";
import { sendError, sendFailure } from "../respond.ts";
import { defineRoute, refuseWith, firstIssue } from "../defineRoute.ts";
import { zConstraints, zRankedCandidate } from "../../domain/discovery.ts";
import { zCreateTaskResponse } from "../../domain/task.ts";
import { err, idParam, json } from "../openapiParts.ts";

/** `POST /api/discovery/search` body. */
export const zSearchRequest = z
  .object({
    query: z.string().trim().min(1, "query is required").max(500),
    constraints: zConstraints.nullish(),
  })
  .meta({ id: "SearchRequest" });

/** `POST /api/tasks/{id}/restart` body. */
export const zRestartRequest = z
  .object({ candidateIndex: z.number().int().min(0) })
  .meta({ id: "RestartRequest" });

/** Discovery: search without importing, restart a query import with a chosen candidate, curated index refresh. */
export function discoveryRoutes(
  { discovery, tasks }: Pick<Tasks, "discovery" | "tasks">,
  { artifacts }: Pick<Shared, "artifacts">,
): Hono<AuthEnv> {
  const r = new Hono<AuthEnv>();

  defineRoute(
    r,
    {
      method: "post",
      path: "/discovery/search",
      operationId: "searchRecipes",
      summary: "Search the configured providers for recipe pages and rank them (imports nothing)",
      requestBody: { content: { "application/json": { schema: zSearchRequest } } },
      responses: {
        "200": json(
          z.object({ provider: z.string(), candidates: z.array(zRankedCandidate) }),
          "Ranked candidates",
        ),
        "400": err("INVALID_REQUEST"),
        "422": err("DISCOVERY_NOT_CONFIGURED or NO_CANDIDATES"),
        "429": err("DISCOVERY_QUOTA_EXCEEDED"),
        "502": err("DISCOVERY_FAILED"),
      },
      invalid: refuseWith("INVALID_REQUEST", firstIssue),
    },
    async (c) => {
      const req = c.req.valid("json");
      const res = await discovery.discover(req.query, req.constraints ?? {});
      if (!res.ok) return sendFailure(c, res);
      return c.json(res);
    },
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/tasks/:id/restart",
      operationId: "restartTask",
      summary: "Restart an import by query with a chosen candidate: a new task in the same thread",
      requestParams: { path: idParam },
      requestBody: { content: { "application/json": { schema: zRestartRequest } } },
      responses: {
        "202": json(zCreateTaskResponse, "The new task"),
        "400": err("INVALID_PAYLOAD (not a query import, or no candidateIndex)"),
        "404": err("TASK_NOT_FOUND or CANDIDATE_NOT_FOUND"),
      },
      invalid: refuseWith(
        "INVALID_PAYLOAD",
        "candidateIndex (the position in the task's candidate list) is required.",
      ),
    },
    async (c) => {
      const req = c.req.valid("json");
      const res = await restartFromCandidate(
        { tasks, artifacts },
        c.req.param("id"),
        req.candidateIndex,
        c.get("caller"),
      );
      if (!res.ok) return sendFailure(c, res);
      c.header("Location", `/api/tasks/${res.value.taskId}`);
      return c.json(res.value, 202);
    },
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/discovery/curated/refresh",
      operationId: "refreshCuratedSources",
      summary: "Refresh the curated index (admins)",
      responses: { "200": { description: "Refreshed" } },
    },
    async (c) => {
      if (c.get("caller").role !== "admin") return sendError(c, "FORBIDDEN");
      return c.json({ refreshed: await discovery.refreshCurated(true) });
    },
  );

  return r;
}
