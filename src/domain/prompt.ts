import { z } from "zod";

/** A versioned prompt template. */
export const zPromptTemplate = z
  .object({
    id: z.string(),
    name: z.string(),
    phase: z.string(),
    version: z.number().int(),
    isActive: z.boolean(),
    systemPrompt: z.string(),
    userPromptTemplate: z.string(),
    constraints: z.record(z.string(), z.string()),
    createdAt: z.string(),
    createdBy: z.string().nullable(),
  })
  .meta({ id: "PromptTemplate" });
export type PromptTemplate = z.infer<typeof zPromptTemplate>;

/** `POST /api/prompts`: a new version of a phase's prompt. */
export const zCreatePromptRequest = z
  .object({
    phase: z.string().min(1),
    name: z.string().min(1).max(200).optional(),
    systemPrompt: z.string().min(1).max(20_000),
    userPromptTemplate: z.string().min(1).max(50_000),
    constraints: z.record(z.string(), z.string()).optional(),
    /** Make it the phase's active prompt at once. Default false. */
    activate: z.boolean().optional(),
  })
  .meta({ id: "CreatePromptRequest" });
export type CreatePromptRequest = z.infer<typeof zCreatePromptRequest>;
