import type { Caller } from "../../domain/user.ts";
import { RecipesRepo } from "../../storage/recipes.repo.ts";
import type { Base } from "../shared/base.ts";
import type { UsersService } from "../users/index.ts";
import { editRecipe, type RecipeEditRequest } from "./recipeEdit.ts";
import { RecipeService } from "./recipes.service.ts";

/** What other families use of this one. */
export {
  type CommitRequest,
  type CommitResponse,
  type ReviewCheck,
  type ReviewCheckRequest,
  fieldOf,
  issueMessage,
  prepareRecipe,
  toStoredRecipe,
  zCommitRequest,
  zCommitResponse,
  zDropResponse,
  zReviewCheckRequest,
  zRecipeIssue,
} from "./commitRequest.ts";
export { readableRecipe } from "./readableRecipe.ts";
export { recipeDuplicates } from "./recipeDuplicates.ts";
export { zRecipeEditRequest, type RecipeEditRequest } from "./recipeEdit.ts";

/** Stored recipes: reads, edits, versions, deletion and restore. */
export function createRecipes({ config, database, now }: Base, deps: { users: UsersService }) {
  const repo = new RecipesRepo(database.db);
  return {
    recipes: new RecipeService(repo, config, now, (user, library) => deps.users.libraryRole(user, library)),
    /** Edits a saved recipe as a new version (recipeEdit.ts). */
    editRecipe: (caller: Caller, id: string, req: RecipeEditRequest) =>
      editRecipe({ recipes: repo, now, config }, caller, id, req),
  };
}

/** What the family hands the composition root: its services and its jobs. */
export type Recipes = ReturnType<typeof createRecipes>;
