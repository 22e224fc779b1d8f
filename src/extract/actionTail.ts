import type { Block } from "./pageBlocks.ts";
import { ingredientLike, measured, plainItem } from "./genericLines.ts";

// A list widget's link printed after every item ("3 chicken breasts, diced shopping list"): the
// action's words end the line, glued to the ingredient the way the link sits after it.
const ACTION_TAIL =
  /\s+(?:add to (?:my |your |the )?)?(?:shopping list|einkaufsliste|lista della spesa|liste de courses|boodschappenlijst|lista de la compra|lista de compras|indkøbsliste|inköpslista|handleliste)$/iu;
// What the action's own words leave when they are the whole line ("Add to", "View your").
const ACTION_WORDS_LEFT = /^(?:.*\s)?(?:add|save|send|view|print|to|your|my|the|go|on|in|for)$/iu;

const plainItemOrMeasured = (t: string): boolean =>
  measured(t) || ingredientLike(t) || plainItem({ text: t, level: 0, item: true });

/**
 * A list item without a widget's action glued at its end, when what is left is an item of the
 * list; the block as it is otherwise (a line that is only the action stays one, for the widget
 * filter to drop).
 */
export function withoutActionTail(b: Block): Block {
  const m = ACTION_TAIL.exec(b.text);
  if (!m) return b;
  const rest = b.text.slice(0, m.index).trim();
  if (rest.length < 3 || ACTION_WORDS_LEFT.test(rest)) return b;
  // An amount or a note after a comma says an item is left ("salt, to taste"); a widget's own
  // words ("salva nella", "vai alla" before "lista della spesa") say neither.
  return /[\d,]/.test(rest) && plainItemOrMeasured(rest) ? { ...b, text: rest } : b;
}
