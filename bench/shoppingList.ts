// The shopping list of recipes from the shared corpus, merged by the kitchen engine: what the kitchen
// asks to show. Reads the pages' expected ingredient lines from ../shared (never copied here).
// Usage: node --import tsx bench/shoppingList.ts [--units metric|us] [site/name.json ...]
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseIngredientList } from "../src/extract/ingredients.ts";
import type { UnitSystem } from "../src/kitchen/amounts.ts";
import { buildShoppingList, shoppingListText } from "../src/kitchen/shoppingList.ts";

const CORPUS = fileURLToPath(new URL("../../shared/corpus/recipes/", import.meta.url));
const args = process.argv.slice(2);
const unitsAt = args.indexOf("--units");
const units = (unitsAt >= 0 ? args.splice(unitsAt, 2)[1] : "original") as UnitSystem;
const files = args.length
  ? args
  : [
      "bbcgoodfood.com/bbcgoodfood_1.json",
      "wellplated.com/wellplated_1.json",
      "wellplated.com/wellplated_2.json",
    ];

const sources = files.map((f) => {
  const d = JSON.parse(readFileSync(new URL(f, `file://${CORPUS}`), "utf8")) as {
    title: string;
    ingredients: string[];
  };
  return { recipeId: f, recipeName: d.title, factor: 1, ingredients: parseIngredientList(d.ingredients) };
});
const lines = buildShoppingList(sources, { units, pantry: ["salt", "water"] });
process.stdout.write(`Recipes: ${sources.map((s) => s.recipeName).join(" · ")}\n\n`);
process.stdout.write(
  shoppingListText(
    "Shopping list",
    lines.filter((l) => !l.pantry),
  ),
);
process.stdout.write(
  `\nIn the pantry: ${
    lines
      .filter((l) => l.pantry)
      .map((l) => l.text)
      .join(", ") || "nothing"
  }\n`,
);
process.stdout.write("\nMerged across recipes:\n");
for (const l of lines.filter((x) => x.recipes.length > 1))
  process.stdout.write(`  ${l.text}  ⟵  ${l.lines.join("  |  ")}\n`);
