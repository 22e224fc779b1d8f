import { z } from "zod";
import { zSearchType } from "../../domain/search.ts";
import { fail } from "../../errors.ts";
import { defineOp, failed, ok } from "../operation.ts";

export const searchTools = [
  defineOp({
    name: "search",
    title: "Search everything",
    description:
      'Find the user\'s recipes, articles and bookmarks (their own and their libraries\'): words are matched stemmed and as prefixes, typos are forgiven when nothing matches exactly (fuzzy: true). The query understands "with chickpeas", "no dairy"/"without nuts" (ingredients or the groups dairy, meat, fish, gluten, nuts, egg), "under 30 minutes", quoted phrases, OR and -word. Returns {items (type, id, title, titleParts, snippet, url, totalTimeMinutes, tags), nextCursor, fuzzy, understood, facets}.',
    readOnly: true,
    input: {
      q: z
        .string()
        .max(500)
        .default("")
        .describe('What to look for, e.g. "chickpea curry" or "soup with lentils and no dairy".'),
      type: zSearchType.optional().describe("Only recipes, articles or bookmarks."),
      tag: z.string().max(100).optional().describe("Recipes filed under this tag or category."),
      cuisine: z.string().max(100).optional().describe("Recipes of this cuisine."),
      maxMinutes: z
        .number()
        .int()
        .positive()
        .optional()
        .describe("Recipes ready in at most this many minutes."),
      with: z.string().max(300).optional().describe("Comma-separated ingredients every recipe must have."),
      without: z.string().max(300).optional().describe("Comma-separated ingredients or groups to leave out."),
      limit: z.number().int().min(1).max(100).default(20).describe("Results per page (at most 100)."),
      cursor: z.string().max(500).optional().describe("The nextCursor of the previous page."),
    },
    async run(ctx, input) {
      const res = await ctx.ladle.search.search(ctx.caller, input);
      return res.ok ? ok(res.value) : failed(fail("INVALID_CURSOR"));
    },
  }),
];
