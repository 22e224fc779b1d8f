import { MealPlansRepo } from "../../storage/mealPlans.repo.ts";
import { RecipeSharesRepo } from "../../storage/recipeShares.repo.ts";
import { RecipesRepo } from "../../storage/recipes.repo.ts";
import { ShoppingListsRepo } from "../../storage/shoppingLists.repo.ts";
import type { Base } from "../shared/base.ts";
import type { UsersService } from "../users/index.ts";
import { MealPlanService } from "./mealPlan.service.ts";
import { RecipeShareService } from "./recipeShares.service.ts";
import { ShoppingListService } from "./shoppingLists.service.ts";

/** What the HTTP adapters use of this family besides its factory. */
export { kitchenView } from "./kitchenView.ts";

/** In the kitchen: meals on days, shopping lists and the pantry, public recipe links. */
export function createKitchen({ database, now }: Base, deps: { users: UsersService }) {
  const db = database.db;
  const recipes = new RecipesRepo(db);
  const mealPlan = new MealPlanService(new MealPlansRepo(db), recipes, deps.users);
  return {
    mealPlan,
    shoppingLists: new ShoppingListService(new ShoppingListsRepo(db), recipes, mealPlan, now),
    recipeShares: new RecipeShareService(new RecipeSharesRepo(db), recipes, deps.users, now),
  };
}

/** What the family hands the composition root: its services and its jobs. */
export type Kitchen = ReturnType<typeof createKitchen>;
