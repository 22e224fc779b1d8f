import { PANCAKES_HTML } from "./testLadle.ts";

/**
 * The pancakes page as its site changed it after the first import (refresh from source):
 * a new description, more buttermilk, "2 eggs" instead of "2 large eggs", and a pinch of salt.
 */
export const PANCAKES_CHANGED_HTML = PANCAKES_HTML.replace(
  '"description": "Fluffy weekend pancakes."',
  '"description": "Fluffy pancakes for any day of the week."',
)
  .replace('"2 cups buttermilk"', '"2 ½ cups buttermilk"')
  .replace('"2 large eggs",', '"2 eggs",')
  .replace('"3 tablespoons melted butter"', '"3 tablespoons melted butter",\n        "1 pinch salt"');

/** The user's edit between the import and the refresh: three eggs, not two. */
export function withThreeEggs<T extends { ingredients: { text: string }[] }>(recipe: T): T {
  const r = structuredClone(recipe);
  const i = r.ingredients.findIndex((l) => l.text === "2 large eggs");
  r.ingredients[i] = { ...r.ingredients[i]!, text: "3 large eggs", quantity: 3 } as T["ingredients"][number];
  return r;
}
