import { z } from "zod";

/** A person's kept copy of a page. */
export const zArchive = z
  .object({
    id: z.string(),
    articleId: z.string().nullable(),
    bookmarkId: z.string().nullable(),
    sourceUrl: z.string(),
    title: z.string().nullable(),
    sizeBytes: z.number().int(),
    imagesKept: z.number().int(),
    imagesShrunk: z.number().int(),
    imagesLeftOut: z.number().int(),
    createdAt: z.string(),
    /** Where the copy reads: a page of its own, served with no scripts. */
    url: z.string(),
  })
  .meta({ id: "Archive" });
export type Archive = z.infer<typeof zArchive>;

/** What to keep a copy of: one of your articles or one of your bookmarks. */
export const zKeepArchiveRequest = z
  .object({
    articleId: z.uuid().optional(),
    bookmarkId: z.string().min(1).max(100).optional(),
  })
  .refine((r) => !!r.articleId !== !!r.bookmarkId, {
    message: "Name either articleId or bookmarkId (one of them).",
  });
export type KeepArchiveRequest = z.infer<typeof zKeepArchiveRequest>;

/** A person's kept copies and the room they take. */
export const zArchiveList = z.object({
  archives: z.array(zArchive),
  usedBytes: z.number(),
  limitBytes: z.number().nullable(),
});
