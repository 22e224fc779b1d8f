import { Hono } from "hono";
import type { Ladle } from "../../services/ladle.ts";
import type { AuthEnv } from "../auth.ts";
import { sendFailure } from "../respond.ts";

/** `/api/tasks/{id}/duplicates` (issue 30): the recipes a waiting draft duplicates. */
export function duplicatesRoutes(ladle: Ladle): Hono<AuthEnv> {
  const r = new Hono<AuthEnv>();
  r.get("/:id/duplicates", async (c) => {
    const res = await ladle.review.duplicates(c.req.param("id"), c.get("caller"));
    return res.ok ? c.json(res.value) : sendFailure(c, res);
  });
  return r;
}
