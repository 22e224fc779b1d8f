import { z } from "zod";
import { RECIPE_LANGUAGES } from "../../domain/recipeLanguage.ts";

// The export's query alone, apart from its writers: the routes validate it in every API process,
// while the writers (zip, cookbook HTML, Cooklang, Paprika) load with the first export.
export const zExportFormat = z.enum(["jsonld", "paprika", "cooklang", "html", "netscape", "json"]);
export type ExportFormat = z.infer<typeof zExportFormat>;
export const zExportType = z.enum(["recipe", "article", "bookmark"]);
export type ExportType = z.infer<typeof zExportType>;

export const zExportQuery = z.object({
  format: zExportFormat,
  /** Recipes for jsonld/paprika/cooklang/html; bookmarks and articles for netscape/json. */
  type: zExportType.optional(),
  /** Only these recipes (comma-separated ids); default the whole collection. */
  ids: z.string().max(20_000).optional(),
  /** The language of the cookbook's own words (html): its headings, "Serves 4"; default English. */
  lang: z.enum(RECIPE_LANGUAGES).optional(),
});
export type ExportQuery = z.infer<typeof zExportQuery>;
