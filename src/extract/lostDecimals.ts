// Structured ingredient lines whose decimal amount lost its whole part: a card plugin that writes
// its list as paragraphs took the "1." of "1.5 tsp grated ginger" for a list's numbering and gave
// "5 tsp grated ginger" in its structured data, while the page still shows "1.5 tsp". A cook needs
// the amount the page shows, so such a line takes the page's.
import type { Ingredient } from "../domain/recipe.ts";
import { parseIngredientLine } from "./ingredients.ts";
import { loose } from "./visibleList.ts";

// A line of the page (a list item or a paragraph) that opens with a decimal amount: its whole part
// and the rest, which is the structured line when the whole part was lost.
const DECIMAL_LINE = /^(?:- )?(\d{1,3})\.(\d[^\n]{0,160})$/gmu;

/**
 * The lines with their decimal amounts as the page shows them, where the structured data cut the
 * whole part off ("5 tsp grated ginger" beside the page's "1.5 tsp grated ginger"); null when no
 * line was cut so.
 */
export function withLostDecimals(snapshot: string, lines: Ingredient[]): Ingredient[] | null {
  if (!lines.some((l) => /^\d/.test(l.text))) return null;
  const shown = new Map<string, string>();
  for (const m of snapshot.matchAll(DECIMAL_LINE)) {
    const whole = `${m[1]}.${m[2]!.trim()}`;
    shown.set(loose(m[2]!), whole);
  }
  if (!shown.size) return null;
  let changed = false;
  const out = lines.map((l) => {
    const page = /^\d/.test(l.text) ? shown.get(loose(l.text)) : undefined;
    if (!page) return l;
    changed = true;
    return parseIngredientLine(page, l.section);
  });
  return changed ? out : null;
}
