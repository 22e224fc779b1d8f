// The words the server writes itself where the web app does not show them: the public share page,
// the printed cookbook, shopping lists, a kitchen's notes, the names it gives a person's library.
// ICU messages (intl-messageformat, as the web app's and the CLI's) in catalogues beside this file,
// <language>/<namespace>.json, checked with the web app's by `npm run gen:i18n -- --check` (every
// language has every key, each message is valid ICU, each key is named by some code).
import { IntlMessageFormat } from "intl-messageformat";
import type { RecipeLanguage } from "../recipeLanguage.ts";
import { SERVER_CATALOGUES, type ServerKey } from "./serverCatalogues.gen.ts";

export type { ServerKey };

export type WordValues = Record<string, string | number>;

const compiled = new Map<string, IntlMessageFormat>();

/** The words of `key` in `lang` (English when none is known, or a catalogue lacks it), values put in. */
export function sayIn(lang: RecipeLanguage | null | undefined, key: ServerKey, values?: WordValues): string {
  const l = lang ?? "en";
  const source = SERVER_CATALOGUES[l]?.[key] ?? SERVER_CATALOGUES.en![key] ?? key;
  const id = `${l}\u0000${key}`;
  let fmt = compiled.get(id);
  if (!fmt) {
    fmt = new IntlMessageFormat(source, l);
    compiled.set(id, fmt);
  }
  return String(fmt.format(values));
}
