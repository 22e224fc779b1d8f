import { flattenJsonLd } from "../extract/jsonld.ts";
import { schemaNodeEntry } from "./schemaOrgReader.ts";
import {
  baseName,
  dirName,
  failed,
  image,
  isObject,
  parseJson,
  type FileMap,
  type InteropEntry,
} from "./types.ts";

/** True for Nextcloud Cookbook's recipe.json: schema.org Recipe fields, in a recipe's own folder. */
export function isNextcloudRecipe(v: unknown): v is Record<string, unknown> {
  return isObject(v) && ("recipeIngredient" in v || "recipeInstructions" in v) && !Array.isArray(v.steps);
}

/**
 * A Nextcloud Cookbook folder or zip: one folder per recipe with `recipe.json` (schema.org Recipe)
 * and `full.jpg` (the picture; `thumb.jpg` and `thumb16.jpg` are its smaller copies).
 */
export function readNextcloud(files: FileMap, now?: Date): InteropEntry[] {
  const out: InteropEntry[] = [];
  for (const [path, bytes] of files) {
    if (baseName(path) !== "recipe.json") continue;
    const dir = dirName(path);
    const label = baseName(dir) || path;
    const json = parseJson(bytes);
    if (json instanceof Error) {
      out.push(failed(label, json.message));
      continue;
    }
    if (!isNextcloudRecipe(json)) {
      out.push(failed(label, "This recipe.json has neither ingredients nor steps in schema.org form."));
      continue;
    }
    const node = { "@type": "Recipe", ...json };
    const entry = schemaNodeEntry(node, flattenJsonLd([node]).byId, label, { format: "nextcloud", now });
    const pic = image("full.jpg", files.get(dir ? `${dir}/full.jpg` : "full.jpg"));
    if (entry.ok && entry.kind === "recipe" && pic) entry.images = [pic];
    out.push(entry);
  }
  return out;
}
