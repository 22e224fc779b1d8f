import type { ValidationReport } from "../domain/draft.ts";
import type { Recipe } from "../domain/recipe.ts";

const BAKING = /\b(bake|baking|oven|roast|broil|preheat|backen|backofen|four|horno|forno|oven|ugn)\b/i;
const TEMPERATURE =
  /(\d{2,3}\s*°|\d{2,3}\s*(?:degrees|grad|degr[ée]s|grados|gradi)|\b\d{2,3}\s*[FC]\b|gas mark\s*\d|\bthermostat\s*\d)/i;

/**
 * Validation rules of recipe-ingest-agent.md §12.1 (schema) and §12.2 (business): a name is
 * required; missing ingredients, steps, times and servings warn; unrealistic values, duplicate
 * steps, unparsed quantities and baking without a temperature warn.
 */
export function validateRecipe(recipe: Recipe): ValidationReport {
  const errors: string[] = [];
  const warnings: string[] = [];
  if (!recipe.name?.trim()) errors.push("Recipe.Name is required");
  if (recipe.ingredients.length === 0)
    warnings.push("No ingredients found; at least 1 ingredient is recommended");
  if (recipe.instructions.length === 0)
    warnings.push("No instructions found; at least 1 instruction is recommended");
  if (!recipe.prepTimeMinutes) warnings.push("PrepTimeMinutes missing; defaulted to 0");
  if (!recipe.cookTimeMinutes) warnings.push("CookTimeMinutes missing; defaulted to 0");
  if (!recipe.servings) warnings.push("Servings missing; defaulted to 0");
  if (recipe.ingredients.some((i) => i.confidence < 0.5)) {
    warnings.push("Ingredient quantities partially unparsed; review recommended");
  }
  if (recipe.prepTimeMinutes > 24 * 60)
    warnings.push(`PrepTimeMinutes ${recipe.prepTimeMinutes} is more than 24 hours; check it`);
  if (recipe.cookTimeMinutes > 24 * 60)
    warnings.push(`CookTimeMinutes ${recipe.cookTimeMinutes} is more than 24 hours; check it`);
  if (recipe.totalTimeMinutes > 72 * 60)
    warnings.push(`TotalTimeMinutes ${recipe.totalTimeMinutes} is more than 72 hours; check it`);
  if (recipe.servings > 100) warnings.push(`Servings ${recipe.servings} is unusually high; check it`);
  const seen = new Set<string>();
  for (const [i, s] of recipe.instructions.entries()) {
    const key = s.text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, " ")
      .trim();
    if (!key) continue;
    if (seen.has(key)) warnings.push(`Instruction ${i + 1} duplicates an earlier step`);
    seen.add(key);
  }
  const steps = recipe.instructions.map((s) => s.text).join("\n");
  if (BAKING.test(steps) && !TEMPERATURE.test(steps)) {
    warnings.push("Baking recipe without an oven temperature; check the steps");
  }
  return { errors, warnings, isValid: errors.length === 0 };
}
