import { z } from "zod";

/**
 * A page the cook's own browser sends (the bookmarklet's Ladle window, the extension): its
 * rendered document, serialised, with the address it was shown at. The server reads it as it
 * would read a page it fetched, and never fetches that address itself.
 */
export const zCaptureKind = z.enum(["recipe", "article", "bookmark"]).meta({ id: "CaptureKind" });
export type CaptureKind = z.infer<typeof zCaptureKind>;

export const zCaptureRequest = z
  .object({
    /** The address the page was shown at (http or https). */
    url: z.string().trim().min(1, "url is required").max(8192),
    /** `document.documentElement.outerHTML`; its size is capped by Imports:MaxCaptureKb. */
    html: z.string().min(1, "html is required"),
    title: z.string().max(1000).nullish(),
    /** What to make of it: a recipe draft to review (default), an article, a bookmark. */
    as: zCaptureKind.default("recipe"),
    /** The library an article or bookmark goes to (default: the caller's own). */
    libraryId: z.string().max(100).nullish(),
  })
  .meta({ id: "CaptureRequest" });
export type CaptureRequest = z.input<typeof zCaptureRequest>;

export const zCaptureResult = z
  .object({
    as: zCaptureKind,
    /** recipe: the import task reaching review; article: the media id; bookmark: the item id. */
    id: z.string(),
    /** Where the web app shows it. */
    screen: z.string(),
    /** The API address of what was made. */
    location: z.string(),
    sentFrom: z.literal("browser"),
  })
  .meta({ id: "CaptureResult" });
export type CaptureResult = z.infer<typeof zCaptureResult>;
