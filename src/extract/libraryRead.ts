import { parseIngredient } from "parse-ingredient";
import { OPTIONS } from "./ingredientUnits.ts";

/** parse-ingredient's reading of one line. */
export type Parsed = ReturnType<typeof parseIngredient>[number];

// parse-ingredient's reading of lines already met, by line (trimmed): the same line gives the same
// reading, and "1 teaspoon salt" is on many pages (of the 6,264 ingredient list lines of the 512
// corpus pages, one in six repeats one met before). The library was 15-30% of the ingredient
// stage in profiles of a cold run (numeric-quantity tries every prefix of an amount). Bounded:
// emptied when full. The readings are only read, never changed.
const LIBRARY_MAX = 4096;
const libraryReadings = new Map<string, Parsed | undefined>();

/**
 * parse-ingredient's reading of each line (trimmed, non-empty, with no line break: as one item of
 * a list given to it), those not met before read in one call (it builds its unit tables and
 * patterns on every call).
 */
export function libraryRead(lines: string[]): (Parsed | undefined)[] {
  const missing = [...new Set(lines.filter((l) => !libraryReadings.has(l)))];
  if (missing.length) {
    if (libraryReadings.size + missing.length > LIBRARY_MAX) libraryReadings.clear();
    const read = parseIngredient(missing, OPTIONS);
    missing.forEach((l, i) => libraryReadings.set(l, read[i]));
  }
  return lines.map((l) => libraryReadings.get(l));
}

/** parse-ingredient's first reading of `text` (`parseIngredient(text, OPTIONS)[0]`). */
export function libraryReadOne(text: string): Parsed | undefined {
  const t = text.trim();
  // A line break makes several lines of one text: read as the library reads them.
  if (!t || t.includes("\n")) return parseIngredient(text, OPTIONS)[0];
  return libraryRead([t])[0];
}
