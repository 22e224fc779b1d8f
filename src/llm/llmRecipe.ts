import { z } from "zod";

/** What the LLM returns for Ingest.Extract: a flat, fully-required shape that small models manage. */
export const zLlmRecipe = z.object({
  isRecipe: z.boolean(),
  name: z.string(),
  description: z.string().nullable(),
  ingredients: z.array(
    z.object({
      text: z.string(),
      quantity: z.number().nonnegative(),
      unit: z.string().nullable(),
      name: z.string(),
      notes: z.string().nullable(),
    }),
  ),
  instructions: z.array(z.string()),
  prepTimeMinutes: z.number().int().nonnegative().nullable(),
  cookTimeMinutes: z.number().int().nonnegative().nullable(),
  totalTimeMinutes: z.number().int().nonnegative().nullable(),
  servings: z.number().int().nonnegative().nullable(),
  yield: z.string().nullable(),
  cuisine: z.string().nullable(),
  dietType: z.string().nullable(),
  tags: z.array(z.string()),
});
export type LlmRecipe = z.infer<typeof zLlmRecipe>;

/** What the LLM returns for Ingest.RepairParaphrase. */
export const zLlmParaphrase = z.object({
  description: z.string().nullable(),
  instructions: z.array(z.string()),
});
export type LlmParaphrase = z.infer<typeof zLlmParaphrase>;
