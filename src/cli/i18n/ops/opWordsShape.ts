/**
 * One language's words for the data commands: `fields` by input field name (the same field says
 * the same thing in most operations), `ops` by operation name: `d` what the command does, `o` the
 * words of a field where that operation means something of its own by it. The extras `set`,
 * `file`, `accept` and the page file argument `htmlFile` are fields too.
 */
export interface OpWords {
  fields: Record<string, string>;
  ops: Record<string, { d: string; o?: Record<string, string> }>;
}
