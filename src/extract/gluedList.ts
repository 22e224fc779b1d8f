// Structured data whose ingredient list is one string, the page's list items glued together
// without their breaks ("3 tbsp oil2 small onions, chopped.3 cloves garlic…"): a cook needs the
// lines the page shows, and those items, joined, are that string letter for letter.
import type { Ingredient } from "../domain/recipe.ts";
import { parseIngredientList } from "./ingredients.ts";
import { snapshotLines } from "./snapshotLines.ts";

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
  const rows = snapshotLines(snapshot);
  for (let i = 0; i < rows.length; i++) {
    if (!rows.isItem(i)) continue;
    let glued = "";
    const items: string[] = [];
    for (let j = i; j < rows.length && rows.isItem(j); j++) {
      const text = rows.line(j).slice(2).trim();
      glued += squash(text);
      items.push(text);
      if (!want.startsWith(glued)) break;
      if (glued === want) return items.length >= MIN_ITEMS ? parseIngredientList(items) : null;
    }
  }
  return null;
}

// What a structured line puts between two of the page's items it joins: a comma, a semicolon, or
// "and" in the languages of the pages read.
const JOINER = String.raw`\s*(?:[,;+&]|\s(?:and|und|et|y|e|en|och|og|i|a)\s)\s*`;
const JOINED_AT = new RegExp(JOINER.replace(String.raw`\s*`, ""), "iu");
// Printable ASCII is its own compatibility form: most lines skip the costly fold.
const NON_ASCII = /[^\x20-\x7e]/;
const fold = (s: string) =>
  (NON_ASCII.test(s) ? s.normalize("NFKC") : s).toLowerCase().replace(/\s+/g, " ").trim();
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The structured lines with each one that joins two or three of the page's list items ("2 eggs,
 * 1 cup milk" where the page lists "2 eggs" and "1 cup milk" apart) cut into those items; null
 * when no line does. A line the page lists whole stays one.
 */
export function withJoinedLinesSplit(snapshot: string, lines: Ingredient[]): Ingredient[] | null {
  // Only a line with a joiner in it may join items: the page's items are read only then.
  if (lines.length < 2 || !lines.some((l) => JOINED_AT.test(l.text))) return null;
  const items = snapshotLines(snapshot).items();
  if (items.length < 3) return null;
  const folded = items.map(fold);
  const shown = new Set(folded);
  let changed = false;
  const out: Ingredient[] = [];
  for (const line of lines) {
    const text = fold(line.text);
    const parts = !JOINED_AT.test(text) || shown.has(text) ? null : joinedItems(text, items, folded);
    if (!parts) {
      out.push(line);
      continue;
    }
    changed = true;
    out.push(...parseIngredientList(parts, line.section));
  }
  return changed ? out : null;
}

/** The run of two or three consecutive items the folded line joins, as the page writes them. */
function joinedItems(line: string, items: string[], folded: string[]): string[] | null {
  for (let i = 0; i < items.length; i++) {
    const first = folded[i]!;
    if (first.length < 3 || !line.startsWith(first) || first === line) continue;
    for (let n = 2; n <= 3 && i + n <= items.length; n++) {
      const run = folded.slice(i, i + n);
      if (run.some((t) => t.length < 3)) break;
      const re = new RegExp(`^${run.map(escape).join(JOINER)}\\.?$`, "u");
      if (re.test(line)) return items.slice(i, i + n);
    }
  }
  return null;
}
