import { z } from "zod";

/** One operation the LLM proposes for Ingest.Normalize; Ladle checks its path, result and label. */
export const zLlmPatchOp = z.object({
  op: z.enum(["add", "remove", "replace", "move", "copy"]),
  path: z.string(),
  value: z.unknown().optional(),
  from: z.string().optional(),
  riskCategory: z.enum(["Low", "High"]).optional(),
  /** Why, in a few words ("canonical ingredient name"). */
  reason: z.string().optional(),
});

/** What the LLM returns for Ingest.Normalize: a JSON Patch (a bare array is accepted too). */
export const zLlmPatch = z.preprocess(
  (v) => (Array.isArray(v) ? { patch: v } : v),
  z.object({ patch: z.array(zLlmPatchOp).max(200) }),
);
export type LlmPatch = z.infer<typeof zLlmPatch>;
