import { z } from "zod";
import { zBool } from "../../configParts.ts";

// The Archives section (kept copies of pages).
// Declared beside the code that reads it; src/config.ts composes every section into one validated object.

/** Full-page archives of articles and bookmarks. */
export const zArchives = z.object({
  /** One kept page's cap in MB, pictures included: pictures beyond it are made smaller or left out, and the copy says so. */
  MaxMegabytesPerArchive: z.coerce.number().positive().max(200).default(5),
  /** All of one person's kept pages, in MB (0: no cap of their own; the person's storage limit still applies). */
  MaxMegabytesPerPerson: z.coerce.number().min(0).default(250),
  /** Pictures, fonts and stylesheets one kept page fetches at most; the rest are left out. */
  MaxResources: z.coerce.number().int().min(0).max(2000).default(150),
  /** Keep a copy of the page whenever an article is read or a bookmark saved (off: only when someone asks). */
  KeepAutomatically: zBool().default(false),
});
