import type { Context } from "hono";
import { accepts } from "hono/accepts";
import { RECIPE_LANGUAGES, type RecipeLanguage } from "../domain/recipeLanguage.ts";

/**
 * The language a request asks in (Accept-Language: the web app sends the one it speaks), among
 * the eight Ladle speaks; "de-AT" is German. English when it names none of them.
 */
export function requestLanguage(c: Context): RecipeLanguage {
  return accepts(c, {
    header: "Accept-Language",
    supports: [...RECIPE_LANGUAGES],
    default: "en",
    // hono's own match wants the exact tag; a region ("de-DE") speaks its language.
    match: (asked, config) =>
      [...asked]
        .sort((a, b) => b.q - a.q)
        .map((a) => a.type.toLowerCase().split("-")[0]!)
        .find((base) => config.supports.includes(base)) ?? config.default,
  }) as RecipeLanguage;
}
