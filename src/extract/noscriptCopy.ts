import { findAll, innerText, type Document } from "./dom.ts";

// A copy long enough to be a recipe's head, not a tracking pixel's or a "please enable JavaScript".
const LEAST = 200;

/**
 * The text of a page's `<noscript>` copies, for a page whose recipe only its script shows (the
 * lists read from its app state): such a page prints the recipe's head (its "Total Time 35 Mins",
 * "Serves 4") inside `<noscript>` for readers without script, where the page text, which skips
 * `<noscript>`, never sees it, and the menus and teasers it does see state other dishes' times.
 * Empty when no copy is long enough.
 */
export function noscriptCopy(doc: Document): string {
  return findAll(doc, (el) => el.name === "noscript")
    .map((el) => el.children.map((c) => innerText(c)).join(""))
    .filter((t) => t.replace(/\s+/g, " ").trim().length >= LEAST)
    .join("\n")
    .replace(/[ \t]*\n\s*/g, "\n")
    .trim();
}
