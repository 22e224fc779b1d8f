import { Hono } from "hono";
import { zSearchParams } from "../../domain/search.ts";
import type { Ladle } from "../../services/ladle.ts";
import type { AuthEnv } from "../auth.ts";
import { sendError } from "../respond.ts";

/** `GET /api/search`: everything the caller may see, found by words, filters and facets. */
export function searchRoutes(ladle: Ladle): Hono<AuthEnv> {
  const r = new Hono<AuthEnv>();
  r.get("/", async (c) => {
    const params = zSearchParams.safeParse(c.req.query());
    if (!params.success) {
      const where = params.error.issues.map((i) => i.path.join(".") || "query").join(", ");
      return sendError(
        c,
        "INVALID_REQUEST",
        `Check ${where}: q is text up to 500 characters, type is recipe, article or bookmark, limit 1-100.`,
      );
    }
    const res = await ladle.search.search(c.get("caller"), params.data);
    if (!res.ok) return sendError(c, "INVALID_CURSOR");
    return c.json(res.value);
  });
  return r;
}
