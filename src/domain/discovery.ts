import { z } from "zod";

/** A ranked candidate as results, artifacts and the UI show it. */
export const zRankedCandidate = z
  .object({
    url: z.string(),
    title: z.string().nullable(),
    snippet: z.string().default(""),
    siteName: z.string().nullable().default(null),
    /** Ladle's combined score, 0..1: the order of the list. */
    score: z.number(),
    /** The provider's own score. */
    providerScore: z.number().default(0),
    provider: z.string().default(""),
    /** A recipe from this URL is already stored. */
    alreadyStored: z.boolean().default(false),
    recipeId: z.string().nullable().default(null),
    /** Why the score is what it is (signal → contribution). */
    signals: z.record(z.string(), z.number()).default({}),
  })
  .meta({ id: "DiscoveryCandidate" });
export type RankedCandidate = z.infer<typeof zRankedCandidate>;

/**
 * A query's constraints: `dietType`, `cuisine`, `maxPrepMinutes`
 * and any other key. Numbers and booleans are kept as given; words (strings) also steer the search.
 */
export const zConstraints = z
  .record(z.string(), z.union([z.string().trim().max(100), z.number(), z.boolean()]).nullable())
  .describe("e.g. { dietType: null, cuisine: 'Japanese', maxPrepMinutes: 60 }");
export type Constraints = z.infer<typeof zConstraints>;
