import type { Recipe } from "../domain/recipe.ts";
import {
  EXT,
  fileStem,
  isoDuration,
  pageUrl,
  siteName,
  withHeadings,
  type ExportRecipe,
} from "./writeShared.ts";
import { writeZip } from "./zipFiles.ts";

/** A Ladle recipe as a schema.org Recipe node (`image` is the given file name, else the image URL). */
export function toSchemaRecipe(r: Recipe, imageName: string | null = null): Record<string, unknown> {
  const node: Record<string, unknown> = { "@context": "https://schema.org", "@type": "Recipe", name: r.name };
  if (r.description) node.description = r.description;
  if (r.author) node.author = { "@type": "Person", name: r.author };
  const url = pageUrl(r);
  if (url) node.url = url;
  // A recipe from typed text, a PDF or a photo has no page: no url, no publisher (never a stand-in address).
  const site = siteName(r);
  if (site) node.publisher = { "@type": "Organization", name: site };
  if (imageName ?? r.imageUrl) node.image = imageName ?? r.imageUrl;
  node.recipeIngredient = withHeadings(r.ingredients, (i) => i.text);
  // Steps under a section go in a HowToSection; the others are plain HowToSteps, in order.
  const steps: unknown[] = [];
  for (const s of r.instructions) {
    const step = { "@type": "HowToStep", ...(s.title ? { name: s.title } : {}), text: s.text };
    const last = steps.at(-1) as { "@type": string; name?: string; itemListElement: unknown[] } | undefined;
    if (!s.section) steps.push(step);
    else if (last?.["@type"] === "HowToSection" && last.name === s.section) last.itemListElement.push(step);
    else steps.push({ "@type": "HowToSection", name: s.section, itemListElement: [step] });
  }
  node.recipeInstructions = steps;
  if (r.prepTimeMinutes) node.prepTime = isoDuration(r.prepTimeMinutes);
  if (r.cookTimeMinutes) node.cookTime = isoDuration(r.cookTimeMinutes);
  if (r.totalTimeMinutes) node.totalTime = isoDuration(r.totalTimeMinutes);
  const yields = [r.servings ? String(r.servings) : null, r.yield].filter((y): y is string => !!y);
  if (yields.length) node.recipeYield = [...new Set(yields)];
  if (r.nutrition) node.nutrition = { "@type": "NutritionInformation", ...r.nutrition };
  if (r.tags.length) node.keywords = r.tags.join(", ");
  if (r.category.length) node.recipeCategory = r.category;
  if (r.cuisine) node.recipeCuisine = r.cuisine;
  if (r.dietType) node.suitableForDiet = r.dietType;
  return node;
}

/** The collection as a zip: one `<name>.json` schema.org Recipe per recipe, its picture beside it. */
export function writeJsonLd(recipes: ExportRecipe[]): Uint8Array {
  const files = new Map<string, Uint8Array>();
  const taken = new Set<string>();
  for (const { recipe, image } of recipes) {
    const stem = fileStem(recipe.name, taken);
    const pic = image ? `${stem}.${EXT[image.contentType] ?? "img"}` : null;
    if (image && pic) files.set(pic, image.bytes);
    files.set(`${stem}.json`, new TextEncoder().encode(JSON.stringify(toSchemaRecipe(recipe, pic), null, 2)));
  }
  return writeZip(files);
}
