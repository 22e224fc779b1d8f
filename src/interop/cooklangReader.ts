import { Recipe as CookRecipe } from "@cooklang/cooklang-ts";
import type { Ingredient } from "../domain/recipe.ts";
import { parseDuration } from "../extract/durations.ts";
import { parseIngredientLine } from "../extract/ingredients.ts";
import type { PartialRecipe } from "../extract/schemaRecipe.ts";
import { parseYield } from "../extract/yields.ts";
import {
  baseName,
  failed,
  fileUrl,
  httpUrl,
  image,
  makeDraft,
  recipeEntry,
  utf8,
  type FileMap,
  type InteropEntry,
} from "./types.ts";

/** A Cooklang quantity ("2", 0.5, "1/2", "some") as a number, or null when it names none. */
function quantity(q: string | number): number | null {
  if (typeof q === "number") return Number.isFinite(q) && q > 0 ? q : null;
  const frac = /^(\d+)\s*\/\s*(\d+)$/.exec(q.trim());
  if (frac && Number(frac[2])) return Number(frac[1]) / Number(frac[2]);
  const n = Number(q.trim().replace(",", "."));
  return Number.isFinite(n) && n > 0 ? n : null;
}

const round = (n: number) => Math.round(n * 1000) / 1000;

function ingredient(i: { name: string; quantity: string | number; units: string }): Ingredient {
  const q = quantity(i.quantity);
  const unit = i.units.trim() || null;
  const line = [q !== null ? String(round(q)) : "", unit ?? "", i.name.trim()].filter(Boolean).join(" ");
  const parsed = parseIngredientLine(line);
  // The file states amount, unit and name exactly: they win over the line parser's reading.
  return { ...parsed, quantity: q ?? 0, quantityMax: null, unit, name: i.name.trim(), confidence: 1 };
}

const meta = (m: Record<string, string>, ...keys: string[]): string | null => {
  for (const k of keys) {
    const v = m[k] ?? m[k.toLowerCase()];
    if (typeof v === "string" && v.trim()) return v.trim();
  }
  return null;
};
const listOf = (v: string | null): string[] =>
  v
    ? [
        ...new Set(
          v
            .replace(/^\[|\]$/g, "")
            .split(",")
            .map((x) => x.trim())
            .filter(Boolean),
        ),
      ]
    : [];

/** One `.cook` file as a draft entry; `label` names it (the file name is the title when none is given). */
export function readCooklang(source: string, label: string, now?: Date): InteropEntry {
  let parsed: CookRecipe;
  try {
    parsed = new CookRecipe(source);
  } catch {
    return failed(label, "This Cooklang file could not be read.");
  }
  const m = parsed.metadata;
  const r: PartialRecipe & { name?: string } = {
    name: meta(m, "title") ?? baseName(label).replace(/\.cook$/i, ""),
  };
  const description = meta(m, "description", "introduction");
  if (description) r.description = description;
  const ingredients = parsed.ingredients.map(ingredient);
  if (ingredients.length) r.ingredients = ingredients;
  const steps = [];
  for (const step of parsed.steps) {
    const text = step
      .map((t) =>
        t.type === "text"
          ? t.value
          : t.type === "timer"
            ? [t.quantity, t.units].filter((x) => x !== "").join(" ")
            : t.name,
      )
      .join("")
      .replace(/\s+/g, " ")
      .trim();
    // A line of ingredients alone (how exports list ones no step names) is not a step.
    const words = step
      .filter((t) => t.type === "text")
      .map((t) => (t as { value: string }).value)
      .join("")
      .replace(/[\s,;.:]+/g, "");
    if (text && (words || !step.every((t) => t.type !== "timer"))) steps.push({ text, section: null });
  }
  if (steps.length) r.instructions = steps;
  const y = parseYield(meta(m, "servings", "serves", "yield"));
  if (y.text) {
    r.yield = y.text;
    r.servings = y.servings;
  }
  const prep = parseDuration(meta(m, "prep time", "time.prep", "prep_time"));
  const cook = parseDuration(meta(m, "cook time", "time.cook", "cook_time"));
  const total = parseDuration(meta(m, "time required", "time", "duration", "total time"));
  if (prep !== null) r.prepTimeMinutes = prep;
  if (cook !== null) r.cookTimeMinutes = cook;
  if (total !== null) r.totalTimeMinutes = total;
  const tags = listOf(meta(m, "tags"));
  if (tags.length) r.tags = tags;
  const category = listOf(meta(m, "course", "category"));
  if (category.length) r.category = category;
  const cuisine = meta(m, "cuisine");
  if (cuisine) r.cuisine = cuisine;
  const diet = meta(m, "diet");
  if (diet) r.dietType = diet;
  const author = meta(m, "author", "source.author");
  if (author) r.author = author;
  const img = httpUrl(meta(m, "image", "picture"));
  if (img) r.imageUrl = img;
  const url = httpUrl(meta(m, "source", "source.url", "url"));
  const draft = makeDraft(r, { url: url ?? fileUrl("cooklang", label) }, now);
  return recipeEntry(r.name || label, draft);
}

/** Every `.cook` file of a folder or zip; a picture of the same name beside it comes along. */
export function readCooklangFiles(files: FileMap, now?: Date): InteropEntry[] {
  const out: InteropEntry[] = [];
  for (const [path, bytes] of files) {
    if (!/\.cook$/i.test(path)) continue;
    const entry = readCooklang(utf8(bytes), path, now);
    const stem = path.replace(/\.cook$/i, "");
    const picPath = [...files.keys()].find((p) => p.startsWith(`${stem}.`) && /\.(jpe?g|png|webp)$/i.test(p));
    const pic = picPath ? image(baseName(picPath), files.get(picPath)) : null;
    if (entry.ok && entry.kind === "recipe" && pic) entry.images = [pic];
    out.push(entry);
  }
  return out;
}
