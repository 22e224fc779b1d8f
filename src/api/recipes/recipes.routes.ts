import { Hono } from "hono";
import { z } from "zod";
import { zCommitRequest } from "../../services/review.service.ts";
import type { Ladle } from "../../services/ladle.ts";
import type { AuthEnv } from "../auth.ts";
import { readJson, sendError, sendFailure } from "../respond.ts";

export const zRecipeListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  q: z.string().trim().max(200).optional(),
});

/** `/api/recipes`: committed recipes and the commit endpoint (§8.2). */
export function recipesRoutes(ladle: Ladle): Hono<AuthEnv> {
  const r = new Hono<AuthEnv>();

  r.post("/import", async (c) => {
    const body = await readJson(c, "INVALID_PAYLOAD");
    if (!body.ok) return sendFailure(c, body);
    const req = zCommitRequest.safeParse(body.value);
    if (!req.success) return sendError(c, "INVALID_PAYLOAD", "taskId is required.");
    const ifMatch = c.req.header("if-match");
    const version = ifMatch ? Number(/^(?:W\/)?"?(\d+)"?$/.exec(ifMatch.trim())?.[1] ?? NaN) : null;
    if (ifMatch && !Number.isInteger(version)) {
      return sendError(
        c,
        "INVALID_PAYLOAD",
        `If-Match must be the task's ETag (its version), got ${ifMatch}.`,
      );
    }
    const res = await ladle.review.commit(req.data, { ifMatch: version, caller: c.get("caller").name });
    if (!res.ok) return sendFailure(c, res);
    c.header("Location", `/api/recipes/${res.value.recipe.id}`);
    return c.json(res.value, 200);
  });

  r.get("/", async (c) => {
    const q = zRecipeListQuery.safeParse(c.req.query());
    if (!q.success)
      return sendError(
        c,
        "INVALID_REQUEST",
        q.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "),
      );
    return c.json(
      await ladle.recipes.list({
        page: q.data.page,
        pageSize: q.data.pageSize,
        ...(q.data.q ? { q: q.data.q } : {}),
      }),
    );
  });

  r.get("/:id", async (c) => {
    const res = await ladle.recipes.get(c.req.param("id"));
    if (!res.ok) return sendFailure(c, res);
    return c.json(res.value);
  });

  return r;
}
