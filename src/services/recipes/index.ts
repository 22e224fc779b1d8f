import { RecipesRepo } from "../../storage/recipes.repo.ts";
import type { Base } from "../shared/base.ts";
import type { UsersService } from "../users/index.ts";
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
} from "./commitRequest.ts";
export { readableRecipe } from "./readableRecipe.ts";
export { recipeDuplicates } from "./recipeDuplicates.ts";

/** Stored recipes: reads, edits, versions, deletion and restore. */
export function createRecipes({ config, database, now }: Base, deps: { users: UsersService }) {
  return {
    recipes: new RecipeService(new RecipesRepo(database.db), config, now, (user, library) =>
      deps.users.libraryRole(user, library),
    ),
  };
}
