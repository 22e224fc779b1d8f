// The CLI's help in the person's language (cliWords.ts picks it): plain texts, not ICU messages,
// because help holds braces and angle brackets (`{"server","token"}`, `<command>`) that ICU reads
// as syntax. English is what the CLI always printed; a text a language lacks is said in English.
// Commands, options and values (`--json`, `ReviewReady`) are the same in every language.
import { cliLanguage, type CliLanguage } from "./cliWords.ts";

import { en, MORE_HELP_KEYS, type HelpKey, type MoreKey, type Texts } from "./help/en.ts";
import { de, deMore } from "./help/de.ts";
import { fr, frMore } from "./help/fr.ts";
import { es, esMore } from "./help/es.ts";
import { it, itMore } from "./help/it.ts";
import { nl, nlMore } from "./help/nl.ts";
import { pt, ptMore } from "./help/pt.ts";
import { sv, svMore } from "./help/sv.ts";
import { deOwn } from "./help/commandsDe.ts";
import { frOwn } from "./help/commandsFr.ts";
import { esOwn } from "./help/commandsEs.ts";
import { itOwn } from "./help/commandsIt.ts";
import { nlOwn } from "./help/commandsNl.ts";
import { ptOwn } from "./help/commandsPt.ts";
import { svOwn } from "./help/commandsSv.ts";
import type { OwnHelpKey } from "./help/ownHelpKeys.ts";

export { MORE_HELP_KEYS, type HelpKey };
/** The long texts whose English lives beside their command (empty in `en`). */
export const COMMAND_HELP_KEYS = ["add", "tasks", "import", "scale"] as const;

export const CLI_HELP: Record<CliLanguage, Texts> = { en, de, fr, es, it, nl, pt, sv };

/**
 * The help text `key` in the person's language; `english` is the command's own English text for
 * the long helps kept beside their command. `{command}` is put in where a text holds it.
 */
export function helpText(
  key: HelpKey,
  opts: { english?: string; command?: string } = {},
  lang: CliLanguage = cliLanguage(),
): string {
  const text = CLI_HELP[lang][key] || opts.english || CLI_HELP.en[key];
  return opts.command === undefined ? text : text.replace("{command}", opts.command);
}

const MORE_HELP: Record<Exclude<CliLanguage, "en">, Record<MoreKey, string>> = {
  de: deMore,
  fr: frMore,
  es: esMore,
  it: itMore,
  nl: nlMore,
  pt: ptMore,
  sv: svMore,
};

/** `ladle <command> --help` of `key` in the person's language, else the command's own English. */
export function moreHelp(key: MoreKey, english: string, lang: CliLanguage = cliLanguage()): string {
  return lang === "en" ? english : MORE_HELP[lang][key];
}

/** users, import-file, export, extract, check-url and article, in every language but English. */
const OWN_HELP: Record<Exclude<CliLanguage, "en">, Record<OwnHelpKey, string>> = {
  de: deOwn,
  fr: frOwn,
  es: esOwn,
  it: itOwn,
  nl: nlOwn,
  pt: ptOwn,
  sv: svOwn,
};

/** `ladle <command> --help` of a command whose English lives beside it, in the person's language. */
export function ownHelp(key: OwnHelpKey, english: string, lang: CliLanguage = cliLanguage()): string {
  return lang === "en" ? english : OWN_HELP[lang][key];
}
