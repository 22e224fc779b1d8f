import { Hono } from "hono";
import { zSearchParams, zSearchResult } from "../../domain/search.ts";
import type { Search } from "../../services/search/index.ts";
import type { AuthEnv } from "../auth.ts";
import { sendError } from "../respond.ts";
import { defineRoute, refuseWith } from "../defineRoute.ts";
import { err, json } from "../openapiParts.ts";

/** `GET /api/search`: everything the caller may see, found by words, filters and facets. */
export function searchRoutes({ search }: Search): Hono<AuthEnv> {
  const r = new Hono<AuthEnv>();
  defineRoute(
    r,
    {
      method: "get",
      path: "/",
      operationId: "search",
      summary: "Search the recipes, articles and bookmarks the caller may see",
      description:
        "Words are matched stemmed and as prefixes; when nothing matches, typos are forgiven (`fuzzy: true`). " +
        'The query understands "with X", "no X"/"without X" (ingredients or the groups dairy, meat, fish, gluten, nuts, egg), ' +
        '"under 30 minutes", quoted phrases, OR and -word. Results are ranked, highlighted and paged by cursor.',
      requestParams: { query: zSearchParams },
      responses: {
        "200": json(zSearchResult, "Hits, facets and the next page's cursor"),
        "400": err("INVALID_REQUEST, INVALID_CURSOR"),
      },
      invalid: refuseWith(
        "INVALID_REQUEST",
        (p) =>
          `Check ${p.issues.map((i) => i.path.join(".") || "query").join(", ")}: q is text up to 500 characters, type is recipe, article or bookmark, limit 1-100.`,
      ),
    },
    async (c) => {
      const res = await search.search(c.get("caller"), c.req.valid("query"));
      if (!res.ok) return sendError(c, "INVALID_CURSOR");
      return c.json(res.value);
    },
  );
  return r;
}
