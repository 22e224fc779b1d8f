import { z } from "zod";

/**
 * A highlighted passage of an article with an optional note, anchored the W3C Web Annotation way:
 * a text position (start, end) and a text quote with some words before and after it, so it is
 * found again where the article's text moved.
 */
export const zHighlight = z
  .object({
    id: z.string(),
    articleId: z.string(),
    articleTitle: z.string().nullable(),
    articleUrl: z.string(),
    quote: z.string(),
    prefix: z.string(),
    suffix: z.string(),
    start: z.number().int(),
    end: z.number().int(),
    note: z.string().nullable(),
    /** "exact": where it was; "moved": found again elsewhere in a re-read text; "lost": its words are gone. */
    anchor: z.enum(["exact", "moved", "lost"]),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "Highlight" });
export type Highlight = z.infer<typeof zHighlight>;

export const zNewHighlight = z.object({
  articleId: z.uuid(),
  quote: z.string().min(1).max(5000),
  prefix: z.string().max(200).optional(),
  suffix: z.string().max(200).optional(),
  start: z.number().int().min(0),
  end: z.number().int().min(1),
  note: z.string().max(5000).nullable().optional(),
});
export type NewHighlight = z.infer<typeof zNewHighlight>;

export const zHighlightPatch = z.object({ note: z.string().max(5000).nullable() });
