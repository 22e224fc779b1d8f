import { z } from "zod";

// The Feeds section (RSS and Atom subscriptions).
// Declared beside the code that reads it; src/config.ts composes every section into one validated object.

/** Feeds: how often they are fetched and how much one fetch imports. */
export const zFeeds = z.object({
  /** Minutes between two fetches of a feed when its subscriber does not say. */
  DefaultIntervalMinutes: z.coerce.number().int().min(5).default(60),
  /** The shortest interval a subscriber may ask for (politeness towards the feed's site). */
  MinIntervalMinutes: z.coerce.number().int().min(1).default(15),
  /** New entries one fetch turns into articles, newest first; the rest wait for the next fetch. */
  NewestPerFetch: z.coerce.number().int().min(1).max(1000).default(50),
  /** Size cap of a feed document. */
  MaxFeedBytes: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 1024 * 1024),
  /** Fetches each feed's log keeps (older ones are deleted). */
  LogKeeps: z.coerce.number().int().min(10).default(200),
});
export type FeedsConfig = z.infer<typeof zFeeds>;
