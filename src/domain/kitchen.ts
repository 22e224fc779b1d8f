import { z } from "zod";
import { RECIPE_LANGUAGES } from "./recipeLanguage.ts";

/** Which units a cook wants to read: as the recipe wrote them, metric, or US customary. */
export const zUnitSystem = z.enum(["original", "metric", "us"]);

const zDay = z.iso.date("use a date like 2026-06-01");

/** The language amounts are written in: its decimal comma, fractions and unit words ("1,5 kg", "2 EL"). */
export const zAmountLanguage = z.enum(RECIPE_LANGUAGES);

/** `GET /api/recipes/{id}?servings=&factor=&units=&ingredient=&have=`: the recipe scaled and converted. */
export const zKitchenQuery = z
  .object({
    servings: z.coerce.number().positive().max(1000).optional(),
    factor: z.coerce.number().positive().optional(),
    units: zUnitSystem.optional(),
    /** With the others: the cook's language for the amounts Ladle writes (English when none). */
    lang: zAmountLanguage.optional(),
    /** With `have`: the ingredient's position (0 for the first). */
    ingredient: z.coerce.number().int().min(0).optional(),
    /** "300 g": how much of `ingredient` the cook has. */
    have: z.string().trim().min(1).max(40).optional(),
  })
  .meta({ id: "KitchenQuery" });

/** `POST /api/plans`: a recipe on a day. */
export const zAddMealRequest = z
  .object({
    day: zDay,
    recipeId: z.string().min(1).max(100),
    servings: z.number().int().min(1).max(1000).nullish(),
    meal: z.string().trim().max(40).nullish(),
    libraryId: z.string().max(100).nullish(),
  })
  .meta({ id: "AddMealRequest" });

/** `PATCH /api/plans/{id}`. */
export const zUpdateMealRequest = z
  .object({
    day: zDay.optional(),
    servings: z.number().int().min(1).max(1000).nullish(),
    meal: z.string().trim().max(40).nullish(),
  })
  .meta({ id: "UpdateMealRequest" });

/** `GET /api/plans?from=&to=`. */
export const zPlanQuery = z.object({
  from: zDay,
  to: zDay,
  libraryId: z.string().max(100).optional(),
});

/** `POST /api/shopping-lists`: from the plan's days, from chosen recipes, or both. */
export const zCreateShoppingListRequest = z
  .object({
    name: z.string().trim().min(1).max(200).optional(),
    from: zDay.optional(),
    to: zDay.optional(),
    recipes: z
      .array(
        z.object({
          recipeId: z.string().min(1).max(100),
          servings: z.number().int().min(1).max(1000).nullish(),
        }),
      )
      .max(50)
      .optional(),
    units: zUnitSystem.default("original"),
    /** The language the list's amounts are written in (English when none). */
    lang: zAmountLanguage.optional(),
    libraryId: z.string().max(100).nullish(),
    /** Leave pantry items off the list (they are kept, marked, below it). Default true. */
    excludePantry: z.boolean().default(true),
  })
  .meta({ id: "CreateShoppingListRequest" });

/** `PATCH /api/shopping-lists/{id}/items/{itemId}`. */
export const zCheckItemRequest = z.object({ checked: z.boolean() }).meta({ id: "CheckShoppingItemRequest" });

/** `POST /api/pantry`. */
export const zAddPantryRequest = z
  .object({ name: z.string().trim().min(1).max(100), libraryId: z.string().max(100).nullish() })
  .meta({ id: "AddPantryItemRequest" });

/** `POST /api/recipe-shares`. */
export const zCreateShareRequest = z
  .object({ recipeId: z.string().min(1).max(100) })
  .meta({ id: "CreateShareRequest" });

// What the kitchen routes answer (their definitions declare these; the tests check the answers).

/** A planned meal as the API shows it. */
export const zPlannedMeal = z
  .object({
    id: z.string(),
    day: z.string(),
    meal: z.string().nullable(),
    recipeId: z.string(),
    recipeName: z.string(),
    imageUrl: z.string().nullable(),
    servings: z.number().nullable(),
    /** The recipe's own servings (0 when it does not say). */
    recipeServings: z.number(),
    libraryId: z.string(),
    ownerId: z.string(),
  })
  .meta({ id: "PlannedMeal" });

/** One line of a shopping list. */
export const zShoppingItem = z
  .object({
    id: z.string(),
    aisle: z.string(),
    name: z.string(),
    text: z.string(),
    amounts: z.array(z.string()),
    asNeeded: z.boolean(),
    unparsed: z.boolean(),
    recipes: z.array(z.string()),
    lines: z.array(z.string()),
    pantry: z.boolean(),
    checked: z.boolean(),
  })
  .meta({ id: "ShoppingItem" });

/** A shopping list with its lines. */
export const zShoppingList = z
  .object({
    id: z.string(),
    name: z.string(),
    libraryId: z.string(),
    ownerId: z.string(),
    units: zUnitSystem,
    sources: z.array(
      z.object({
        recipeId: z.string(),
        recipeName: z.string(),
        servings: z.number().nullable(),
        factor: z.number(),
        day: z.string().nullable(),
      }),
    ),
    createdAt: z.string(),
    updatedAt: z.string(),
    items: z.array(zShoppingItem),
  })
  .meta({ id: "ShoppingList" });

/** A shopping list in the caller's list of them. */
export const zShoppingListSummary = z.object({
  id: z.string(),
  name: z.string(),
  libraryId: z.string(),
  createdAt: z.string(),
  items: z.number().int(),
  checked: z.number().int(),
});

/** A live public link as its owner sees it; `url` (with the token) only in the answer that made it. */
export const zRecipeShare = z
  .object({ id: z.string(), recipeId: z.string(), createdAt: z.string(), url: z.string().optional() })
  .meta({ id: "RecipeShare" });
