import { parseDuration } from "../extract/durations.ts";
import { parseIngredientList } from "../extract/ingredients.ts";
import { stripStepLabel } from "../extract/schemaRecipe.ts";
import { parseYield } from "../extract/yields.ts";
import type { Instruction } from "../domain/recipe.ts";
import type { PartialRecipe } from "../extract/schemaRecipe.ts";
import { nutritionFromText } from "./nutritionText.ts";
import {
  failed,
  fileUrl,
  httpUrl,
  image,
  isObject,
  lines,
  makeDraft,
  parseJson,
  recipeEntry,
  type FileMap,
  type InteropEntry,
  type InteropImage,
} from "./types.ts";
import { gunzip, isGzip, type InflateBudget } from "./zipFiles.ts";

/** Paprika's recipe fields (its `.paprikarecipe` JSON, as its export and sync API write it). */
export interface PaprikaRecipe {
  uid?: string;
  name?: string;
  ingredients?: string;
  directions?: string;
  description?: string;
  notes?: string;
  nutritional_info?: string;
  servings?: string;
  prep_time?: string;
  cook_time?: string;
  total_time?: string;
  source?: string;
  source_url?: string;
  image_url?: string;
  photo?: string;
  photo_data?: string;
  categories?: string[];
  rating?: number;
  difficulty?: string;
  created?: string;
}

const text = (v: unknown): string => (typeof v === "string" ? v.trim() : "");

/** One Paprika recipe object as a draft entry (the photo is decoded from its base64 `photo_data`). */
export function paprikaEntry(p: Record<string, unknown>, label: string, now?: Date): InteropEntry {
  const r: PartialRecipe & { name?: string } = {};
  r.name = text(p.name);
  const description = [text(p.description), text(p.notes) ? `Notes: ${text(p.notes)}` : ""].filter(Boolean);
  if (description.length) r.description = description.join("\n\n");
  const ingredients = parseIngredientList(lines(p.ingredients));
  if (ingredients.length) r.ingredients = ingredients;
  // Paprika keeps steps as paragraphs; a short line ending in ":" heads the steps after it. A
  // Markdown heading line ("# Prepare") under a "Potatoes:" section titles the one step after it;
  // otherwise (a file whose sections are all "#" lines) it heads the steps after it as well.
  let section: string | null = null;
  let colonSection = false;
  let title: string | null = null;
  const steps: Instruction[] = [];
  for (const l of lines(p.directions)) {
    const heading = /^#{1,6}\s+(\S.*)$/.exec(l)?.[1]?.trim();
    if (heading) {
      if (section && colonSection) title = heading;
      else section = heading;
    } else if (/:$/.test(l) && l.length <= 60 && !/[.!?]/.test(l)) {
      section = l.replace(/:$/, "").trim();
      colonSection = true;
      title = null;
    } else {
      steps.push({ text: stripStepLabel(l), section, ...(title ? { title } : {}) });
      title = null;
    }
  }
  if (steps.length) r.instructions = steps;
  const y = parseYield(text(p.servings) || null);
  if (y.text) {
    r.yield = y.text;
    r.servings = y.servings;
  }
  const prep = parseDuration(text(p.prep_time));
  const cook = parseDuration(text(p.cook_time));
  const total = parseDuration(text(p.total_time));
  if (prep !== null) r.prepTimeMinutes = prep;
  if (cook !== null) r.cookTimeMinutes = cook;
  if (total !== null) r.totalTimeMinutes = total;
  const cats = Array.isArray(p.categories) ? p.categories.map(text).filter(Boolean) : [];
  if (cats.length) r.category = [...new Set(cats)];
  const nutrition = nutritionFromText(p.nutritional_info);
  if (nutrition) r.nutrition = nutrition;
  const img = httpUrl(p.image_url);
  if (img) r.imageUrl = img;
  const images: InteropImage[] = [];
  if (typeof p.photo_data === "string" && p.photo_data) {
    const bytes = decodeBase64(p.photo_data);
    const pic = bytes && image(text(p.photo) || "photo.jpg", bytes);
    if (pic) images.push(pic);
  }
  const draft = makeDraft(
    r,
    {
      url: httpUrl(p.source_url) ?? fileUrl("paprika", text(p.uid) || label),
      siteName: text(p.source) || null,
    },
    now,
  );
  return recipeEntry(r.name || label, draft, images);
}

function decodeBase64(s: string): Uint8Array | null {
  try {
    return new Uint8Array(Buffer.from(s, "base64"));
  } catch {
    return null;
  }
}

/** One `.paprikarecipe` file: gzipped JSON (plain JSON is read too). */
export function readPaprikaFile(
  bytes: Uint8Array,
  label: string,
  now?: Date,
  budget?: InflateBudget,
): InteropEntry {
  let raw = bytes;
  if (isGzip(bytes)) {
    const unpacked = gunzip(bytes, budget);
    if (unpacked instanceof Error)
      return failed(label, "This recipe file is damaged (its compressed data could not be unpacked).");
    raw = unpacked;
  }
  const json = parseJson(raw);
  if (json instanceof Error) return failed(label, json.message);
  if (!isObject(json)) return failed(label, "This recipe file does not hold a Paprika recipe.");
  return paprikaEntry(json, label, now);
}

/** A `.paprikarecipes` export: a zip with one gzipped `.paprikarecipe` per recipe. */
export function readPaprika(files: FileMap, now?: Date, budget?: InflateBudget): InteropEntry[] {
  const out: InteropEntry[] = [];
  for (const [path, bytes] of files) {
    if (!/\.paprikarecipe$/i.test(path)) continue;
    out.push(readPaprikaFile(bytes, path.replace(/\.paprikarecipe$/i, ""), now, budget));
  }
  return out;
}
