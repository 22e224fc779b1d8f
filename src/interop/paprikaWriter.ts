import { createHash } from "node:crypto";
import { gzipSync, strToU8 } from "fflate";
import type { Recipe } from "../domain/recipe.ts";
import { nutritionToText } from "./nutritionText.ts";
import {
  EXT,
  fileStem,
  pageUrl,
  siteName,
  sourceWords,
  withHeadings,
  type ExportRecipe,
} from "./writeShared.ts";
import { writeZip } from "./zipFiles.ts";
import type { InteropImage } from "./types.ts";

const minutes = (n: number) => (n ? `${n} min` : "");

/** A Ladle recipe as Paprika's recipe JSON (the `.paprikarecipe` fields). */
export function toPaprika(r: Recipe, image: InteropImage | null = null): Record<string, unknown> {
  const uid = createHash("sha256")
    .update(r.id ?? r.name)
    .digest("hex")
    .slice(0, 32)
    .toUpperCase();
  const fields = {
    uid: `${uid.slice(0, 8)}-${uid.slice(8, 12)}-${uid.slice(12, 16)}-${uid.slice(16, 20)}-${uid.slice(20, 32)}`,
    name: r.name,
    ingredients: withHeadings(r.ingredients, (i) => i.text).join("\n"),
    // A step's own title goes on a heading line of its own over the step ("# Prepare"), a level
    // below its section's "Potatoes:" line.
    directions: withHeadings(r.instructions, (s) => (s.title ? `# ${s.title}\n${s.text}` : s.text)).join(
      "\n\n",
    ),
    description: r.description ?? "",
    notes: "",
    nutritional_info: nutritionToText(r.nutrition),
    servings: r.yield ?? (r.servings ? String(r.servings) : ""),
    prep_time: minutes(r.prepTimeMinutes),
    cook_time: minutes(r.cookTimeMinutes),
    total_time: minutes(r.totalTimeMinutes),
    source: siteName(r) ?? sourceWords(r) ?? "",
    source_url: pageUrl(r) ?? "",
    image_url: r.imageUrl ?? "",
    photo: image ? `photo.${EXT[image.contentType] ?? "jpg"}` : "",
    photo_data: image ? Buffer.from(image.bytes).toString("base64") : "",
    photos: [],
    categories: r.category,
    rating: 0,
    difficulty: "",
    created: new Date().toISOString().replace("T", " ").slice(0, 19),
  };
  return { ...fields, hash: createHash("sha256").update(JSON.stringify(fields)).digest("hex") };
}

/** The collection as a `.paprikarecipes` file: a zip of gzipped recipe JSON, photos inside. */
export function writePaprika(recipes: ExportRecipe[]): Uint8Array {
  const files = new Map<string, Uint8Array>();
  const taken = new Set<string>();
  for (const { recipe, image } of recipes)
    files.set(
      `${fileStem(recipe.name, taken)}.paprikarecipe`,
      gzipSync(strToU8(JSON.stringify(toPaprika(recipe, image ?? null)))),
    );
  return writeZip(files);
}
