// Structured data whose ingredient list is one string, the page's list items glued together
// without their breaks ("3 tbsp oil2 small onions, chopped.3 cloves garlic…"): a cook needs the
// lines the page shows, and those items, joined, are that string letter for letter.
import type { Ingredient } from "../domain/recipe.ts";
import { parseIngredientList } from "./ingredients.ts";

/** Shortest glued string looked at: one ingredient line is seldom longer. */
const MIN_GLUED = 80;
/** Fewest items the string must be cut into. */
const MIN_ITEMS = 3;

// Letters and digits only, folded: the glued string lost the spaces and marks between items.
const squash = (s: string) =>
  s
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "");

/**
 * The page's list items (snapshot lines "- …") when the structured ingredients are one long line
 * that is a run of them joined; null otherwise.
 */
export function withSplitVisibleList(snapshot: string, lines: Ingredient[]): Ingredient[] | null {
  if (lines.length !== 1) return null;
  const want = squash(lines[0]!.text);
  if (lines[0]!.text.length < MIN_GLUED || !want) return null;
  const rows = snapshot.split("\n");
  for (let i = 0; i < rows.length; i++) {
    if (!rows[i]!.startsWith("- ")) continue;
    let glued = "";
    const items: string[] = [];
    for (let j = i; j < rows.length && rows[j]!.startsWith("- "); j++) {
      const text = rows[j]!.slice(2).trim();
      glued += squash(text);
      items.push(text);
      if (!want.startsWith(glued)) break;
      if (glued === want) return items.length >= MIN_ITEMS ? parseIngredientList(items) : null;
    }
  }
  return null;
}
