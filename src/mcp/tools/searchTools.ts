import { zSearchParams } from "../../domain/search.ts";
import { fail } from "../../errors.ts";
import { defineOp, failed, ok } from "../operation.ts";

export const searchTools = [
  defineOp({
    name: "search",
    title: "Search everything",
    description:
      'Find the user\'s recipes, articles and bookmarks (their own and their libraries\'): words are matched stemmed and as prefixes, typos are forgiven when nothing matches exactly (fuzzy: true). The query understands "with chickpeas", "no dairy"/"without nuts" (ingredients or the groups dairy, meat, fish, gluten, nuts, egg), "under 30 minutes", quoted phrases, OR and -word. Returns {items (type, id, title, titleParts, snippet, url, totalTimeMinutes, tags), nextCursor, fuzzy, understood, facets}.',
    readOnly: true,
    // The same fields, descriptions and limits as GET /api/search (one zod source).
    input: zSearchParams.shape,
    async run(ctx, input) {
      const res = await ctx.ladle.search.search(ctx.caller, input);
      return res.ok ? ok(res.value) : failed(fail("INVALID_CURSOR"));
    },
  }),
];
