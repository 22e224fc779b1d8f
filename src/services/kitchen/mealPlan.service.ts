import { randomUUID } from "node:crypto";
import type { z } from "zod";
import type { zAddMealRequest, zUpdateMealRequest } from "../../domain/kitchen.ts";
import type { Caller } from "../../domain/user.ts";
import { fail, type Failure } from "../../errors.ts";
import type { MealPlansRepo, MealPlanRow } from "../../storage/mealPlans.repo.ts";
import type { RecipesRepo } from "../../storage/recipes.repo.ts";
import { readableRecipe } from "../recipes/index.ts";
import type { UsersService } from "../users/index.ts";

/** A planned meal as the API shows it. */
export interface PlannedMeal {
  id: string;
  day: string;
  meal: string | null;
  recipeId: string;
  recipeName: string;
  imageUrl: string | null;
  servings: number | null;
  /** The recipe's own servings (0 when it does not say). */
  recipeServings: number;
  libraryId: string;
  ownerId: string;
}

export function toPlannedMeal(r: MealPlanRow): PlannedMeal {
  const doc = r.recipe_document as { imageUrl?: string | null; servings?: number };
  return {
    id: r.id,
    day: r.day,
    meal: r.meal,
    recipeId: r.recipe_id,
    recipeName: r.recipe_name,
    imageUrl: doc.imageUrl ?? null,
    servings: r.servings,
    recipeServings: doc.servings ?? 0,
    libraryId: r.library_id,
    ownerId: r.owner_id,
  };
}

/** The longest stretch one plan read covers. */
const MAX_DAYS = 62;

/** Recipes put on days, shared with the members of a library. */
export class MealPlanService {
  private readonly repo: MealPlansRepo;
  private readonly recipes: RecipesRepo;
  private readonly users: UsersService;

  constructor(repo: MealPlansRepo, recipes: RecipesRepo, users: UsersService) {
    this.repo = repo;
    this.recipes = recipes;
    this.users = users;
  }

  /** The library a request means: the one named (when the caller is a member) or their own. */
  async library(
    caller: Caller,
    libraryId: string | null | undefined,
  ): Promise<{ ok: true; id: string } | Failure> {
    if (!libraryId) return { ok: true, id: await this.users.defaultLibraryId(caller.id) };
    if (!(await this.users.isMember(caller.id, libraryId)))
      return fail("LIBRARY_NOT_FOUND", `Library ${libraryId} does not exist.`);
    return { ok: true, id: libraryId };
  }

  async list(
    caller: Caller,
    q: { from: string; to: string; libraryId?: string },
  ): Promise<{ ok: true; value: PlannedMeal[] } | Failure> {
    const days = (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000;
    if (days < 0) return fail("INVALID_REQUEST", "The plan's end (to) must not be before its start (from).");
    if (days > MAX_DAYS)
      return fail("INVALID_REQUEST", `Ask for at most ${MAX_DAYS} days of the plan at once.`);
    await this.users.defaultLibraryId(caller.id);
    const rows = await this.repo.list(caller.id, q);
    return { ok: true, value: rows.map(toPlannedMeal) };
  }

  async add(
    caller: Caller,
    req: z.infer<typeof zAddMealRequest>,
  ): Promise<{ ok: true; value: PlannedMeal } | Failure> {
    const lib = await this.library(caller, req.libraryId);
    if (!lib.ok) return lib;
    const recipe = await readableRecipe(this.recipes, caller, req.recipeId);
    if (!recipe.ok) return recipe;
    const id = randomUUID();
    await this.repo.insert({
      id,
      ownerId: caller.id,
      libraryId: lib.id,
      day: req.day,
      meal: req.meal || null,
      recipeId: req.recipeId,
      servings: req.servings ?? null,
    });
    return { ok: true, value: toPlannedMeal((await this.repo.get(caller.id, id))!) };
  }

  async update(
    caller: Caller,
    id: string,
    req: z.infer<typeof zUpdateMealRequest>,
  ): Promise<{ ok: true; value: PlannedMeal } | Failure> {
    const set: { day?: string; meal?: string | null; servings?: number | null } = {};
    if (req.day) set.day = req.day;
    if (req.meal !== undefined) set.meal = req.meal || null;
    if (req.servings !== undefined) set.servings = req.servings;
    if (!(await this.repo.update(caller.id, id, set))) return fail("PLAN_ENTRY_NOT_FOUND");
    return { ok: true, value: toPlannedMeal((await this.repo.get(caller.id, id))!) };
  }

  async remove(caller: Caller, id: string): Promise<{ ok: true; value: { id: string } } | Failure> {
    return (await this.repo.delete(caller.id, id))
      ? { ok: true, value: { id } }
      : fail("PLAN_ENTRY_NOT_FOUND");
  }
}
