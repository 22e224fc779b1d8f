// An ingredient line that ran to the column's edge by chance, and the unmarked item after it that
// opens with a capital ("… plus more for garnish" / "Salt and pepper to taste"): nothing on the
// page tells them from a line the typesetter wrapped (same left edge, same spacing), so the words
// decide. Measured on the recipe corpus's ingredient lists, a capital opens about 4% of the items
// that follow an amount-led line, but under 2% of the rests a wrap would leave after such a line,
// when the writer does not capitalise inside the line's last words and the line does not stop where
// a phrase cannot end (a joining word, an open bracket, a number waiting for its unit, a comma).

// A line that opens with an amount, after a list mark if any ("- 2 cups", "• ½ tsp").
const AMOUNT_LINE = /^(?:[-•*·▪◦–—]\s+)?[\d½¼¾⅓⅔⅛⅜⅝⅞]/u;
// A step's number ("1. Heat", "2) Add") is no amount.
const STEP_NUMBER = /^\(?\d{1,2}[.)]-?\s*\p{L}/u;
// The next line's first word: a capital then lower case ("Salt", "Freshly"), not a unit written
// with a capital ("Tbsp pieces", "Tsp"), which a wrap after a number leaves.
const CAPITAL_WORD = /^\p{Lu}\p{Ll}/u;
const CAPITAL_UNIT = /^(?:T(?:bsps?|bs|sps?|bl|l)|C(?:ups?)?|Oz|Lbs?|Kg|Ml|Dl|El|Tl|Pkg)\b/u;
// Words no phrase ends with, in the corpus's languages, and marks that leave the phrase open.
const OPEN_END =
  /(?:(?:^|[\s(])(?:or|and|of|as|the|a|an|one|with|for|in|to|like|e\.g\.|eg|such|plus|about|into|from|at|by|than|oder|und|mit|von|aus|der|die|das|dem|den|zum|zur|im|ou|et|de|du|des|la|le|les|au|aux|à|o|y|e|con|di|del|della|en|og|eller|med|af|til|van|het|een|met|voor|om|um|da|do|dos|das)|[(,;:/&+\-–—.]|\d)$/iu;
// A capitalised word inside the line: a writer who capitalises names ("2 cups Beef Stock").
const CAPITALISED = /^[(["“]?\p{Lu}\p{Ll}/u;

const openBracket = (t: string): boolean =>
  t.split("(").length > t.split(")").length || t.split("[").length > t.split("]").length;

/**
 * Whether `next` opens an ingredient of its own rather than carrying on `prev`, an amount-led line
 * that ran to the edge: `next` opens with a capitalised word, `prev`'s last three words have none,
 * and `prev` ends where an item may end.
 */
export function itemAfterEdge(prev: string, next: string): boolean {
  if (!AMOUNT_LINE.test(prev) || STEP_NUMBER.test(prev)) return false;
  if (!CAPITAL_WORD.test(next) || CAPITAL_UNIT.test(next)) return false;
  if (OPEN_END.test(prev) || openBracket(prev)) return false;
  return !prev
    .split(/\s+/)
    .slice(1)
    .slice(-3)
    .some((w) => CAPITALISED.test(w));
}
