import { pageWords } from "../../interop/pageWords.ts";
import type { RecipeLanguage } from "../../domain/recipeLanguage.ts";
import type { ExportFormat, ExportQuery } from "./exportQuery.ts";
import type { StoredRecipe } from "../../domain/recipe.ts";
import { LOCAL_USER_NAME, type Caller } from "../../domain/user.ts";
import { writeBookmarksJson, writeNetscape, type ExportBookmark } from "../../interop/bookmarkWriters.ts";
import { writeCookbookHtml } from "../../interop/cookbookHtml.ts";
import { writeCooklang } from "../../interop/cooklangWriter.ts";
import { writeJsonLd } from "../../interop/jsonldWriter.ts";
import { writePaprika } from "../../interop/paprikaWriter.ts";
import { fileStem, type ExportRecipe } from "../../interop/writeShared.ts";
import type { BlobsRepo } from "../../storage/blobs.repo.ts";
import { originOf, type ItemsRepo } from "../../storage/items.repo.ts";
import type { RecipesRepo } from "../../storage/recipes.repo.ts";
import type { ArticlesService } from "../articles/index.ts";
import { collectionImageKey } from "./collectionImages.ts";

/** What an export reads: the caller's recipes (with their kept pictures), bookmarks and articles. */
export interface ExportDeps {
  now: () => Date;
  recipes: RecipesRepo;
  items: ItemsRepo;
  blobs: Pick<BlobsRepo, "get">;
  articles: Pick<ArticlesService, "list">;
}

export { zExportFormat, zExportQuery, zExportType } from "./exportQuery.ts";
export type { ExportFormat, ExportQuery, ExportType } from "./exportQuery.ts";

export interface ExportFile {
  bytes: Uint8Array;
  contentType: string;
  fileName: string;
}

const RECIPE_FORMATS = new Set<ExportFormat>(["jsonld", "paprika", "cooklang", "html"]);

/** Everything of the caller's a format can hold, as one file (recipes they can read; their own bookmarks and articles). */
export async function exportCollection(
  ladle: ExportDeps,
  caller: Caller,
  q: ExportQuery,
): Promise<{ ok: true; value: ExportFile } | { ok: false; message: string }> {
  const type = q.type ?? (RECIPE_FORMATS.has(q.format) ? "recipe" : "bookmark");
  if (RECIPE_FORMATS.has(q.format) !== (type === "recipe"))
    return {
      ok: false,
      message:
        type === "recipe"
          ? "Recipes export as jsonld, paprika, cooklang or html."
          : "Bookmarks and articles export as netscape or json.",
    };
  const stamp = ladle.now().toISOString().slice(0, 10);
  if (type === "recipe") {
    const only = q.ids ? new Set(q.ids.split(",").map((s) => s.trim())) : null;
    const repo = ladle.recipes;
    const recipes: ExportRecipe[] = [];
    for (let offset = 0; ; offset += 200) {
      const page = await repo.list({ viewer: caller, limit: 200, offset });
      for (const row of page.rows) {
        if (only && !only.has(row.id)) continue;
        const recipe = row.document as StoredRecipe;
        const blob = await ladle.blobs.get(collectionImageKey(row.id));
        recipes.push({
          recipe: { ...recipe, imageUrl: recipe.imageUrl?.startsWith("/") ? null : recipe.imageUrl },
          image: blob ? { name: "photo", contentType: blob.contentType, bytes: blob.data } : null,
        });
      }
      if (page.rows.length < 200) break;
    }
    // Named by what the file holds (one recipe by its name), its format and the day, so two
    // exports never download under the same name.
    const what =
      only && recipes.length === 1
        ? fileStem(recipes[0]!.recipe.name, new Set())
        : `${recipes.length}-recipe${recipes.length === 1 ? "" : "s"}`;
    switch (q.format) {
      case "jsonld":
        return file(writeJsonLd(recipes), "application/zip", `ladle-${what}-schema-org-${stamp}.zip`);
      case "paprika":
        return file(
          writePaprika(recipes),
          "application/zip",
          `ladle-${what}-paprika-${stamp}.paprikarecipes`,
        );
      case "cooklang":
        return file(writeCooklang(recipes), "application/zip", `ladle-${what}-cooklang-${stamp}.zip`);
      default:
        return file(
          new TextEncoder().encode(writeCookbookHtml(recipes, cookbookTitle(caller.name, q.lang), q.lang)),
          "text/html; charset=utf-8",
          `ladle-${what}-cookbook-${stamp}.html`,
        );
    }
  }
  const items: ExportBookmark[] = [];
  if (type === "bookmark") {
    const rows = await ladle.items.list({ userId: caller.id, limit: 100_000 });
    for (const r of rows) {
      const origin = originOf(r);
      items.push({
        url: r.url,
        title: r.title,
        excerpt: r.excerpt,
        tags: origin.tags,
        folder: origin.folder,
        archived: origin.archived,
        addedAt: origin.savedAt ?? new Date(r.created_at).toISOString(),
        type: "bookmark",
      });
    }
  } else {
    const media = await ladle.articles.list(caller, undefined);
    if (media.ok)
      for (const m of media.value)
        items.push({
          url: m.source_url,
          title: m.title,
          excerpt: m.excerpt,
          tags: [],
          folder: null,
          archived: false,
          addedAt: m.created_at,
          type: "article",
        });
  }
  return q.format === "netscape"
    ? file(
        new TextEncoder().encode(writeNetscape(items)),
        "text/html; charset=utf-8",
        `ladle-${items.length}-${type}s-bookmark-file-${stamp}.html`,
      )
    : file(
        new TextEncoder().encode(writeBookmarksJson(items)),
        "application/json",
        `ladle-${items.length}-${type}s-${stamp}.json`,
      );
}

/** The printed cookbook's title: the person's name, or "My cookbook" for the one-person mode's built-in user. */
export const cookbookTitle = (name: string, lang?: RecipeLanguage): string =>
  name === LOCAL_USER_NAME
    ? pageWords(lang).myCookbook
    : pageWords(lang).cookbookOf(`${name.charAt(0).toUpperCase()}${name.slice(1)}`);

const file = (bytes: Uint8Array, contentType: string, fileName: string) =>
  ({ ok: true, value: { bytes, contentType, fileName } }) as const;
