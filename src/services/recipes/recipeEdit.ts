import { z } from "zod";
import { zRecipe, type StoredRecipe } from "../../domain/recipe.ts";
import type { Caller } from "../../domain/user.ts";
import { fail, type Failure } from "../../errors.ts";
import { checkRecipe, type RecipeIssue } from "../../pipeline/validateRecipe.ts";
import type { RecipesRepo } from "../../storage/recipes.repo.ts";
import { prepareRecipe, toStoredRecipe } from "./commitRequest.ts";
import { submittedUrlProblem } from "../shared/submittedUrl.ts";
import type { Config } from "../../config.ts";

/** An edit of a saved recipe: the fields to change, merged over the current recipe. */
export const zRecipeEditRequest = z
  .object({
    /** Recipe fields to change (name, ingredients as lines or objects, instructions as strings…). */
    changes: z.record(z.string(), z.unknown()),
    /** The version the editor saw; a recipe changed since answers RECIPE_VERSION_CONFLICT. */
    expectedVersion: z.number().int().min(1).optional(),
    /** A note kept with the new version. */
    note: z.string().max(500).optional(),
  })
  .meta({ id: "RecipeEditRequest" });
export type RecipeEditRequest = z.infer<typeof zRecipeEditRequest>;

/** Fields the record keeps for itself: an edit never changes them. */
const KEPT = [
  "id",
  "createdAt",
  "updatedAt",
  "taskId",
  "version",
  "deletedAt",
  "commitWarnings",
  "guardrailOverride",
];

/**
 * Edits a saved recipe as a new version (kind "edit"), validated as a commit is: the merged recipe
 * must parse and have no errors; warnings come back. Only the owner or an admin may edit; anyone
 * else gets RECIPE_NOT_FOUND, as for a recipe that does not exist.
 */
export async function editRecipe(
  deps: { recipes: RecipesRepo; now: () => Date; config: Config },
  caller: Caller,
  id: string,
  req: RecipeEditRequest,
): Promise<{ ok: true; value: { recipe: StoredRecipe; warnings: RecipeIssue[] } } | Failure> {
  const repo = deps.recipes;
  // Editors of a library it is shared into may change it too (storage/access.ts).
  const row = await repo.get(id, caller, "edit");
  if (!row) return fail("RECIPE_NOT_FOUND", `Recipe ${id} does not exist.`, { recipeId: id });
  if (req.expectedVersion !== undefined && req.expectedVersion !== row.version)
    return fail(
      "RECIPE_VERSION_CONFLICT",
      `The recipe is at version ${row.version}, not ${req.expectedVersion}; read it again and redo the edit.`,
      { current: row.version },
    );
  const current = toStoredRecipe(row);
  const changes = Object.fromEntries(Object.entries(req.changes).filter(([k]) => !KEPT.includes(k)));
  if (!Object.keys(changes).length)
    return fail("INVALID_PAYLOAD", `Nothing to change: give recipe fields such as name or ingredients.`);
  const parsed = zRecipe.safeParse({ ...current, ...(prepareRecipe(changes) as object) });
  if (!parsed.success)
    return fail(
      "INVALID_RECIPE",
      parsed.error.issues.map((i) => `${i.path.join(".") || "recipe"}: ${i.message}`).join("; "),
    );
  // A picture's address is fetched later (image proxy, exports): the same rule as any submitted URL,
  // so no credentials and no private address are stored. Ladle's own picture paths stay as they are.
  const image = parsed.data.imageUrl;
  if (image && image !== current.imageUrl && !image.startsWith("/")) {
    const problem = submittedUrlProblem(image, deps.config);
    if (problem) return fail("INVALID_RECIPE", `imageUrl: ${problem}`, { field: "imageUrl" });
  }
  const check = checkRecipe(parsed.data);
  if (check.errors.length)
    return fail("INVALID_RECIPE", check.errors.map((e) => `${e.field}: ${e.message}`).join(" "), {
      errors: check.errors,
    });
  const at = deps.now();
  const document = { ...current, ...parsed.data, id: current.id, updatedAt: at.toISOString() };
  delete (document as Partial<StoredRecipe>).version;
  delete (document as Partial<StoredRecipe>).deletedAt;
  const written = await repo.updateWithVersion(
    id,
    row.version,
    document,
    { kind: "edit", createdBy: caller.name, note: req.note ?? null },
    at,
  );
  if (!written)
    return fail(
      "RECIPE_VERSION_CONFLICT",
      "The recipe changed while saving the edit; read it again and redo it.",
    );
  return { ok: true, value: { recipe: toStoredRecipe(written), warnings: check.warnings } };
}
