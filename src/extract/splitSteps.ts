// Structured steps that are blobs of several steps the page shows apart: a HowToStep whose text
// joins three list items of the page's method (its line breaks lost or kept), a string of steps
// that runs the page's list items together. A cook reads the steps the page shows; the words are
// the structured data's, letter for letter, only cut where the page cuts them.
import type { Instruction } from "../domain/recipe.ts";
import { snapshotLines, type SnapshotLines } from "./snapshotLines.ts";
import { loose } from "./visibleList.ts";

// A step and the page's lines are matched by their letters and digits only, folded (marks,
// spaces and numbering signs differ between the two): the page lists' own fold.
const squash = loose;

// A step holding more than one sentence: the only kind that may be several steps.
const TWO_SENTENCES = /[.!?)](?:\s*|\s*\n\s*)\p{Lu}/u;
// A part of a step that is a step of its own: it opens as a sentence does and, unless it is the
// last part, ends one, so a line the page wraps mid-sentence ("…to 180°C<br>and grease…") never cuts.
const OPENS = /^[\p{Lu}\p{N}¿¡"'“‘(]/u;
const ENDS = /[.!?)…]["'”’]?$/u;
/** Shortest part matched by its letters: a shorter line may be any page's word. */
const MIN_PART = 12;

interface Row {
  text: string;
  key: string;
}

/**
 * The steps the page shows apart where one structured step joins them: the snapshot (the page's
 * text, `- ` for list items) holds items of one list that, in order, make up the step letter for
 * letter, each a sentence or more. Null when no step is cut.
 */
export function withSplitVisibleSteps(snapshot: string, steps: Instruction[]): Instruction[] | null {
  if (!steps.some((s) => TWO_SENTENCES.test(s.text))) return null;
  const lines = snapshotLines(snapshot);
  const rows: (Row | null | undefined)[] = new Array(lines.length);
  // Only list items are parts: a step's paragraphs or line breaks inside one item (a card's step
  // with its tip under it) stay the one step the structured data makes them. A line's key is made
  // only when it is looked at.
  const row = (i: number): Row | null => {
    let r = rows[i];
    if (r === undefined) {
      const l = lines.line(i);
      const text = l.slice(2).trim();
      const key = l.startsWith("- ") ? squash(text) : "";
      r = rows[i] = key.length >= MIN_PART ? { text, key } : null;
    }
    return r;
  };
  const out: Instruction[] = [];
  let from = 0;
  let cut = false;
  for (const step of steps) {
    const want = TWO_SENTENCES.test(step.text) ? squash(step.text) : "";
    // The page's items that make up the step are looked for first: most steps have none, and
    // looking for the step whole folded every page line of about its length (most of this cost).
    const found = want ? partsOf(want, row, lines.length, from) : null;
    const parts = found && !shownWhole(want, step.text.length, lines) ? found : null;
    if (!parts) {
      out.push(step);
      continue;
    }
    cut = true;
    from = parts.at(-1)! + 1;
    parts.forEach((i, n) => {
      const part: Instruction = { text: row(i)!.text, section: step.section };
      if (n === 0 && step.title) part.title = step.title;
      out.push(part);
    });
  }
  return cut ? out : null;
}

/** The page's lines (by number, from `from` on) that make up `want` in order, two or more; null when none do. */
function partsOf(want: string, row: (i: number) => Row | null, n: number, from: number): number[] | null {
  for (let i = from; i < n; i++) {
    const r = row(i);
    if (!r || r.key.length >= want.length || !want.startsWith(r.key) || !OPENS.test(r.text)) continue;
    const parts = [i];
    let rest = want.slice(r.key.length);
    let last = r;
    // The parts are items of one list, one after the other.
    for (let j = i + 1; rest && j < n; j++) {
      const next = row(j);
      if (!next || !rest.startsWith(next.key) || !ENDS.test(last.text) || !OPENS.test(next.text)) break;
      parts.push(j);
      rest = rest.slice(next.key.length);
      last = next;
    }
    if (!rest) return parts;
  }
  return null;
}

/**
 * Whether the page also shows the step whole on one line: the card's own step, where the list that
 * cuts it is the post's summary of the method above the card.
 */
function shownWhole(want: string, length: number, lines: SnapshotLines): boolean {
  for (let i = 0; i < lines.length; i++) {
    const n = lines.end(i) - lines.start(i);
    if (n > length * 0.7 && n < length * 1.5 + 4 && squash(lines.line(i)) === want) return true;
  }
  return false;
}
