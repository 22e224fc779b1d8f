// The data commands' descriptions and their options' help (`ladle recipes list --help`) in the
// person's language. English is the operation's own text in its zod schema (src/mcp/tools/*), which
// the MCP tools and the API keep as it is, since programs and models read it there; the other
// languages say it for a cook, one catalogue per language in ops/, keyed by operation and field.
// cliOpWords.test.ts fails when a data command, or one of its options, lacks a language.
import { cliLanguage, type CliLanguage } from "./cliWords.ts";
import type { OpWords } from "./ops/opWordsShape.ts";
import { deOps } from "./ops/de.ts";
import { frOps } from "./ops/fr.ts";
import { esOps } from "./ops/es.ts";
import { itOps } from "./ops/it.ts";
import { nlOps } from "./ops/nl.ts";
import { ptOps } from "./ops/pt.ts";
import { svOps } from "./ops/sv.ts";

export type { OpWords };

export const OP_WORDS: Record<Exclude<CliLanguage, "en">, OpWords> = {
  de: deOps,
  fr: frOps,
  es: esOps,
  it: itOps,
  nl: nlOps,
  pt: ptOps,
  sv: svOps,
};

/** What `ladle <group> <command> --help` says the command does; `english` is the operation's. */
export function opDescription(op: string, english: string, lang: CliLanguage = cliLanguage()): string {
  return lang === "en" ? english : (OP_WORDS[lang].ops[op]?.d ?? english);
}

/**
 * The help of option or argument `field` of operation `op`: the operation's own words for it,
 * else the words the language gives that field name wherever it appears; `english` otherwise.
 */
export function optionWords(
  op: string,
  field: string,
  english: string,
  lang: CliLanguage = cliLanguage(),
): string {
  if (lang === "en") return english;
  const words = OP_WORDS[lang];
  return words.ops[op]?.o?.[field] ?? words.fields[field] ?? english;
}

/** A command's operation and the option and argument names its help shows. */
export interface ShownCommand {
  op: string;
  fields: string[];
}

/** `lang.op` and `lang.op.field` of every description a catalogue lacks (empty: all there). */
export function missingOpWords(
  commands: ShownCommand[],
  catalogues: Partial<Record<CliLanguage, OpWords>> = OP_WORDS,
): string[] {
  const missing: string[] = [];
  for (const [lang, words] of Object.entries(catalogues))
    for (const c of commands) {
      if (!words.ops[c.op]?.d) missing.push(`${lang}.${c.op}`);
      for (const f of c.fields)
        if (!(words.ops[c.op]?.o?.[f] ?? words.fields[f])) missing.push(`${lang}.${c.op}.${f}`);
    }
  return missing;
}
