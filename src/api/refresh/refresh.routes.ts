import { Hono } from "hono";
import type { Ladle } from "../../services/ladle.ts";
import { RefreshRecipeService, zRefreshApplyRequest } from "../../services/refreshRecipe.service.ts";
import type { AuthEnv } from "../auth.ts";
import { readJson, sendError, sendFailure } from "../respond.ts";

/**
 * Refresh from source (issue 30): start reading a recipe's page again, read the proposed changes
 * (a patch against the user's version, conflicts beside it), apply a pick as a new version.
 */
export function refreshRoutes(ladle: Ladle): Hono<AuthEnv> {
  const r = new Hono<AuthEnv>();
  const svc = new RefreshRecipeService({ db: ladle.database.db, tasks: ladle.tasks, now: ladle.now });

  r.post("/recipes/:id/refresh", async (c) => {
    const res = await svc.start(c.req.param("id"), c.get("caller"));
    if (!res.ok) return sendFailure(c, res);
    c.header("Location", `/api/recipes/${res.value.recipeId}/refresh/${res.value.refreshId}`);
    return c.json({ ...res.value, status: "running" }, 202);
  });

  r.get("/recipes/:id/refresh/:refreshId", async (c) => {
    const res = await svc.read(c.req.param("id"), c.req.param("refreshId"), c.get("caller"));
    if (!res.ok) return sendFailure(c, res);
    return c.json(res.value);
  });

  r.post("/recipes/:id/refresh/:refreshId/apply", async (c) => {
    const body = await readJson(c, "INVALID_PAYLOAD");
    if (!body.ok) return sendFailure(c, body);
    const req = zRefreshApplyRequest.safeParse(body.value);
    if (!req.success)
      return sendError(
        c,
        "INVALID_PAYLOAD",
        'accept must be "all" or a list of change ids; baseVersion, when given, the version you reviewed.',
      );
    const res = await svc.apply(c.req.param("id"), c.req.param("refreshId"), req.data, c.get("caller"));
    if (!res.ok) return sendFailure(c, res);
    return c.json(res.value);
  });

  return r;
}
