// Finds English words left in a text meant for another language (the CLI's help and output):
// common English words that are no word of that language. What is code stays out of it:
// options, placeholders, quoted examples, JSON, paths, `ladle …` command paths, ALLCAPS names
// and camelCase or kebab-case names. A hand-kept word list, because the check must see a
// planted English line in a German text and no dictionary library covers eight languages small.
import type { CliLanguage } from "./cliWords.ts";

/** English words a person would notice; none is a command, an option value or a name. */
const ENGLISH = new Set(
  `the and your you with this that from which when where what into each every their them they
  these those only more than would should does been have has was were will about after before until
  while instead already also just how many much any anything else there here give gives given print
  prints shows saved keeps file files page pages words word default choices usage options commands
  arguments install display command to of is or are not for by on at an be it its if no yes
  reads write writes lists find finds`
    .split(/\s+/)
    .filter(Boolean),
);

/** Words of the other languages spelt as an English word (Dutch "of", French "page", Portuguese "for"). */
const OWN_WORDS: Partial<Record<CliLanguage, string[]>> = {
  de: ["an", "will", "was", "also"],
  fr: ["on", "or", "an", "page", "pages", "options", "arguments", "usage", "file"],
  es: ["has", "no"],
  it: ["file", "no"],
  nl: ["of", "is", "was", "been", "an", "file"],
  pt: ["no", "file", "for"],
  sv: ["for", "by", "be", "is", "and", "an", "file"],
};

/** Spans that are code, not words: removed before the words are read. */
const CODE = [
  /"[^"\n]*"|“[^”\n]*”|„[^“”\n]*[“”]|«[^»\n]*»|”[^”\n]*”/g, // quoted examples and literals
  /\{[^}]*\}?/g, // JSON and placeholders like {command}
  /<[^>\n]*>/g, // <url>, <recipeId>
  /--?[a-z][\w-]*/g, // options
  /\bladle(?: [a-z][\w-]*)+/g, // command paths: ladle recipes list
  /\S*(?:[/_|=$~@]|\.(?=\w))\S*/g, // paths, addresses, files, a|b|c choices, host=ip, $VAR
  /\b[A-Za-z]+[-_][\w-]+\b/g, // kebab and snake names: import-file, task_commit
  /\b[a-z]+[A-Z]\w*\b/g, // camelCase names: recipeId, keepBoth
  /\b[A-Z][A-Z0-9]+\b/g, // ALLCAPS names: NAME, JSON, LADLE_TOKEN
];

/** The English words in `text`, in order of their first appearance (empty: none left). */
export function englishLeftovers(text: string, lang: CliLanguage): string[] {
  if (lang === "en") return [];
  let rest = text;
  for (const re of CODE) rest = rest.replace(re, " ");
  const own = new Set(OWN_WORDS[lang] ?? []);
  const found = new Set<string>();
  for (const m of rest.matchAll(/\p{L}+(?:'\p{L}+)?/gu)) {
    const w = m[0].toLowerCase();
    if (ENGLISH.has(w) && !own.has(w)) found.add(w);
  }
  return [...found];
}
