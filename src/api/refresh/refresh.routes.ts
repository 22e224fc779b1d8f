import { Hono } from "hono";
import { type Tasks, zRefreshApplyRequest, zRefreshState } from "../../services/tasks/index.ts";
import type { AuthEnv } from "../auth.ts";
import { sendFailure } from "../respond.ts";
import { defineRoute, refuseWith } from "../defineRoute.ts";
import { z } from "zod";
import { err, json } from "../openapiParts.ts";

const zRefreshStarted = z
  .object({ refreshId: z.string(), recipeId: z.string(), status: z.literal("running") })
  .meta({ id: "RefreshStarted" });

/** The recipe document as stored after the apply (a Doc in the service: any recipe fields). */
const zRefreshApplied = z
  .object({
    recipeId: z.string(),
    version: z.number().int().nullable(),
    applied: z.array(z.number().int()),
    recipe: z.record(z.string(), z.unknown()),
  })
  .meta({ id: "RefreshApplied" });

const refreshParams = z.object({ id: z.string(), refreshId: z.string() });

/**
 * Refresh from source: start reading a recipe's page again, read the proposed changes
 * (a patch against the user's version, conflicts beside it), apply a pick as a new version.
 */
export function refreshRoutes({ refresh }: Pick<Tasks, "refresh">): Hono<AuthEnv> {
  const r = new Hono<AuthEnv>();
  const svc = refresh;

  defineRoute(
    r,
    {
      method: "post",
      path: "/recipes/:id/refresh",
      operationId: "startRecipeRefresh",
      summary: "Read the recipe's source page again (an import task); the changes come as a patch to review",
      requestParams: { path: z.object({ id: z.string() }) },
      responses: {
        "202": json(zRefreshStarted, "Reading the page; poll the refresh for its changes"),
        "404": err("RECIPE_NOT_FOUND"),
        "422": err("REFRESH_NO_SOURCE"),
      },
    },
    async (c) => {
      const res = await svc.start(c.req.param("id"), c.get("caller"));
      if (!res.ok) return sendFailure(c, res);
      c.header("Location", `/api/recipes/${res.value.recipeId}/refresh/${res.value.refreshId}`);
      return c.json({ ...res.value, status: "running" }, 202);
    },
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/recipes/:id/refresh/:refreshId",
      operationId: "getRecipeRefresh",
      summary:
        "A refresh: running, or the source's changes as JSON Patch operations against your version, conflicts with both sides",
      requestParams: { path: refreshParams },
      responses: {
        "200": json(zRefreshState, "The refresh"),
        "404": err("RECIPE_NOT_FOUND or REFRESH_NOT_FOUND"),
      },
    },
    async (c) => {
      const res = await svc.read(c.req.param("id"), c.req.param("refreshId"), c.get("caller"));
      if (!res.ok) return sendFailure(c, res);
      return c.json(res.value);
    },
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/recipes/:id/refresh/:refreshId/apply",
      operationId: "applyRecipeRefresh",
      summary: "Take the picked changes (and the source's side of picked conflicts) as a new version",
      requestParams: { path: refreshParams },
      requestBody: { content: { "application/json": { schema: zRefreshApplyRequest } } },
      responses: {
        "200": json(zRefreshApplied, "Applied: the new version (null when nothing was taken) and the recipe"),
        "400": err("INVALID_PAYLOAD or INVALID_RECIPE"),
        "404": err("RECIPE_NOT_FOUND or REFRESH_NOT_FOUND"),
        "409": err("REFRESH_NOT_READY or RECIPE_VERSION_CONFLICT"),
      },
      invalid: refuseWith(
        "INVALID_PAYLOAD",
        'accept must be "all" or a list of change ids; baseVersion, when given, the version you reviewed.',
      ),
    },
    async (c) => {
      const req = c.req.valid("json");
      const res = await svc.apply(c.req.param("id"), c.req.param("refreshId"), req, c.get("caller"));
      if (!res.ok) return sendFailure(c, res);
      return c.json(res.value);
    },
  );

  return r;
}
