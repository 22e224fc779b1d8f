import { zKitchenQuery } from "../../domain/kitchen.ts";
import type { StoredRecipe } from "../../domain/recipe.ts";
import { fail, type Failure } from "../../errors.ts";
import { scaleRecipe, type KitchenRecipe } from "../../kitchen/scaleRecipe.ts";

const KEYS = ["servings", "factor", "units", "ingredient", "have"];

/**
 * A stored recipe as the kitchen reads it (`GET /api/recipes/{id}?servings=&units=&lang=`): null
 * when the query asks for nothing the kitchen does, so the plain recipe is served unchanged (`lang`
 * alone changes nothing: it only says how the amounts the kitchen writes are written).
 */
export function kitchenView(
  recipe: StoredRecipe,
  query: Record<string, string>,
): null | { ok: true; value: KitchenRecipe<StoredRecipe> } | Failure {
  if (!KEYS.some((k) => query[k] !== undefined)) return null;
  const q = zKitchenQuery.safeParse(query);
  if (!q.success)
    return fail(
      "SCALE_INVALID",
      q.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") +
        ". Use servings=4, factor=2, units=metric|us|original, or ingredient=0&have=300 g.",
    );
  if ((q.data.ingredient === undefined) !== (q.data.have === undefined))
    return fail(
      "SCALE_INVALID",
      'To scale to what you have, give both ingredient (its position, 0 first) and have ("300 g").',
    );
  return scaleRecipe(recipe, {
    ...(q.data.servings !== undefined ? { servings: q.data.servings } : {}),
    ...(q.data.factor !== undefined ? { factor: q.data.factor } : {}),
    ...(q.data.have !== undefined ? { have: { ingredient: q.data.ingredient!, amount: q.data.have } } : {}),
    ...(q.data.units ? { units: q.data.units } : {}),
    ...(q.data.lang ? { lang: q.data.lang } : {}),
  });
}
