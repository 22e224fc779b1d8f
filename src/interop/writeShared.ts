import type { Ingredient, Instruction, Recipe } from "../domain/recipe.ts";
import type { RecipeLanguage } from "../domain/recipeLanguage.ts";
import { sourceKindIn } from "./pageWords.ts";
import type { InteropImage } from "./types.ts";

/** A recipe to write out, with the picture stored for it (when there is one). */
export interface ExportRecipe {
  recipe: Recipe;
  image?: InteropImage | null;
}

/**
 * Lines of a list with a heading line ("For the sauce:") wherever the section changes, the shape
 * every list reader (Ladle's included) turns back into sections.
 */
export function withHeadings<T extends Ingredient | Instruction>(
  items: T[],
  text: (x: T) => string,
): string[] {
  const out: string[] = [];
  let section: string | null = null;
  for (const it of items) {
    if (it.section && it.section !== section) out.push(`${it.section}:`);
    section = it.section ?? section;
    out.push(text(it));
  }
  return out;
}

/** A file name from a recipe name: letters, digits and dashes; unique within `taken`. */
export function fileStem(name: string, taken: Set<string>): string {
  const base =
    name
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "recipe";
  let stem = base;
  for (let i = 2; taken.has(stem); i++) stem = `${base}-${i}`;
  taken.add(stem);
  return stem;
}

export const EXT: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
};

// Pasted text, PDFs and photos are given a stand-in address under the reserved ".invalid" name
// (import.invalid), files of a collection a "urn:ladle:import:<format>:" one: neither is a page.
const STAND_IN = /^https?:\/\/[^/?#]*\.invalid(?:[:/?#]|$)/i;
const URN = /^urn:ladle:import:([a-z]+):/i;

/** The source page of a recipe when it is a web page (not a file's stand-in). */
export const pageUrl = (r: Recipe): string | null =>
  r.source?.url && /^https?:\/\//i.test(r.source.url) && !STAND_IN.test(r.source.url) ? r.source.url : null;

/** The site's name when the recipe came from a web page (a stand-in address names no site). */
export const siteName = (r: Recipe): string | null => (pageUrl(r) ? (r.source?.siteName ?? null) : null);

/**
 * Where a recipe came from, in words, when that was not a web page ("From a PDF", in `lang`); null
 * for a page.
 */
export function sourceWords(r: Recipe, lang: RecipeLanguage = "en"): string | null {
  const url = r.source?.url;
  if (!url || pageUrl(r)) return null;
  const kind = STAND_IN.test(url)
    ? (new URL(url).pathname.split("/")[1] ?? "")
    : (URN.exec(url)?.[1]?.toLowerCase() ?? "");
  return sourceKindIn(kind, lang);
}

/** Minutes as ISO-8601 duration ("PT1H30M"). */
export function isoDuration(min: number): string {
  const h = Math.floor(min / 60);
  const m = min % 60;
  return `PT${h ? `${h}H` : ""}${m || !h ? `${m}M` : ""}`;
}
