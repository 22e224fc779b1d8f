// What a task's `result` holds depends on its agent type (the API declares it `unknown`): each
// screen reads it through one of these schemas, so a task of another kind, or a result from an
// older server, answers null instead of a script error. zod/mini: the small build of the library
// the server's own schemas use (about 6 kB gzipped in the bundle).
import * as z from "zod/mini";
import type { components } from "./schema.gen.ts";
import type { Task } from "./types.ts";

type S = components["schemas"];

const patchOp: z.ZodMiniType<S["NormalizePatchOpOutput"]> = z.object({
  op: z.enum(["add", "remove", "replace", "move", "copy", "test"]),
  path: z.string(),
  value: z.optional(z.unknown()),
  from: z.optional(z.string()),
  riskCategory: z.enum(["Low", "High"]),
  id: z.optional(z.number()),
  guards: z.optional(z.number()),
  rule: z.optional(z.string()),
  relabelled: z.optional(z.string()),
  before: z.optional(z.unknown()),
});

/** A Normalize task's result: the parts the tidy-up screen reads (NormalizeResult in the API). */
export type NormalizeView = Pick<S["NormalizeResult"], "patch" | "diffSummary" | "warnings" | "target"> & {
  dropped: { op?: unknown; reason: string }[];
  autoApplied?: S["NormalizeResult"]["autoApplied"];
};
export const normalizeResult: z.ZodMiniType<NormalizeView> = z.object({
  patch: z.array(patchOp),
  diffSummary: z.array(z.string()),
  warnings: z.array(z.string()),
  dropped: z.array(z.object({ op: z.optional(z.unknown()), reason: z.string() })),
  target: z.object({
    kind: z.enum(["recipe", "draft"]),
    recipeId: z.nullable(z.string()),
    taskId: z.nullable(z.string()),
    version: z.number(),
  }),
  autoApplied: z.optional(z.nullable(z.object({ version: z.number(), ids: z.array(z.number()) }))),
});

/** An Analysis task's result: allergens and diet verdicts for a recipe (src/pipeline/analyzeRecipe.ts). */
export const analysisResult = z.object({
  diet: z.array(
    z.object({
      label: z.string(),
      verdict: z.enum(["yes", "no", "unknown", "not checked"]),
      because: z.array(z.string()),
    }),
  ),
  allergens: z.array(z.object({ allergen: z.string(), ingredients: z.array(z.string()) })),
  ingredients: z.array(z.unknown()),
  notUnderstood: z.array(z.string()),
  notes: z.array(z.string()),
});
export type AnalysisView = z.infer<typeof analysisResult>;

/** An Ingest task's result, the parts an import by query adds: the pages found and those tried. */
export const ingestCandidates = z.object({
  candidates: z.array(
    z.object({
      url: z.string(),
      title: z.nullable(z.string()),
      snippet: z.optional(z.string()),
      siteName: z.optional(z.nullable(z.string())),
      score: z.number(),
      alreadyStored: z.optional(z.boolean()),
    }),
  ),
  selectedCandidateIndex: z.optional(z.nullable(z.number())),
  attempts: z.optional(
    z.array(
      z.object({
        index: z.number(),
        outcome: z.enum(["imported", "skipped"]),
        reason: z.optional(z.nullable(z.string())),
      }),
    ),
  ),
});
export type IngestCandidatesView = z.infer<typeof ingestCandidates>;

/** The task's result read by `schema`, or null when it is not that kind of result. */
export function resultOf<T>(task: Task, schema: z.ZodMiniType<T>): T | null {
  const read = schema.safeParse(task.result);
  return read.success ? read.data : null;
}
