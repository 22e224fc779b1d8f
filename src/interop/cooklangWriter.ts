import type { Ingredient, Recipe } from "../domain/recipe.ts";
import { EXT, fileStem, pageUrl, type ExportRecipe } from "./writeShared.ts";
import { writeZip } from "./zipFiles.ts";

// Characters that start Cooklang markup or a comment; a recipe's own text must not contain them.
const markup = (s: string) =>
  s
    .replace(/[@#~{}]/g, " ")
    .replace(/--/g, "–")
    .replace(/\s+/g, " ")
    .trim();
const oneLine = (s: string) => markup(s.replace(/\r?\n+/g, " "));

const amount = (n: number) => String(Math.round(n * 1000) / 1000);

/** `@name{qty%unit}`: an ingredient in Cooklang's words. */
function token(i: Ingredient): string {
  const name = markup(i.name) || markup(i.text);
  const q = i.quantity > 0 ? amount(i.quantity) : "";
  return `@${name}{${q}${q && i.unit ? `%${markup(i.unit)}` : ""}}`;
}

/** Where `name` first stands as a word in `text` at or after `from`, or -1. */
function wordAt(text: string, name: string, from: number): number {
  const re = new RegExp(
    `(^|[^\\p{L}\\p{N}])${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?=$|[^\\p{L}\\p{N}])`,
    "gu",
  );
  re.lastIndex = from;
  const m = re.exec(text);
  return m ? m.index + m[1]!.length : -1;
}

/**
 * Marks ingredients inside the steps where they are named. A Cooklang reader lists ingredients in
 * the order the file names them, so only a tail of the list whose names follow each other through
 * the steps is marked inline (the longest such tail); the others go on a line before the steps.
 */
function placeIngredients(ings: Ingredient[], texts: string[]): { steps: string[]; inline: number } {
  for (let k = 0; k < ings.length; k++) {
    const steps = [...texts];
    let step = 0;
    let offset = 0;
    let ok = true;
    for (const ing of ings.slice(k)) {
      const name = markup(ing.name);
      let found = -1;
      while (name && step < steps.length && (found = wordAt(steps[step]!, name, offset)) < 0) {
        step++;
        offset = 0;
      }
      if (found < 0) {
        ok = false;
        break;
      }
      const t = token(ing);
      steps[step] = `${steps[step]!.slice(0, found)}${t}${steps[step]!.slice(found + name.length)}`;
      offset = found + t.length;
    }
    if (ok) return { steps, inline: ings.length - k };
  }
  return { steps: texts, inline: 0 };
}

/**
 * A Ladle recipe as a `.cook` file. Cooklang names ingredients inside the steps: each ingredient
 * is marked where a step first names it; ones no step names go on a line of their own first.
 */
export function toCooklang(r: Recipe): string {
  const meta: [string, string | null][] = [
    ["title", r.name],
    ["description", r.description],
    ["servings", r.servings ? String(r.servings) : r.yield],
    ["tags", r.tags.join(", ")],
    ["course", r.category.join(", ")],
    ["cuisine", r.cuisine],
    ["diet", r.dietType],
    ["author", r.author],
    ["source", pageUrl(r)],
    ["image", r.imageUrl],
    ["prep time", r.prepTimeMinutes ? `${r.prepTimeMinutes} minutes` : null],
    ["cook time", r.cookTimeMinutes ? `${r.cookTimeMinutes} minutes` : null],
    ["time", r.totalTimeMinutes ? `${r.totalTimeMinutes} minutes` : null],
  ];
  const out = meta.filter(([, v]) => v && oneLine(v)).map(([k, v]) => `>> ${k}: ${oneLine(v!)}`);
  const { steps, inline } = placeIngredients(
    r.ingredients,
    r.instructions.map((s) => oneLine(s.text)),
  );
  const rest = r.ingredients.slice(0, r.ingredients.length - inline).map(token);
  out.push("");
  if (rest.length) out.push(rest.join(", "), "");
  for (const s of steps) out.push(s, "");
  return out.join("\n");
}

/** The collection as a zip of `.cook` files, each picture beside its recipe. */
export function writeCooklang(recipes: ExportRecipe[]): Uint8Array {
  const files = new Map<string, Uint8Array>();
  const taken = new Set<string>();
  for (const { recipe, image } of recipes) {
    const stem = fileStem(recipe.name, taken);
    files.set(`${stem}.cook`, new TextEncoder().encode(toCooklang(recipe)));
    if (image) files.set(`${stem}.${EXT[image.contentType] ?? "jpg"}`, image.bytes);
  }
  return writeZip(files);
}
