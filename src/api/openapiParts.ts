import { z } from "zod";

// Pieces route definitions (defineRoute in src/api/<family>/<family>.routes.ts) describe their answers with.

export const zErrorBody = z
  .object({ code: z.string(), message: z.string(), details: z.record(z.string(), z.unknown()).optional() })
  .meta({ id: "Error" });

export const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});
export const err = (description: string) => json(zErrorBody, description);
export const idParam = z.object({ id: z.string() });
/** A path id that is a database UUID: anything else answers 404 before a query sees it (defineRoute). */
export const uuidParam = z.object({ id: z.uuid() });
export const zRecipeLibraries = z.object({
  recipeId: z.string(),
  libraries: z.array(z.object({ id: z.string(), name: z.string() })),
});
export const zArticleError = z
  .object({ error: z.object({ code: z.string(), message: z.string() }) })
  .meta({ id: "ArticleError" });
export const artErr = (description: string) => json(zArticleError, description);
