import { parseIngredientLine } from "../extract/ingredients.ts";
import type { PartialRecipe } from "../extract/schemaRecipe.ts";
import { parseYield } from "../extract/yields.ts";
import { nutritionKey } from "./nutritionText.ts";
import {
  baseName,
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
} from "./types.ts";
import { isZip, readZip, type InflateBudget } from "./zipFiles.ts";

type Obj = Record<string, unknown>;
const text = textOf;

/** True for Tandoor's recipe.json (its default export: `steps` holding `ingredients` with `food`). */
export function isTandoorRecipe(v: unknown): v is Obj {
  return (
    isObject(v) && Array.isArray(v.steps) && ("working_time" in v || "waiting_time" in v || "keywords" in v)
  );
}

function amount(a: unknown): string {
  const n = Number(a);
  if (!Number.isFinite(n) || n <= 0) return "";
  return String(Math.round(n * 1000) / 1000);
}

/** One Tandoor recipe.json as a draft entry. */
export function tandoorEntry(t: Obj, label: string, pic: Uint8Array | undefined, now?: Date): InteropEntry {
  const r: PartialRecipe & { name?: string } = { name: text(t.name) };
  if (text(t.description)) r.description = text(t.description);
  const ingredients = [];
  const steps = [];
  let cookMinutes = 0;
  for (const s of t.steps as unknown[]) {
    if (!isObject(s)) continue;
    const section = text(s.name) || null;
    let heading: string | null = section;
    for (const i of Array.isArray(s.ingredients) ? s.ingredients : []) {
      if (!isObject(i)) continue;
      if (i.is_header) {
        heading = text(i.note) || (isObject(i.food) ? text(i.food.name) : "") || heading;
        continue;
      }
      const line =
        text(i.original_text) ||
        [
          i.no_amount ? "" : amount(i.amount),
          isObject(i.unit) ? text(i.unit.name) : "",
          isObject(i.food) ? text(i.food.name) : "",
          text(i.note) ? `(${text(i.note)})` : "",
        ]
          .filter(Boolean)
          .join(" ");
      if (line) ingredients.push(parseIngredientLine(line, heading));
    }
    const instruction = text(s.instruction);
    if (instruction)
      for (const para of instruction
        .split(/\n\s*\n|\r?\n/)
        .map((x) => x.trim())
        .filter(Boolean))
        steps.push({ text: para, section });
    cookMinutes += Number(s.time) > 0 ? Math.round(Number(s.time)) : 0;
  }
  if (ingredients.length) r.ingredients = ingredients;
  if (steps.length) r.instructions = steps;
  const servings = Number(t.servings);
  if (servings > 0) {
    r.servings = Math.round(servings);
    r.yield = text(t.servings_text) ? `${r.servings} ${text(t.servings_text)}` : String(r.servings);
  } else if (text(t.servings_text)) r.yield = parseYield(text(t.servings_text)).text;
  const prep = Number(t.working_time);
  const wait = Number(t.waiting_time);
  if (prep > 0) r.prepTimeMinutes = Math.round(prep);
  if (wait > 0 || cookMinutes > 0) r.cookTimeMinutes = Math.round(wait > 0 ? wait : cookMinutes);
  const keywords = Array.isArray(t.keywords)
    ? t.keywords.map((k) => (isObject(k) ? text(k.name) : text(k))).filter(Boolean)
    : [];
  if (keywords.length) r.tags = keywords;
  if (isObject(t.nutrition)) {
    const n: Record<string, string> = {};
    for (const [k, v] of Object.entries(t.nutrition)) {
      const key = nutritionKey(k);
      if (key && text(v) && Number(v) !== 0) n[key] = key === "calories" ? `${text(v)} kcal` : `${text(v)} g`;
    }
    if (Object.keys(n).length) r.nutrition = n;
  }
  const img = image("image", pic);
  const draft = makeDraft(r, { url: httpUrl(t.source_url) ?? fileUrl("tandoor", label) }, now);
  return recipeEntry(r.name || label, draft, img ? [img] : []);
}

/** One recipe folder's files: recipe.json and its image.* */
function readRecipeFiles(files: FileMap, dir: string, label: string, now?: Date): InteropEntry {
  const json = parseJson(files.get(dir ? `${dir}/recipe.json` : "recipe.json")!);
  if (json instanceof Error) return failed(label, json.message);
  if (!isTandoorRecipe(json)) return failed(label, "This file is not a Tandoor recipe (it has no steps).");
  const picPath = [...files.keys()].find((p) => dirName(p) === dir && /^image\.\w+$/i.test(baseName(p)));
  return tandoorEntry(json, label, picPath ? files.get(picPath) : undefined, now);
}

/** A Tandoor export zip: one inner zip per recipe (recipe.json + image), or recipe folders. */
export function readTandoor(files: FileMap, now?: Date, budget?: InflateBudget): InteropEntry[] {
  const out: InteropEntry[] = [];
  for (const [path, bytes] of files) {
    if (/\.zip$/i.test(path)) {
      const inner = isZip(bytes) ? readZip(bytes, budget) : new Error("This recipe's zip is damaged.");
      if (inner instanceof Error) out.push(failed(path, inner.message));
      else if (!inner.has("recipe.json")) out.push(failed(path, "This recipe's zip has no recipe.json."));
      else out.push(readRecipeFiles(inner, "", path.replace(/\.zip$/i, ""), now));
    } else if (baseName(path) === "recipe.json") {
      out.push(readRecipeFiles(files, dirName(path), dirName(path) || path, now));
    }
  }
  return out;
}
