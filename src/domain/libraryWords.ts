import type { RecipeLanguage } from "./recipeLanguage.ts";
import { sayIn } from "./words/serverWords.ts";

// The name Ladle gives a person's own library when it makes it, in the language they speak then.
// A name once given is the person's data: it stays as it is when they change language.

/** "My library" in the language (English when none is known). */
export function defaultLibraryName(lang: RecipeLanguage | null | undefined): string {
  return sayIn(lang, "library.myLibrary");
}
