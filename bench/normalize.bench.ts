import { readdirSync, readFileSync } from "node:fs";
import { extractRecipe } from "../src/extract/extractRecipe.ts";
import type { Recipe } from "../src/domain/recipe.ts";
import { proposeNormalization } from "../src/normalize/proposeNormalization.ts";
import { fmt, percentile } from "./stats.ts";

/**
 * Deterministic normalization (Low rules, unit conversion, label checks, test operations, the
 * whole-patch validation; no LLM) per recipe, over the golden pages' recipes and the ~300 KB blog
 * page's, each made messier (shouted name, long unit names, "350 F", ".5", double spaces).
 */
export async function run(): Promise<void> {
  const dir = new URL("../test/golden/cases/", import.meta.url);
  const recipes: Recipe[] = [];
  const pages = readdirSync(dir)
    .filter((f) => f.endsWith(".html"))
    .map((f) => ({ html: readFileSync(new URL(f, dir), "utf8"), url: `https://golden.test/${f}` }));
  pages.push({
    html: readFileSync(new URL("../test/fixtures/pages/large-blog-recipe.html", import.meta.url), "utf8"),
    url: "https://bigblog.test/cookies/",
  });
  const long: Record<string, string> = {
    tbsp: "tablespoons",
    tsp: "teaspoons",
    g: "grams",
    cup: "cups",
    oz: "ounces",
  };
  for (const p of pages) {
    const ex = extractRecipe(p);
    if (!ex.ok) continue;
    const r = structuredClone(ex.recipe);
    r.name = r.name.toUpperCase();
    for (const i of r.ingredients) if (i.unit && long[i.unit]) i.unit = long[i.unit]!;
    r.instructions = r.instructions.map((s, i) => ({
      ...s,
      text: i === 0 ? `${s.text}  Heat the oven to 350 F and use .5 cup.` : s.text.replace(/ /, "  "),
    }));
    recipes.push(r);
  }
  const opts = { convertUnits: "auto" as const, llm: null };
  for (const r of recipes) await proposeNormalization(r, opts);
  const times: number[] = [];
  let ops = 0;
  for (let round = 0; round < 20; round++)
    for (const r of recipes) {
      const t0 = performance.now();
      const out = await proposeNormalization(r, opts);
      times.push(performance.now() - t0);
      if (round === 0) ops += out.patch.filter((o) => o.op !== "test").length;
    }
  const ingredients = recipes.reduce((s, r) => s + r.ingredients.length, 0);
  console.log(
    `${recipes.length} recipes (${ingredients} ingredient lines), ${ops} operations proposed; ${times.length} runs`,
  );
  console.log(
    `deterministic normalization per recipe: p50 ${fmt(percentile(times, 50))}, p95 ${fmt(percentile(times, 95))}, max ${fmt(Math.max(...times))}`,
  );
}
