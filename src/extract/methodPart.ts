import { STEP_LABEL, stepLike } from "./genericLines.ts";
import { METHOD_INTRO } from "./genericSteps.ts";
import type { Block } from "./pageBlocks.ts";

// A method written in parts, each under a heading of one rank worded alike ("Como preparar a
// Calda", then "Como preparar o Bolo"; "How to make the crust", "How to make the filling").

// A heading's first two words, lower-cased: how a page words the headings of one series.
const LEAD = /^\p{L}+\s+\p{L}+(?=\s)/u;
const lead = (t: string): string | undefined => LEAD.exec(t.toLowerCase())?.[0];
const isHeading = (b: Block): boolean => b.level >= 1 && b.level <= 6;

/**
 * The heading that titles the part of the method read from `start` on: the nearest heading of
 * rank `rank` before it (the section's own heading when it has that rank). Null when none.
 */
export function partTitle(blocks: Block[], start: number, rank: number): string | null {
  for (let k = start; k >= 0 && k > start - 40; k--) {
    const b = blocks[k]!;
    if (b.level === rank) return b.text;
    if (isHeading(b) && b.level < rank) return null;
  }
  return null;
}

/**
 * Whether the heading at `j` opens another part of the method whose first part `title` heads: its
 * first two words are the title's (the two differ, both short), and after it, past a count of its
 * steps ("Modo de Preparo em 8 passos.") and step labels ("Passo 1"), a step follows.
 */
export function opensMethodPart(blocks: Block[], j: number, title: string): boolean {
  const h = blocks[j]!.text;
  const first = lead(h);
  if (!first || h.length > 60 || title.length > 60 || h === title || lead(title) !== first) return false;
  let k = j + 1;
  while (blocks[k] && (STEP_LABEL.test(blocks[k]!.text) || METHOD_INTRO.test(blocks[k]!.text))) k++;
  const next = blocks[k];
  return !!next && !isHeading(next) && stepLike(next.text);
}
