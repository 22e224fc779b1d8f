import { parseDuration } from "../extract/durations.ts";
import { parseIngredientLine } from "../extract/ingredients.ts";
import type { PartialRecipe } from "../extract/schemaRecipe.ts";
import { parseYield } from "../extract/yields.ts";
import { nutritionKey } from "./nutritionText.ts";
import {
  dirName,
  failed,
  fileUrl,
  httpUrl,
  image,
  isObject,
  makeDraft,
  parseJson,
  recipeEntry,
  textOf,
  type FileMap,
  type InteropEntry,
  type InteropImage,
} from "./types.ts";

type Obj = Record<string, unknown>;
const text = textOf;
const names = (v: unknown): string[] =>
  Array.isArray(v) ? v.map((x) => (isObject(x) ? text(x.name) : text(x))).filter(Boolean) : [];

/** True for a Mealie recipe JSON (its export writes `slug` and camelCase recipe fields). */
export function isMealieRecipe(v: unknown): v is Obj {
  return (
    isObject(v) &&
    typeof v.slug === "string" &&
    ("recipeIngredient" in v || "recipeInstructions" in v) &&
    ("orgURL" in v || "recipeServings" in v || "performTime" in v || "dateAdded" in v || "groupId" in v)
  );
}

/** An ingredient line as Mealie shows it: its original text, else its display, else the parts. */
function ingredientLine(i: Obj): string {
  const parts = [
    i.quantity && Number(i.quantity) ? text(i.quantity) : "",
    isObject(i.unit) ? text(i.unit.name) : text(i.unit),
    isObject(i.food) ? text(i.food.name) : text(i.food),
    text(i.note),
  ].filter(Boolean);
  return text(i.originalText) || text(i.display) || parts.join(" ");
}

/** One Mealie recipe JSON as a draft entry; the picture is `images/original.*` beside it. */
export function mealieEntry(m: Obj, label: string, pics: InteropImage[], now?: Date): InteropEntry {
  const r: PartialRecipe & { name?: string } = { name: text(m.name) };
  if (text(m.description)) r.description = text(m.description);
  const notes = Array.isArray(m.notes)
    ? m.notes.filter(isObject).map((n) => [text(n.title), text(n.text)].filter(Boolean).join(": "))
    : [];
  if (notes.length)
    r.description = [r.description, `Notes: ${notes.join("\n")}`].filter(Boolean).join("\n\n");
  let section: string | null = null;
  const ingredients = [];
  for (const i of Array.isArray(m.recipeIngredient) ? m.recipeIngredient : []) {
    if (typeof i === "string") {
      ingredients.push(parseIngredientLine(i, section));
      continue;
    }
    if (!isObject(i)) continue;
    if (text(i.title)) section = text(i.title);
    const line = ingredientLine(i);
    if (line) ingredients.push(parseIngredientLine(line, section));
  }
  if (ingredients.length) r.ingredients = ingredients;
  let stepSection: string | null = null;
  const steps = [];
  for (const s of Array.isArray(m.recipeInstructions) ? m.recipeInstructions : []) {
    const t = isObject(s) ? text(s.text) : text(s);
    if (isObject(s) && text(s.title)) stepSection = text(s.title);
    if (t) steps.push({ text: t, section: stepSection });
  }
  if (steps.length) r.instructions = steps;
  const servings = Number(m.recipeServings);
  const y = parseYield(text(m.recipeYield) || (servings > 0 ? String(servings) : null));
  if (y.text) {
    r.yield = y.text;
    r.servings = servings > 0 ? Math.round(servings) : y.servings;
  }
  const prep = parseDuration(text(m.prepTime));
  const cook = parseDuration(text(m.performTime) || text(m.cookTime));
  const total = parseDuration(text(m.totalTime));
  if (prep !== null) r.prepTimeMinutes = prep;
  if (cook !== null) r.cookTimeMinutes = cook;
  if (total !== null) r.totalTimeMinutes = total;
  const tags = names(m.tags);
  if (tags.length) r.tags = tags;
  const cats = names(m.recipeCategory);
  if (cats.length) r.category = cats;
  if (isObject(m.nutrition)) {
    const n: Record<string, string> = {};
    for (const [k, v] of Object.entries(m.nutrition)) {
      const key = nutritionKey(k);
      if (key && text(v)) n[key] = text(v);
    }
    if (Object.keys(n).length) r.nutrition = n;
  }
  const draft = makeDraft(r, { url: httpUrl(m.orgURL) ?? fileUrl("mealie", text(m.slug) || label) }, now);
  return recipeEntry(r.name || label, draft, pics);
}

/** A Mealie export zip: `<slug>/<slug>.json` (or `<slug>.json`) per recipe, pictures in `images/`. */
export function readMealie(files: FileMap, now?: Date): InteropEntry[] {
  const out: InteropEntry[] = [];
  for (const [path, bytes] of files) {
    if (!/\.json$/i.test(path) || /(^|\/)database\.json$/i.test(path)) continue;
    const json = parseJson(bytes);
    if (json instanceof Error) {
      out.push(failed(path, json.message));
      continue;
    }
    if (!isMealieRecipe(json)) {
      out.push(failed(path, "This file is not a Mealie recipe (it has no slug and recipe fields)."));
      continue;
    }
    const dir = dirName(path);
    const pic = [...files.keys()]
      .filter((p) => p.startsWith(dir ? `${dir}/images/` : "images/") && /\/original\.\w+$/.test(p))
      .map((p) => image("original", files.get(p)))
      .find(Boolean);
    out.push(mealieEntry(json, path, pic ? [pic] : [], now));
  }
  return out;
}
