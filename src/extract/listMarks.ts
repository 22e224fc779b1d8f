// Lines of an ingredient list that are not ingredients, by their shape: a table's column heads
// ("Ingredient | Amount", "Zutat Menge"), a yield stated among the lines ("Serves 4", "Makes 12
// muffins"), and group headings the structured data marks as a document would (a markdown
// heading "## Sauce", a name framed by dashes "--- Topping ---"; not a line in bold, which
// structured data gives ingredients too: "<strong>Salt</strong>", failureClasses.test.ts).

// The words a list's table heads its columns with, in the languages of the pages read.
const COLUMN_WORD =
  /^(?:ingredients?|zutat(?:en)?|ingrédients?|ingredientes?|ingredienti|ingrediënt(?:en)?|ingrediens|składniki?|amounts?|quantity|quantities|qty|measures?|menge|anzahl|quantités?|cantidad(?:es)?|quantità|hoeveelheid|mängd|mængde|ilość|quantidade)$/iu;

/** A line that only heads a table's columns: one to three column words ("Ingredient", "Amount"). */
export function isColumnHead(line: string): boolean {
  const words = line
    .replace(/[:：]\s*$/u, "")
    .split(/[\s|/]+/u)
    .filter(Boolean);
  return words.length >= 1 && words.length <= 3 && words.every((w) => COLUMN_WORD.test(w));
}

// "Serves 4", "Serves 4-6", "Makes 12 muffins", "Yield: 8 servings", "Portionen: 4": what the
// recipe makes, said in the list; a count with a word or two after it, never a measure's line.
const YIELD_LINE =
  /^(?:serves|makes|yields?|servings|portions?|portionen|porciones|porções|porzioni|personnes)\s*:?\s*(?:about\s+|approx\.?\s+|ca\.?\s+)?\d+(?:\s*[-–]\s*\d+)?(?:\s+[\p{L}-]+){0,2}\.?$/iu;

/** A line of the list stating the recipe's yield. */
export const isYieldLine = (line: string): boolean => YIELD_LINE.test(line.trim());

// A heading marked as a document marks one: "## Sauce", "--- Topping ---", "== Glaze ==", "*Filling*".
const MARKED_HEADING =
  /^\s*(?:#{1,6}\s+(.{1,60}?)\s*#*|[-=*_~]{2,}\s*(.{1,60}?)\s*[-=*_~]{2,}|\*\s*(.{1,60}?)\s*\*)\s*$/u;
/**
 * The group a structured ingredient string marks as its heading ("Sauce" for "## Sauce"), null
 * for a line; a marked line that states an amount ("**2 eggs**") is a line.
 */
export function markedHeading(raw: string): string | null {
  const m = MARKED_HEADING.exec(raw);
  const name = m ? (m[1] ?? m[2] ?? m[3])?.replace(/:$/, "").trim() : null;
  return name && !/\d/.test(name) ? name : null;
}
