import { z } from "zod";

/** Longest title and excerpt kept; enrichment shortens longer page values at a word boundary. */
export const MAX_TITLE_CHARS = 500;
export const MAX_EXCERPT_CHARS = 2000;
export const MAX_URL_CHARS = 2048;

/** `enrichmentStatus` of a bookmark: pending until the last step settles. */
export const zEnrichmentStatus = z.enum(["pending", "succeeded", "failed"]).meta({ id: "EnrichmentStatus" });
export type EnrichmentStatus = z.infer<typeof zEnrichmentStatus>;

/** What the one page classifier said about the bookmarked page. */
export const zPageKind = z.enum(["recipe", "article", "other"]);
export type PageKind = z.infer<typeof zPageKind>;

const zHttpUrl = z
  .string()
  .trim()
  .min(1, "url is required")
  .max(MAX_URL_CHARS, `url must be at most ${MAX_URL_CHARS} characters`)
  .refine((u) => {
    try {
      const p = new URL(u).protocol;
      return p === "http:" || p === "https:";
    } catch {
      return false;
    }
  }, "url must be an absolute http(s) URL, e.g. https://example.com/page");

// An empty or blank user value means "none given": enrichment may fill it.
const optionalText = (max: number, name: string) =>
  z
    .string()
    .max(max, `${name} must be at most ${max} characters`)
    .transform((s) => s.trim() || null)
    .nullable()
    .optional();

/**
 * What the app a bookmark came from knew of it (browser, Pocket, Omnivore, Karakeep
 * exports): tags, the folder path ("Recipes / Soups"), when it was first saved there, and whether
 * it was read or archived. Kept as given; enrichment never touches them.
 */
export const zBookmarkOrigin = z.object({
  tags: z.array(z.string().trim().min(1).max(100)).max(100).default([]),
  folder: z.string().trim().max(500).nullable().default(null),
  /** ISO-8601; `createdAt` stays when Ladle got the bookmark. */
  savedAt: z.iso.datetime({ offset: true }).nullable().default(null),
  archived: z.boolean().default(false),
});
export type BookmarkOrigin = z.infer<typeof zBookmarkOrigin>;

/**
 * `POST /api/v1/items`. A title or excerpt given here wins over enrichment. Without
 * `libraryId` the bookmark goes to the user's default library.
 */
export const zCreateItemRequest = z
  .object({
    url: zHttpUrl,
    title: optionalText(MAX_TITLE_CHARS, "title"),
    excerpt: optionalText(MAX_EXCERPT_CHARS, "excerpt"),
    libraryId: z.string().trim().min(1).max(200).nullable().optional(),
    /** Tags, folder, first-saved date and archived flag, e.g. from another app's export. */
    tags: zBookmarkOrigin.shape.tags.optional(),
    folder: zBookmarkOrigin.shape.folder.optional(),
    savedAt: zBookmarkOrigin.shape.savedAt.optional(),
    archived: zBookmarkOrigin.shape.archived.optional(),
  })
  .meta({ id: "CreateItemRequest" });
export type CreateItemRequest = z.infer<typeof zCreateItemRequest>;

/**
 * `PATCH /api/v1/items/{id}`: a string sets the value and locks it against enrichment; `null`
 * clears it and unlocks it (the next enrichment fills it again); an absent key is left as is.
 */
export const zUpdateItemRequest = z
  .object({
    title: optionalText(MAX_TITLE_CHARS, "title"),
    excerpt: optionalText(MAX_EXCERPT_CHARS, "excerpt"),
    /** Moves the bookmark to another of the user's libraries (null: back to the default one). */
    libraryId: z.string().trim().min(1).max(200).nullable().optional(),
  })
  .strict()
  .meta({ id: "UpdateItemRequest" });
export type UpdateItemRequest = z.infer<typeof zUpdateItemRequest>;

/** `GET /api/v1/items` query: newest first, keyset-paged by `cursor`. */
export const zItemListQuery = z.object({
  enrichmentStatus: zEnrichmentStatus.optional(),
  libraryId: z.string().trim().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  /** The `nextCursor` of the previous page. */
  cursor: z.string().trim().min(1).max(200).optional(),
});
export type ItemListQuery = z.infer<typeof zItemListQuery>;

/** A bookmark as the API returns it. */
export const zItem = z
  .object({
    id: z.string(),
    url: z.string(),
    normalizedUrl: z.string(),
    title: z.string().nullable(),
    excerpt: z.string().nullable(),
    /** True when the user gave the value: enrichment leaves it alone. */
    titleLocked: z.boolean(),
    excerptLocked: z.boolean(),
    /** The page's og:image / twitter:image, absolute http(s). */
    previewImageUrl: z.string().nullable(),
    /** The screenshot card thumbnail of the async fallback, when one was taken. */
    thumbnailUrl: z.string().nullable(),
    /**
     * What Ladle's own UI shows: the preview image through Ladle's image proxy (or directly when
     * `Enrichment:UiImageProxy` is off), else the screenshot thumbnail; null when neither exists.
     */
    displayImageUrl: z.string().nullable(),
    pageKind: zPageKind.nullable(),
    enrichmentStatus: zEnrichmentStatus,
    /** Why enrichment failed, or what it could not do, in words. */
    enrichmentError: z.string().nullable(),
    enrichedAt: z.string().nullable(),
    libraryId: z.string().nullable(),
    tags: z.array(z.string()),
    /** The folder path it had in the browser it came from ("Recipes / Soups"). */
    folder: z.string().nullable(),
    /** When it was first saved, in the app it came from (ISO-8601). */
    savedAt: z.string().nullable(),
    archived: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** "browser": the cook's own browser sent the page (the server never fetched it). */
    sentFrom: z.literal("browser").optional(),
  })
  .meta({ id: "Item" });
export type Item = z.infer<typeof zItem>;

export const zItemList = z
  .object({ items: z.array(zItem), nextCursor: z.string().nullable() })
  .meta({ id: "ItemList" });

/** Payload of an async enrichment job: which item, and whose (ownership check). */
export const zEnrichItemJob = z.object({ itemId: z.string().min(1), userId: z.string().min(1) });
export type EnrichItemJob = z.infer<typeof zEnrichItemJob>;
