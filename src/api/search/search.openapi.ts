import type { ZodOpenApiPathsObject } from "zod-openapi";
import { zSearchParams, zSearchResult } from "../../domain/search.ts";
import { err, json } from "../openapiParts.ts";

/** The contract of search, beside the route that serves it; src/api/openapi.ts composes the document. */
export const searchPaths: ZodOpenApiPathsObject = {
  "/api/search": {
    get: {
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
    },
  },
};
