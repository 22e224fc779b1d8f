// A language's words, fetched before the app draws in it: the bundle holds only English (see
// src/web/buildApp.ts), so nobody downloads the seven languages they do not read.
import { fetchLanguageWords } from "../api/client.ts";
import { hasWords, isLanguage, provideWords, type Language } from "./i18n.ts";

/** Loads `lang`'s words once; without the network (and no cached copy) English stands in. */
export async function loadLanguage(lang: Language | string): Promise<void> {
  if (!isLanguage(lang) || hasWords(lang)) return;
  const words = await fetchLanguageWords(lang);
  if (words) provideWords(lang, words);
}
