// Commander's own slips ("error: missing required argument 'recipeId'") in the person's language.
// Commander writes them in English with no catalogue of its own, so each of its message shapes is
// read back here and said again; a shape not known here is left as commander wrote it.
import { cliLanguage, say, type CliLanguage } from "./cliWords.ts";

type Shape = [RegExp, (m: RegExpExecArray, lang: CliLanguage) => string];

const SHAPES: Shape[] = [
  [/^error: missing required argument ('[^']*')/, (m, l) => say("errMissingArgument", { name: m[1]! }, l)],
  [/^error: option ('[^']*') argument missing/, (m, l) => say("errOptionArgMissing", { flags: m[1]! }, l)],
  [
    /^error: required option ('[^']*') not specified/,
    (m, l) => say("errRequiredOption", { flags: m[1]! }, l),
  ],
  [/^error: unknown option ('[^']*')/, (m, l) => say("errUnknownOption", { flag: m[1]! }, l)],
  [/^error: unknown command ('[^']*')/, (m, l) => say("errUnknownCommand", { name: m[1]! }, l)],
  [
    /^error: too many arguments.*?Expected (\d+) arguments? but got (\d+)/,
    (m, l) => say("errTooManyArguments", { expected: m[1]!, received: m[2]! }, l),
  ],
  [
    /^error: option ('[^']*') argument ('[^']*') is invalid\.( .*)?$/s,
    (m, l) =>
      `${say("errInvalidOptionArg", { flags: m[1]!, value: m[2]! }, l)}${m[3] ? ` ${reason(m[3].trim(), l)}` : ""}`,
  ],
];

/** The reason commander adds after an invalid value: its "Allowed choices", or ours (flags.ts). */
function reason(text: string, lang: CliLanguage): string {
  const choices = /^Allowed choices are (.*)\.$/.exec(text);
  return choices ? say("errAllowedChoices", { choices: choices[1]! }, lang) : text;
}

/** One error commander wrote (with its "Did you mean" line), in `lang`. */
export function commanderError(text: string, lang: CliLanguage = cliLanguage()): string {
  if (lang === "en") return text;
  const [first = "", ...rest] = text.split("\n");
  const shape = SHAPES.map(([re, said]) => [re.exec(first), said] as const).find(([m]) => m);
  const line = shape ? shape[1](shape[0]!, lang) : first;
  const more = rest.map((r) => {
    const mean = /^\(Did you mean (?:one of )?(.*)\?\)$/.exec(r);
    return mean ? say("errDidYouMean", { names: mean[1]! }, lang) : r;
  });
  return [line, ...more].join("\n");
}

const PARSE_ARGS: Shape[] = [
  [/^Unknown option ('[^']*')/, (m, l) => say("argUnknownOption", { flag: m[1]! }, l)],
  [
    /^Option '([^' ]*)(?: <value>)?' argument missing/,
    (m, l) => say("argValueMissing", { flag: `'${m[1]!}'` }, l),
  ],
  [/^Unexpected argument ('[^']*')/, (m, l) => say("argUnexpected", { value: m[1]! }, l)],
  [/^Option ('[^']*') does not take an argument/, (m, l) => say("argNoValue", { flag: m[1]! }, l)],
];

/** A message of node's parseArgs (the commands that read their own arguments), in `lang`. */
export function parseArgsError(message: string, lang: CliLanguage = cliLanguage()): string {
  if (lang === "en") return message;
  for (const [re, said] of PARSE_ARGS) {
    const m = re.exec(message);
    if (m) return said(m, lang);
  }
  return message;
}
