import { z } from "zod";

/** What a search may return: everything a user may see, of one kind or all. */
export const zSearchType = z.enum(["recipe", "article", "bookmark"]);
export type SearchType = z.infer<typeof zSearchType>;

/** `GET /api/search` query string. */
export const zSearchParams = z
  .object({
    q: z
      .string()
      .max(500)
      .default("")
      .describe(
        'What to look for, in words: "chickpea curry", "recipes with chickpeas and no dairy", "soup under 30 minutes", "tofu -peanut", "\\"brown butter\\"".',
      ),
    type: zSearchType.optional().describe("Only this kind of thing; all kinds when omitted."),
    tag: z.string().max(100).optional().describe("Recipes filed under this tag or category."),
    cuisine: z.string().max(100).optional().describe("Recipes of this cuisine."),
    maxMinutes: z.coerce
      .number()
      .int()
      .positive()
      .max(100_000)
      .optional()
      .describe("Recipes ready in at most this many minutes."),
    with: z.string().max(300).optional().describe("Comma-separated ingredients every recipe must have."),
    without: z
      .string()
      .max(300)
      .optional()
      .describe(
        "Comma-separated ingredients or groups (dairy, meat, fish, gluten, nuts, egg) no recipe may have.",
      ),
    limit: z.coerce.number().int().min(1).max(100).default(20).describe("Results per page (at most 100)."),
    cursor: z.string().max(500).optional().describe("`nextCursor` of the previous page."),
  })
  .meta({ id: "SearchParams" });
export type SearchParams = z.infer<typeof zSearchParams>;

/** A piece of a title or snippet; `match` marks the words the query found (render as highlight). */
export const zTextPart = z.object({ text: z.string(), match: z.boolean() }).meta({ id: "SearchTextPart" });
export type TextPart = z.infer<typeof zTextPart>;

export const zSearchHit = z
  .object({
    type: zSearchType,
    id: z.string(),
    title: z.string(),
    /** The title cut into highlighted and plain parts. */
    titleParts: z.array(zTextPart),
    /** A passage around the words found (ingredients, description, body or excerpt), may be empty. */
    snippet: z.array(zTextPart),
    url: z.string().nullable(),
    siteName: z.string().nullable(),
    /** Recipes: total time in minutes (0 unknown); null for other kinds. */
    totalTimeMinutes: z.number().int().nullable(),
    tags: z.array(z.string()),
    updatedAt: z.iso.datetime({ offset: true }),
    /** Relevance: higher first (newest first when the query has no words). */
    score: z.number(),
  })
  .meta({ id: "SearchHit" });
export type SearchHit = z.infer<typeof zSearchHit>;

export const zFacetCount = z
  .object({ value: z.string(), count: z.number().int() })
  .meta({ id: "SearchFacetCount" });

export const zSearchResult = z
  .object({
    items: z.array(zSearchHit),
    nextCursor: z.string().nullable(),
    /** True when nothing matched exactly and these are the closest spellings (typos forgiven). */
    fuzzy: z.boolean(),
    /** How the query was understood, for the screen to show ("without dairy", "under 30 minutes"). */
    understood: z.object({
      words: z.string(),
      type: zSearchType.nullable(),
      with: z.array(z.string()),
      without: z.array(z.string()),
      maxMinutes: z.number().int().nullable(),
    }),
    facets: z.object({
      /** Matches of each kind (before the `type` filter). */
      types: z.object({ recipe: z.number().int(), article: z.number().int(), bookmark: z.number().int() }),
      tags: z.array(zFacetCount),
      cuisines: z.array(zFacetCount),
      /** Recipes ready within 15, 30, 60 minutes, and all with a known time. */
      totalTime: z.array(z.object({ maxMinutes: z.number().int().nullable(), count: z.number().int() })),
    }),
  })
  .meta({ id: "SearchResult" });
export type SearchResult = z.infer<typeof zSearchResult>;
