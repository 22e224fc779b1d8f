import type { ColumnType, Generated } from "kysely";
import type { Json } from "./columnTypes.ts";

// The kitchen family's tables (meal plans, shopping lists, pantry, public recipe links); schema.ts composes them.

/** Meals on days (migration 018): a recipe planned in a library. */
export interface MealPlanEntriesTable {
  id: string;
  owner_id: string;
  library_id: string;
  /** YYYY-MM-DD */
  day: ColumnType<string, string, string>;
  meal: string | null;
  recipe_id: string;
  servings: number | null;
  created_at: Generated<Date>;
}

/** Shopping lists (018); `sources` records the recipes and scales they were built from. */
export interface ShoppingListsTable {
  id: string;
  owner_id: string;
  library_id: string;
  name: string;
  units: string;
  sources: Json;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** One line of a shopping list (018); `detail` holds amounts, recipes and the lines merged. */
export interface ShoppingItemsTable {
  id: string;
  list_id: string;
  owner_id: string;
  library_id: string;
  position: number;
  aisle: string;
  name: string;
  text: string;
  detail: Json;
  pantry: Generated<boolean>;
  checked: Generated<boolean>;
  updated_at: Generated<Date>;
}

/** What a household keeps in stock (018), left off shopping lists. */
export interface PantryItemsTable {
  id: string;
  owner_id: string;
  library_id: string;
  name: string;
  key: string;
  created_at: Generated<Date>;
}

/** Public read-only links to one recipe (018); only the token's SHA-256 is kept. */
export interface RecipeSharesTable {
  id: string;
  token_hash: string;
  recipe_id: string;
  owner_id: string;
  library_id: string;
  created_at: Generated<Date>;
  revoked_at: Date | null;
}
