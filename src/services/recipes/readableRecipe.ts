import type { Caller } from "../../domain/user.ts";
import type { StoredRecipe } from "../../domain/recipe.ts";
import { fail, type Failure } from "../../errors.ts";
import type { RecipesRepo } from "../../storage/recipes.repo.ts";
import type { RecipeRow } from "../../storage/schema.ts";
import { toStoredRecipe } from "./commitRequest.ts";

/**
 * A live recipe the caller may read into a plan, a list or a share (the ownership rule of
 * storage/access.ts: their own, or shared into a library they belong to). Anything else answers
 * exactly like a missing one.
 */
export async function readableRecipe(
  recipes: RecipesRepo,
  caller: Caller,
  id: string,
): Promise<{ ok: true; row: RecipeRow; recipe: StoredRecipe } | Failure> {
  const row = await recipes.get(id, caller);
  if (!row) return fail("RECIPE_NOT_FOUND", `Recipe ${id} does not exist.`, { recipeId: id });
  return { ok: true, row, recipe: toStoredRecipe(row) };
}
