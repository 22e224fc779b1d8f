import { Hono } from "hono";
import type { Tasks } from "../../services/tasks/index.ts";
import type { AuthEnv } from "../auth.ts";
import { sendFailure } from "../respond.ts";
import { defineRoute } from "../defineRoute.ts";
import { zTaskDuplicates } from "../../domain/duplicates.ts";
import { err, idParam, json } from "../openapiParts.ts";

/** `/api/tasks/{id}/duplicates`: the recipes a waiting draft duplicates. */
export function duplicatesRoutes({ review }: Pick<Tasks, "review">): Hono<AuthEnv> {
  const r = new Hono<AuthEnv>();
  defineRoute(
    r,
    {
      method: "get",
      path: "/:id/duplicates",
      operationId: "getTaskDuplicates",
      summary:
        "The recipes the caller may see that a waiting draft duplicates: the same address (AMP, print, mobile and tracking variants folded in) or the same recipe (near-same title and ingredients)",
      requestParams: { path: idParam },
      responses: {
        "200": json(zTaskDuplicates, "Matches, best first (empty when none)"),
        "404": err("TASK_NOT_FOUND"),
        "409": err("TASK_NOT_REVIEWABLE"),
      },
    },
    async (c) => {
      const res = await review.duplicates(c.req.param("id"), c.get("caller"));
      return res.ok ? c.json(res.value) : sendFailure(c, res);
    },
  );
  return r;
}
