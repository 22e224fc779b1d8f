import { z } from "zod";

/** One recipe a draft duplicates: shown as "You already have this". */
export const zDuplicateMatch = z
  .object({
    recipeId: z.string(),
    title: z.string(),
    /** "same address": the same page (after AMP, print, mobile and tracking are folded in); "same recipe": near-same title and ingredients. */
    reason: z.enum(["same address", "same recipe"]),
    /** 0..1; 1 for the same address. */
    score: z.number(),
    /** The caller may update it (commit with duplicateAction "replace" and duplicateOf). */
    canUpdate: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: "DuplicateMatch" });
export type DuplicateMatchView = z.infer<typeof zDuplicateMatch>;

/** `GET /api/tasks/{id}/duplicates`. */
export const zTaskDuplicates = z
  .object({ taskId: z.string(), duplicates: z.array(zDuplicateMatch) })
  .meta({ id: "TaskDuplicates" });
