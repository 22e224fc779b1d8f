import { z } from "zod";
import { zExtractionMethod, zRecipe, zRecipeSource } from "./recipe.ts";

/** Validation output. `isValid` is true when there are no errors. */
export const zValidationReport = z
  .object({
    errors: z.array(z.string()),
    warnings: z.array(z.string()),
    isValid: z.boolean(),
  })
  .meta({ id: "ValidationReport" });
export type ValidationReport = z.infer<typeof zValidationReport>;

/** Paraphrase guardrail output. */
export const zSimilarityReport = z
  .object({
    maxContiguousTokenOverlap: z.number().int(),
    maxNgramSimilarity: z.number(),
    violatesPolicy: z.boolean(),
    details: z.string().nullable(),
    /**
     * False when the check had nothing to compare with (the page gave no text): the text is then
     * not known to be the writer's own, only not checked.
     */
    checked: z.boolean().default(true),
  })
  .meta({ id: "SimilarityReport" });
export type SimilarityReport = z.infer<typeof zSimilarityReport>;

/** Reference to a stored artifact. */
export const zArtifactRef = z
  .object({
    /** e.g. "snapshot.text", "draft.recipe.json" */
    type: z.string(),
    /** e.g. "artifacts/{taskId}/snapshot.txt" */
    uri: z.string(),
  })
  .meta({ id: "ArtifactRef" });
export type ArtifactRef = z.infer<typeof zArtifactRef>;

/** Page classification recorded on a draft. */
export const zPageClass = z
  .object({ kind: z.enum(["recipe", "article", "other"]), confidence: z.number().min(0).max(1) })
  .meta({ id: "PageClass" });
export type PageClass = z.infer<typeof zPageClass>;

/**
 * A line of the draft to check against the original before saving: text recognition read it with
 * little confidence, or an amount it read was corrected ("11/2 cups" read as "1 1/2 cups").
 */
export const zLineToCheck = z
  .object({
    field: z.enum(["ingredients", "instructions"]),
    /** The line's place in that list of the recipe. */
    index: z.number().int().min(0),
    /** The recipe's line as drafted. */
    text: z.string(),
    /** The line as text recognition read it. */
    read: z.string(),
    /** How sure text recognition was of the line's least sure word, 0..100. */
    confidence: z.number().min(0).max(100),
    /**
     * Why: `amount_corrected` (an amount no recipe writes, read as the one it was), `amount_unsure`
     * (what stands where the amount should is no amount, or was read unsurely), `low_confidence`.
     */
    reason: z.enum(["low_confidence", "amount_corrected", "amount_unsure"]),
  })
  .meta({ id: "LineToCheck" });
export type LineToCheck = z.infer<typeof zLineToCheck>;

/** The unit of review: a canonical recipe plus provenance, validation and artifacts. */
export const zRecipeDraft = z
  .object({
    recipe: zRecipe,
    source: zRecipeSource,
    validation: zValidationReport,
    similarity: zSimilarityReport.nullable().default(null),
    artifacts: z.array(zArtifactRef).default([]),
    /** Which method produced each top-level recipe field. */
    fieldMethods: z.record(z.string(), zExtractionMethod).default({}),
    classification: zPageClass.nullable().default(null),
    /** Other recipes found on the same page (the main one is `recipe`). */
    alternates: z.array(zRecipe).default([]),
    /** Lines read from a photo or a scan to check against it (none for typed text and pages). */
    linesToCheck: z.array(zLineToCheck).optional(),
  })
  .meta({ id: "RecipeDraft" });
export type RecipeDraft = z.infer<typeof zRecipeDraft>;
