import { RecipesRepo } from "../../storage/recipes.repo.ts";
import type { Base } from "../shared/base.ts";
import type { UsersService } from "../users/users.service.ts";
import { RecipeService } from "./recipes.service.ts";

/** Stored recipes: reads, edits, versions, deletion and restore. */
export function createRecipes({ config, database, now }: Base, deps: { users: UsersService }) {
  return {
    recipes: new RecipeService(new RecipesRepo(database.db), config, now, (user, library) =>
      deps.users.libraryRole(user, library),
    ),
  };
}
