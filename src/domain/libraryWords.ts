import type { RecipeLanguage } from "./recipeLanguage.ts";

// The name Ladle gives a person's own library when it makes it, in the language they speak then.
// A name once given is the person's data: it stays as it is when they change language.
const DEFAULT_LIBRARY_NAME: Record<RecipeLanguage, string> = {
  en: "My library",
  de: "Meine Bibliothek",
  fr: "Ma bibliothèque",
  es: "Mi biblioteca",
  it: "La mia biblioteca",
  nl: "Mijn bibliotheek",
  pt: "A minha biblioteca",
  sv: "Mitt bibliotek",
};

/** "My library" in the language (English when none is known). */
export function defaultLibraryName(lang: RecipeLanguage | null | undefined): string {
  return DEFAULT_LIBRARY_NAME[lang ?? "en"];
}
