import type { RecipeLanguage } from "../../domain/recipeLanguage.ts";
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import type { zCreateShoppingListRequest } from "../../domain/kitchen.ts";
import type { Caller } from "../../domain/user.ts";
import { fail, type Failure } from "../../errors.ts";
import type { UnitSystem } from "../../kitchen/amounts.ts";
import type { AmountLanguage } from "../../kitchen/amountWords.ts";
import { dayIn, listForIn } from "../../kitchen/shoppingWords.ts";
import {
  buildShoppingList,
  ingredientKey,
  shoppingListText,
  type ShoppingSource,
} from "../../kitchen/shoppingList.ts";
import type { RecipesRepo } from "../../storage/recipes.repo.ts";
import type { PantryItemRow, ShoppingItemRow, ShoppingListsRepo } from "../../storage/shoppingLists.repo.ts";
import type { MealPlanService } from "./mealPlan.service.ts";
import { readableRecipe } from "../recipes/index.ts";

/** One line as the API shows it. */
export interface ShoppingItem {
  id: string;
  aisle: string;
  name: string;
  text: string;
  amounts: string[];
  asNeeded: boolean;
  unparsed: boolean;
  recipes: string[];
  lines: string[];
  pantry: boolean;
  checked: boolean;
}

export interface ShoppingList {
  id: string;
  name: string;
  libraryId: string;
  ownerId: string;
  units: UnitSystem;
  sources: {
    recipeId: string;
    recipeName: string;
    servings: number | null;
    factor: number;
    day: string | null;
  }[];
  createdAt: string;
  updatedAt: string;
  items: ShoppingItem[];
}

function toItem(r: ShoppingItemRow): ShoppingItem {
  const d = r.detail as Pick<ShoppingItem, "amounts" | "asNeeded" | "unparsed" | "recipes" | "lines">;
  return { id: r.id, aisle: r.aisle, name: r.name, text: r.text, ...d, pantry: r.pantry, checked: r.checked };
}

/** Shopping lists built from the plan or chosen recipes, checked off together, and the pantry. */
export class ShoppingListService {
  private readonly repo: ShoppingListsRepo;
  private readonly recipes: RecipesRepo;
  private readonly mealPlan: MealPlanService;
  private readonly now: () => Date;

  constructor(
    repo: ShoppingListsRepo,
    recipes: RecipesRepo,
    mealPlan: MealPlanService,
    now: () => Date = () => new Date(),
  ) {
    this.repo = repo;
    this.recipes = recipes;
    this.mealPlan = mealPlan;
    this.now = now;
  }

  async create(
    caller: Caller,
    req: z.infer<typeof zCreateShoppingListRequest>,
    /** The language of the name Ladle gives the list when none is asked for (else `req.lang`, else English). */
    nameLang: RecipeLanguage = req.lang ?? "en",
  ): Promise<{ ok: true; value: ShoppingList } | Failure> {
    if (!req.recipes?.length && !(req.from && req.to))
      return fail(
        "INVALID_REQUEST",
        "Say which days of the plan (from and to) or which recipes the list is for.",
      );
    const lib = await this.mealPlan.library(caller, req.libraryId);
    if (!lib.ok) return lib;
    const sources: (ShoppingSource & { servings: number | null; day: string | null })[] = [];
    const scale = (servings: number | null | undefined, own: number) =>
      servings && own ? servings / own : 1;
    if (req.from && req.to) {
      const planned = await this.mealPlan.list(caller, { from: req.from, to: req.to, libraryId: lib.id });
      if (!planned.ok) return planned;
      for (const m of planned.value) {
        // Only what this caller may read goes on their list (a recipe shared into the plan's library).
        const r = await this.recipes.get(m.recipeId, caller);
        if (!r) continue;
        const doc = r.document as { ingredients?: ShoppingSource["ingredients"]; servings?: number };
        sources.push({
          recipeId: m.recipeId,
          recipeName: m.recipeName,
          factor: scale(m.servings, doc.servings ?? 0),
          ingredients: doc.ingredients ?? [],
          servings: m.servings,
          day: m.day,
        });
      }
    }
    for (const want of req.recipes ?? []) {
      const r = await readableRecipe(this.recipes, caller, want.recipeId);
      if (!r.ok) return r;
      sources.push({
        recipeId: r.recipe.id,
        recipeName: r.recipe.name,
        factor: scale(want.servings, r.recipe.servings),
        ingredients: r.recipe.ingredients,
        servings: want.servings ?? null,
        day: null,
      });
    }
    if (!sources.length)
      return fail(
        "INVALID_REQUEST",
        "Nothing is planned on those days; add recipes to the plan or choose recipes.",
      );
    const pantry = await this.repo.pantry(caller.id, lib.id);
    const lines = buildShoppingList(sources, {
      units: req.units,
      pantry: pantry.map((p) => p.name),
      ...(req.lang ? { lang: req.lang } : {}),
    });
    const id = randomUUID();
    const name =
      req.name ??
      (req.from && req.to
        ? `${listForIn(nameLang)} ${dayIn(req.from, nameLang)} – ${dayIn(req.to, nameLang)}`
        : `${listForIn(nameLang)} ${sources.map((s) => s.recipeName).join(", ")}`.slice(0, 200));
    await this.repo.insert(
      {
        id,
        ownerId: caller.id,
        libraryId: lib.id,
        name,
        units: req.units,
        sources: sources.map(({ recipeId, recipeName, servings, factor, day }) => ({
          recipeId,
          recipeName,
          servings,
          factor,
          day,
        })),
      },
      lines.map((l) => ({
        id: randomUUID(),
        aisle: l.aisle,
        name: l.name,
        text: l.text,
        detail: {
          amounts: l.amounts,
          asNeeded: l.asNeeded,
          unparsed: l.unparsed,
          recipes: l.recipes,
          lines: l.lines,
        },
        // Pantry items stay on the list, marked, unless the cook wants them counted.
        pantry: req.excludePantry && l.pantry,
      })),
    );
    return this.get(caller, id) as Promise<{ ok: true; value: ShoppingList }>;
  }

