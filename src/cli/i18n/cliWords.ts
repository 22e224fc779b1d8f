// The CLI's words for a person (summaries, progress, the plain part of errors) in the language of
// LADLE_LANG, else LC_ALL, LC_MESSAGES or LANG, among the eight Ladle speaks, English otherwise: ICU messages
// (intl-messageformat, as the web app's), one catalogue per language beside this file. JSON
// output, API codes and the server's own messages stay as they are.
import { IntlMessageFormat } from "intl-messageformat";
import { CLI_CATALOGUES, type CliKey } from "./cliCatalogues.ts";

export type { CliKey };

export const CLI_LANGUAGES = ["en", "de", "fr", "es", "it", "nl", "pt", "sv"] as const;
export type CliLanguage = (typeof CLI_LANGUAGES)[number];

/**
 * LADLE_LANG when set (Ladle's own choice, e.g. in a container whose locale is C), else the
 * language POSIX says a program speaks: LC_ALL, then LC_MESSAGES, then LANG ("de_DE.UTF-8" →
 * "de"); "C", "POSIX" and languages Ladle does not speak are English.
 */
export function cliLanguage(env: NodeJS.ProcessEnv = process.env): CliLanguage {
  const tag = [env.LADLE_LANG, env.LC_ALL, env.LC_MESSAGES, env.LANG].find((v) => v && v.trim() !== "") ?? "";
  const base = tag.toLowerCase().split(/[_.@-]/)[0] ?? "";
  return (CLI_LANGUAGES as readonly string[]).includes(base) ? (base as CliLanguage) : "en";
}

const compiled = new Map<string, IntlMessageFormat>();

/** The words of `key` in the person's language (English when a catalogue lacks it), values put in. */
export function say(
  key: CliKey,
  values?: Record<string, string | number>,
  lang: CliLanguage = cliLanguage(),
): string {
  const source = CLI_CATALOGUES[lang][key] ?? CLI_CATALOGUES.en[key];
  const id = `${lang}\u0000${key}`;
  let fmt = compiled.get(id);
  if (!fmt) {
    fmt = new IntlMessageFormat(source, lang);
    compiled.set(id, fmt);
  }
  return String(fmt.format(values));
}
