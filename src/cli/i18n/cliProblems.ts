// The server's problems, relayed by the CLI, in the person's language: one sentence per code of
// problems/problemCodes.ts, English being the server's own message. The code stays in front
// (scripts grep it); JSON output is not touched.
import { ERRORS } from "../../errors.ts";
import { cliLanguage, type CliLanguage } from "./cliWords.ts";
import { PROBLEM_CODES, type ProblemCode, type ProblemWords } from "./problems/problemCodes.ts";
import { deProblems } from "./problems/de.ts";
import { frProblems } from "./problems/fr.ts";
import { esProblems } from "./problems/es.ts";
import { itProblems } from "./problems/it.ts";
import { nlProblems } from "./problems/nl.ts";
import { ptProblems } from "./problems/pt.ts";
import { svProblems } from "./problems/sv.ts";

export { PROBLEM_CODES, type ProblemCode };

export const PROBLEM_WORDS: Record<Exclude<CliLanguage, "en">, ProblemWords> = {
  de: deProblems,
  fr: frProblems,
  es: esProblems,
  it: itProblems,
  nl: nlProblems,
  pt: ptProblems,
  sv: svProblems,
};

const KNOWN = new Set<string>(PROBLEM_CODES);

/**
 * The words for a problem the server answered. In English, and for a code with no sentence, the
 * server's message. Otherwise the language's sentence; when the server said something of its own
 * rather than the code's usual message (a field, a limit, a name), that follows in brackets,
 * since the sentence cannot know it.
 */
export function problemWords(code: string, serverMessage: string, lang: CliLanguage = cliLanguage()): string {
  if (lang === "en" || !KNOWN.has(code)) return serverMessage;
  const usual = (ERRORS as Record<string, { message: string }>)[code]?.message;
  const own = serverMessage && serverMessage !== usual ? ` (${serverMessage})` : "";
  return `${PROBLEM_WORDS[lang][code as ProblemCode]}${own}`;
}

/** `CODE: words` (problemWords): the code stays in front, where scripts grep it. */
export function sayProblem(code: string, serverMessage: string, lang: CliLanguage = cliLanguage()): string {
  return `${code}: ${problemWords(code, serverMessage, lang)}`;
}
