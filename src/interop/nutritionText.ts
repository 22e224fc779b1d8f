/** Nutrition written as lines of text ("Calories: 240") in apps that keep it as one note. */

const NAMES: [RegExp, string][] = [
  [/^(?:calories|energy|kcal)$/i, "calories"],
  [/^(?:saturated fat|sat\.? fat|saturated)$/i, "saturatedFatContent"],
  [/^(?:trans fat)$/i, "transFatContent"],
  [/^(?:unsaturated fat)$/i, "unsaturatedFatContent"],
  [/^(?:fat|total fat|fats)$/i, "fatContent"],
  [/^(?:carbohydrates?|carbs|total carbohydrates?)$/i, "carbohydrateContent"],
  [/^(?:sugars?)$/i, "sugarContent"],
  [/^(?:fib(?:er|re)|dietary fib(?:er|re))$/i, "fiberContent"],
  [/^(?:proteins?)$/i, "proteinContent"],
  [/^(?:sodium|salt)$/i, "sodiumContent"],
  [/^(?:cholesterol)$/i, "cholesterolContent"],
  [/^(?:serving size|portion)$/i, "servingSize"],
];

const LABELS: Record<string, string> = {
  calories: "Calories",
  fatContent: "Fat",
  saturatedFatContent: "Saturated fat",
  transFatContent: "Trans fat",
  unsaturatedFatContent: "Unsaturated fat",
  carbohydrateContent: "Carbohydrates",
  sugarContent: "Sugar",
  fiberContent: "Fiber",
  proteinContent: "Protein",
  sodiumContent: "Sodium",
  cholesterolContent: "Cholesterol",
  servingSize: "Serving size",
};

/** Known "Name: value" lines as schema.org NutritionInformation keys; other lines are left out. */
export function nutritionFromText(text: unknown): Record<string, string> | null {
  if (typeof text !== "string") return null;
  const out: Record<string, string> = {};
  for (const line of text.split(/\r?\n|;/)) {
    const m = /^\s*([^:]{2,40}?)\s*[:=]\s*(.+?)\s*$/.exec(line);
    if (!m) continue;
    const key = NAMES.find(([re]) => re.test(m[1]!.trim()))?.[1];
    if (key && !out[key]) out[key] = m[2]!;
  }
  return Object.keys(out).length ? out : null;
}

/** Nutrition as "Name: value" lines, the shape `nutritionFromText` reads back. */
export function nutritionToText(n: Record<string, string> | null): string {
  if (!n) return "";
  return Object.entries(n)
    .map(([k, v]) => `${LABELS[k] ?? k}: ${v}`)
    .join("\n");
}

/** A schema.org nutrition key from a name an app uses ("proteins", "fat", "carbohydrates"). */
export function nutritionKey(name: string): string | null {
  return NAMES.find(([re]) => re.test(name.trim()))?.[1] ?? (/Content$|^calories$/.test(name) ? name : null);
}