  async list(
    caller: Caller,
  ): Promise<
    { id: string; name: string; libraryId: string; createdAt: string; items: number; checked: number }[]
  > {
    const rows = await this.repo.list(caller.id, 50);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      libraryId: r.library_id,
      createdAt: new Date(r.created_at).toISOString(),
      items: r.items,
      checked: r.checked,
    }));
  }

  async get(caller: Caller, id: string): Promise<{ ok: true; value: ShoppingList } | Failure> {
    const got = await this.repo.get(caller.id, id);
    if (!got) return fail("SHOPPING_LIST_NOT_FOUND", `Shopping list ${id} does not exist.`);
    const l = got.list;
    return {
      ok: true,
      value: {
        id: l.id,
        name: l.name,
        libraryId: l.library_id,
        ownerId: l.owner_id,
        units: l.units as UnitSystem,
        sources: l.sources as ShoppingList["sources"],
        createdAt: new Date(l.created_at).toISOString(),
        updatedAt: new Date(l.updated_at).toISOString(),
        items: got.items.map(toItem),
      },
    };
  }

  async check(
    caller: Caller,
    listId: string,
    itemId: string,
    checked: boolean,
  ): Promise<{ ok: true; value: { id: string; checked: boolean } } | Failure> {
    if (!(await this.repo.setChecked(caller.id, listId, itemId, checked, this.now())))
      return fail("SHOPPING_LIST_NOT_FOUND", "That shopping list or line does not exist.");
    return { ok: true, value: { id: itemId, checked } };
  }

  /** The list as plain text, by aisle named in `lang`; pantry items left off. */
  async text(
    caller: Caller,
    id: string,
    lang: AmountLanguage = "en",
  ): Promise<{ ok: true; value: string } | Failure> {
    const l = await this.get(caller, id);
    if (!l.ok) return l;
    return {
      ok: true,
      value: shoppingListText(
        l.value.name,
        l.value.items.filter((i) => !i.pantry),
        lang,
      ),
    };
  }

  async remove(caller: Caller, id: string): Promise<{ ok: true; value: { id: string } } | Failure> {
    return (await this.repo.delete(caller.id, id))
      ? { ok: true, value: { id } }
      : fail("SHOPPING_LIST_NOT_FOUND");
  }

  async pantry(
    caller: Caller,
    libraryId?: string | null,
  ): Promise<{ ok: true; value: PantryItemRow[] } | Failure> {
    const lib = await this.mealPlan.library(caller, libraryId);
    if (!lib.ok) return lib;
    return { ok: true, value: await this.repo.pantry(caller.id, lib.id) };
  }

  async addPantry(
    caller: Caller,
    name: string,
    libraryId?: string | null,
  ): Promise<{ ok: true; value: PantryItemRow } | Failure> {
    const lib = await this.mealPlan.library(caller, libraryId);
    if (!lib.ok) return lib;
    return {
      ok: true,
      value: await this.repo.addPantry({
        id: randomUUID(),
        ownerId: caller.id,
        libraryId: lib.id,
        name,
        key: ingredientKey(name),
      }),
    };
  }

  async removePantry(caller: Caller, id: string): Promise<{ ok: true; value: { id: string } } | Failure> {
    return (await this.repo.removePantry(caller.id, id))
      ? { ok: true, value: { id } }
      : fail("NOT_FOUND", "That pantry item does not exist.");
  }
}
