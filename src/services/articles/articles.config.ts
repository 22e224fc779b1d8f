import { z } from "zod";

// The Articles section (web articles).
// Declared beside the code that reads it; src/config.ts composes every section into one validated object.

/** Web articles. */
export const zArticles = z.object({
  /** Browser rendering of article pages: always (the spec's "fetch url via headless browser"), auto, never. */
  Render: z.enum(["never", "auto", "always"]).default("always"),
  /** Attempts for E_FETCH_FAILED before the article fails (automatic retries). */
  MaxFetchAttempts: z.coerce.number().int().min(1).max(10).default(3),
  /** Delay before an automatic retry, multiplied by the attempt number. */
  RetryDelaySeconds: z.coerce.number().int().min(0).default(30),
  /** Worker threads reading pages (jsdom + Readability) per worker process. */
  ParseWorkers: z.coerce.number().int().positive().default(2),
  /** One page's reading time limit. */
  ParseTimeoutMs: z.coerce.number().int().positive().default(30_000),
  /** Heap cap of a reading thread (MB). */
  ParseMemoryMb: z.coerce.number().int().min(64).default(512),
  /** DOM-size cap: pages with more elements are not read (Readability's maxElemsToParse). */
  MaxDomElements: z.coerce.number().int().positive().default(100_000),
  /** The image proxy's size cap: 10 MB. */
  MaxImageBytes: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
});
