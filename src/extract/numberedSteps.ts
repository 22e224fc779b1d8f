// Structured steps that are only the first of a method the page numbers on: some sites publish
// the first two or three steps in their structured data while the page shows every step, each
// under its number on a line of its own ("1" / the step / a tip or its ingredients / "2" / …).
// A cook needs the whole method, so the page's numbered steps replace the data's first few.
import type { Instruction } from "../domain/recipe.ts";
import { STEP_LABEL } from "./genericLines.ts";
import { snapshotLines } from "./snapshotLines.ts";
import { loose } from "./visibleList.ts";

// A line that is only a step's number: bare ("3", "3.") or labelled as genericLines reads one
// ("Step 3", "Stap 3", "Étape 3/8": the first number is the step's).
const BARE_NUMBER = /^(\d{1,2})[.):]?$/;
// Lines a step's number may come after its step's text: a tip, the step's own ingredients, a
// heading over the next part; more than these and the numbering has ended.
const MAX_GAP = 6;
// A step read in: a sentence of some length, no run of page chrome.
const MIN_STEP = 15;
const MAX_STEP = 1500;

const numberOf = (line: string): number | null => {
  const t = line.trim();
  const m = BARE_NUMBER.exec(t) ?? (STEP_LABEL.test(t) ? /(\d{1,2})/.exec(t) : null);
  return m ? Number(m[1]) : null;
};

/**
 * The page's numbered method when the structured steps are its first steps, in order, each the line
 * after its number, and the numbering goes on past them; null when the page does not show that.
 */
export function withNumberedVisibleSteps(snapshot: string, steps: Instruction[]): Instruction[] | null {
  if (!steps.length || steps.some((s) => s.section)) return null;
  const keys = steps.map((s) => loose(s.text));
  const snap = snapshotLines(snapshot);
  const text = (i: number) => (i < snap.length ? snap.line(i).trim() : "");
  for (let i = 0; i + 1 < snap.length; i++) {
    if (numberOf(text(i)) !== 1 || loose(text(i + 1)) !== keys[0]) continue;
    const found: string[] = [];
    for (let at = i, n = 1; at >= 0; n++) {
      found.push(text(at + 1));
      let next = -1;
      for (let k = at + 2; k < Math.min(snap.length, at + 2 + MAX_GAP); k++)
        if (numberOf(text(k)) === n + 1) {
          next = k;
          break;
        }
      at = next;
    }
    if (found.length <= steps.length || keys.some((k, j) => loose(found[j]!) !== k)) return null;
    const added = found.slice(steps.length);
    if (added.some((t) => t.length < MIN_STEP || t.length > MAX_STEP || !/\p{L}{3}/u.test(t))) return null;
    return found.map((t, j) => (j < steps.length ? steps[j]! : { text: t, section: null }));
  }
  return null;
}
