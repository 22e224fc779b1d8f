import { z } from "zod";
import { zConstraints } from "./discovery.ts";

/**
 * Payloads of the agent types besides Ingest (the task contract names Research and
 * Analysis as valid v1 types without defining them; these are Ladle's meanings, docs/api.md "Research
 * and Analysis tasks").
 */
export const zResearchPayload = z
  .object({
    /** The dish to research, as for an import by query. */
    query: z.string().trim().min(1, "query is required").max(500),
    /** dietType, cuisine and other words the results should match. */
    constraints: zConstraints.nullish(),
    /** How many recipes to read and compare (2-5, default 3). */
    recipes: z.number().int().min(2).max(5).default(3),
    render: z.enum(["never", "auto", "always"]).nullish(),
  })
  .meta({ id: "ResearchPayload" });
export type ResearchPayload = z.infer<typeof zResearchPayload>;

export const zAnalysisPayload = z
  .object({
    /** A committed recipe of the caller. */
    recipeId: z.string().trim().min(1, "recipeId is required"),
    /** Servings to scale the quantities to; default the recipe's own. */
    servings: z.number().positive().max(1000).nullish(),
  })
  .meta({ id: "AnalysisPayload" });
export type AnalysisPayload = z.infer<typeof zAnalysisPayload>;
