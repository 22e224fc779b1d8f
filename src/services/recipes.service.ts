import type { StoredRecipe } from "../domain/recipe.ts";
import { fail, type Failure } from "../errors.ts";
import type { RecipesRepo } from "../storage/recipes.repo.ts";
import { toStoredRecipe } from "./review.service.ts";

export interface RecipePage {
  items: StoredRecipe[];
  total: number;
  page: number;
  pageSize: number;
}

/** Reading committed recipes. */
export class RecipeService {
  private readonly recipes: RecipesRepo;

  constructor(recipes: RecipesRepo) {
    this.recipes = recipes;
  }

  async list(opts: { page: number; pageSize: number; q?: string }): Promise<RecipePage> {
    const { rows, total } = await this.recipes.list({
      limit: opts.pageSize,
      offset: (opts.page - 1) * opts.pageSize,
      ...(opts.q ? { q: opts.q } : {}),
    });
    return { items: rows.map(toStoredRecipe), total, page: opts.page, pageSize: opts.pageSize };
  }

  async get(id: string): Promise<{ ok: true; value: StoredRecipe } | Failure> {
    const row = await this.recipes.get(id);
    if (!row) return fail("RECIPE_NOT_FOUND", `Recipe ${id} does not exist.`, { recipeId: id });
    return { ok: true, value: toStoredRecipe(row) };
  }
}
